/* MPI-5.0's Fortran ABI registration (MPI_Abi_{get,set}_fortran_{info,booleans}, §21.4.1) for
 * applications of the standard ABI (interface mode). wi4mpi's Fortran layer is built for the
 * conventions these functions report, so the implementation knows them: the getters report them
 * and the setters return MPI_ERR_ABI, as the standard says of properties already set. Results are
 * the application's error codes. */
#ifndef WI_ABI_FORTRAN_H
#define WI_ABI_FORTRAN_H

#include "wi_abi.h"
#include "wi_defs.h"

#if defined(A_MPI_ABI_VERSION) /* the application's ABI is the standard's */

/* A new info object: the sizes of the default LOGICAL, INTEGER, REAL and DOUBLE PRECISION and, for
 * each optional Fortran type, whether both the compiler (gfortran) and the runtime support it. */
WI_HIDDEN int wi_abi_get_fortran_info(A_MPI_Info *info);

/* The LOGICAL values of size logical_size (1, 2, 4, 8 or 16 bytes, else MPI_ERR_ARG): .TRUE. as
 * the Fortran layer writes it, .FALSE. 0; *is_set is true. */
WI_HIDDEN int wi_abi_get_fortran_booleans(int logical_size, void *logical_true, void *logical_false, int *is_set);

/* MPI_ERR_ARG for a logical_size the getter refuses, otherwise MPI_ERR_ABI: already known. */
WI_HIDDEN int wi_abi_set_fortran_booleans(int logical_size, void *logical_true, void *logical_false);

/* MPI_ERR_ABI: the Fortran types are already known. */
WI_HIDDEN int wi_abi_set_fortran_info(A_MPI_Info info);

#endif
#endif
