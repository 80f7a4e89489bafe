/* Calls the application's MPI accepts before MPI_Init and after MPI_Finalize that the runtime refuses
 * then (docs/lifecycle.md): MPICH aborts on MPI_Wtime and MPI_Wtick, which Open MPI answers at any
 * time; Open MPI aborts on MPI_Error_class and MPI_Error_string, which MPICH and the standard allow at
 * any time. Outside the runtime's init-finalize interval wi4mpi computes those calls itself.
 *
 * The translated functions (hook "anytime", and the hooks of MPI_Error_class / MPI_Error_string) test
 * wi_lifecycle_active() first: one load of a flag, set once the runtime is known to be initialized,
 * so a call between MPI_Init and MPI_Finalize costs one predictable branch and no runtime call. */
#ifndef WI_LIFECYCLE_H
#define WI_LIFECYCLE_H

#include "wi_abi.h"
#include "wi_defs.h"

enum wi_lifecycle_state {
    WI_LIFECYCLE_UNKNOWN = 0, /* not known to be initialized: asked on each cold call */
    WI_LIFECYCLE_ACTIVE = 1,  /* initialized and not finalized */
    WI_LIFECYCLE_SHIFTED = 2, /* the same, MPI_Wtime continuing wi4mpi's clock (wi_lifecycle.c) */
    WI_LIFECYCLE_FINALIZED = 3
};

/* The functions wi4mpi may serve. */
enum wi_lifecycle_fn {
    WI_LIFECYCLE_WTIME,
    WI_LIFECYCLE_WTICK,
    WI_LIFECYCLE_ERROR_CLASS,
    WI_LIFECYCLE_ERROR_STRING,
    WI_LIFECYCLE_INFO /* the MPI_Info_* calls (wi_info_detached.h) */
};

WI_HIDDEN extern int wi_lifecycle_state;

WI_INLINE int wi_lifecycle_active(void)
{
    return __atomic_load_n(&wi_lifecycle_state, __ATOMIC_RELAXED) == WI_LIFECYCLE_ACTIVE;
}

/* Outside the active state: whether wi4mpi answers fn itself now, because the runtime is not
 * initialized, or finalized, and refuses fn then (or MPI_Wtime is shifted). Asks the runtime
 * (R_PMPI_Initialized, R_PMPI_Finalized, which both families accept at any time) while its state is
 * unknown and records what it learns. */
WI_HIDDEN int wi_lifecycle_served(enum wi_lifecycle_fn fn);

/* Whether the runtime is between MPI_Init and MPI_Finalize, asked as wi_lifecycle_served asks it
 * (the substitute datatypes are created then only). Cross pairs only. */
WI_HIDDEN int wi_lifecycle_runtime_active(void);

/* The served calls, with the application's prototypes. MPI_Wtime is the runtime's clock (MPICH:
 * CLOCK_REALTIME from the start of the hour), continuous across MPI_Init and MPI_Finalize. */
WI_HIDDEN double wi_lifecycle_wtime(void);
WI_HIDDEN double wi_lifecycle_wtick(void);
/* Predefined classes of the application's ABI only: any other code is MPI_ERR_ARG. */
WI_HIDDEN int wi_lifecycle_error_class(int errorcode, int *errorclass);
WI_HIDDEN int wi_lifecycle_error_string(int errorcode, char *string, int *resultlen);

/* MPI_Finalize's hook: before the call (the runtime still tells its clock), and after it succeeded. */
WI_HIDDEN void wi_lifecycle_finalizing(void);
WI_HIDDEN void wi_lifecycle_finalized(void);

#endif
