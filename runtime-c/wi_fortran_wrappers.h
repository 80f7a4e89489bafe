/* What the generated Fortran wrappers (wi_fortran.c) use that depends on no pair's model: the
 * visibility of the symbols they export, the lengths of their arrays, the datatype they build for a
 * non-contiguous mpi_f08 section. Wrappers work with the application's handles and call the A_
 * functions of wi_functions.c, as the application's own calls do; the calls made here for the
 * wrappers' own needs go to the AP_ functions (the runtime's PMPI_ entries), which a PMPI tool below
 * the translation does not count. */
#ifndef WI_FORTRAN_WRAPPERS_H
#define WI_FORTRAN_WRAPPERS_H

#include <limits.h>
#include <stddef.h>

#include "wi_abi.h"
#include "wi_defs.h"

/* The Fortran procedures and common blocks the application links against. */
#define WI_EXPORTED __attribute__((visibility("default")))

#if !WI_IDENTITY /* identity pairs keep the application's own Fortran library */

#include "wi_comm_lengths.h"
#include "wi_convert.h"
#include "wi_tls.h"
#include "wi_translate.h"

WI_HIDDEN int AP_MPI_Comm_size(A_MPI_Comm comm, int *size);
WI_HIDDEN int AP_MPI_Comm_remote_size(A_MPI_Comm comm, int *size);
WI_HIDDEN int AP_MPI_Comm_test_inter(A_MPI_Comm comm, int *flag);
WI_HIDDEN int AP_MPI_Comm_rank(A_MPI_Comm comm, int *rank);

/* Array lengths that depend on a communicator, asked of the application's communicator. */
static inline int wi_f_comm_size(A_MPI_Comm comm)
{
    int n = 0;
    AP_MPI_Comm_size(comm, &n);
    return n;
}

static inline int wi_f_comm_remote_size(A_MPI_Comm comm)
{
    int n = 0;
    AP_MPI_Comm_remote_size(comm, &n);
    return n;
}

static inline int wi_f_comm_peers(A_MPI_Comm comm)
{
    int inter = 0;
    AP_MPI_Comm_test_inter(comm, &inter);
    return inter ? wi_f_comm_remote_size(comm) : wi_f_comm_size(comm);
}

/* An array significant at the root alone (@root_peers): one entry per peer at the root (rank root of
 * an intracommunicator, the process passing MPI_ROOT on an intercommunicator), none elsewhere. */
static inline int wi_f_root_peers(A_MPI_Comm comm, int root)
{
    int inter = 0, rank = -1;
    if (AP_MPI_Comm_test_inter(comm, &inter) != A_MPI_SUCCESS)
        return 0; /* an invalid communicator reaches the error handler from the call itself */
    if (inter)
        return root == A_MPI_ROOT ? wi_f_comm_remote_size(comm) : 0;
    AP_MPI_Comm_rank(comm, &rank);
    return rank == root ? wi_f_comm_size(comm) : 0;
}

/* The neighbours of a topology communicator (MPI_Neighbor_alltoallw's arrays), asked of the runtime. */
static inline int wi_f_comm_degree(A_MPI_Comm comm, int out)
{
    int saved = wi_in_w_enter();
    int n = wi_comm_degree_r(wi_comm_a2r(comm), out);
    wi_in_w_restore(saved);
    return n;
}

/*
 * A choice buffer that arrives as a non-contiguous array section (mpi_f08, TS 29113): count items of
 * datatype fill its N elements, count / N per element. The call gets one item of a datatype built
 * for the section (hvectors over its dimensions, byte strides from the descriptor); *made is that
 * datatype, freed by the caller after the call. A contiguous buffer is passed as it is. Returns the
 * address of the section's first element; stops the program naming function where no datatype can
 * describe the section.
 */
WI_HIDDEN void *wi_f08_section(const void *descriptor, A_MPI_Count *count, A_MPI_Fint *datatype,
                               A_MPI_Datatype *made, const char *function);

#endif
#endif
