/* MPI functions the application's ABI alone defines, which wi4mpi computes without calling the
 * runtime's function (functions.json "local"; cross pairs, and identity pairs whose runtime lacks
 * the function): status fields, MPI-4.1's status queries of several
 * requests, predefined pair datatypes, address arithmetic, the ABI's own description. Each takes the
 * MPI function's arguments in the application's types and returns its result: an application error
 * code where the MPI function returns one. Those that need the runtime call the A_ functions of
 * wi_functions.c, which translate as for any call. */
#ifndef WI_LOCAL_H
#define WI_LOCAL_H

#include "wi_abi.h"
#include "wi_defs.h"

/* The trivial ones are inline: the A_ function compiles to what it would be with the C written in it. */

/* In every pair: an identity pair's runtime may lack these too (MPIX_Query_cuda_support where Open
 * MPI was built without CUDA). */

/* MPI_Status_c2f/f2c: the application's Fortran status is its C status, word for word. */
WI_INLINE int wi_local_status_c2f(const A_MPI_Status *c_status, A_MPI_Fint *f_status)
{
    __builtin_memcpy(f_status, c_status, sizeof(A_MPI_Status));
    return A_MPI_SUCCESS;
}

WI_INLINE int wi_local_status_f2c(const A_MPI_Fint *f_status, A_MPI_Status *c_status)
{
    __builtin_memcpy(c_status, f_status, sizeof(A_MPI_Status));
    return A_MPI_SUCCESS;
}

/* MPI_Aint_add/_diff: plain arithmetic on the application's addresses. */
WI_INLINE A_MPI_Aint wi_local_aint_add(A_MPI_Aint base, A_MPI_Aint disp)
{
    return base + disp;
}

WI_INLINE A_MPI_Aint wi_local_aint_diff(A_MPI_Aint addr1, A_MPI_Aint addr2)
{
    return addr1 - addr2;
}

/* MPIX_Query_cuda/ze/hip_support: wi4mpi passes no device buffer through, so none is supported. */
WI_INLINE int wi_local_no_device_support(void)
{
    return 0;
}

#if !WI_IDENTITY /* the others call translated A_ functions, which identity pairs do not have */

#include "wi_status.h"

/* MPI_Status_get_source/_tag/_error and their setters (MPI-4.1): the field at the application's offset. */
WI_INLINE int wi_local_status_get_source(const A_MPI_Status *status, int *source)
{
    *source = wi_status_get_int(status, A_STATUS_SOURCE);
    return A_MPI_SUCCESS;
}

WI_INLINE int wi_local_status_set_source(A_MPI_Status *status, int source)
{
    wi_status_set_int(status, A_STATUS_SOURCE, source);
    return A_MPI_SUCCESS;
}

WI_INLINE int wi_local_status_get_tag(const A_MPI_Status *status, int *tag)
{
    *tag = wi_status_get_int(status, A_STATUS_TAG);
    return A_MPI_SUCCESS;
}

WI_INLINE int wi_local_status_set_tag(A_MPI_Status *status, int tag)
{
    wi_status_set_int(status, A_STATUS_TAG, tag);
    return A_MPI_SUCCESS;
}

WI_INLINE int wi_local_status_get_error(const A_MPI_Status *status, int *error)
{
    *error = wi_status_get_int(status, A_STATUS_ERROR);
    return A_MPI_SUCCESS;
}

WI_INLINE int wi_local_status_set_error(A_MPI_Status *status, int error)
{
    wi_status_set_int(status, A_STATUS_ERROR, error);
    return A_MPI_SUCCESS;
}

/* MPI_Status_set_elements_c: MPI_Status_set_elements_x, whose count is an MPI_Count too. */
WI_HIDDEN int wi_local_status_set_elements_c(A_MPI_Status *status, A_MPI_Datatype datatype, A_MPI_Count count);

/* MPI_Request_get_status_any/_all/_some (MPI-4.1) from MPI_Request_get_status, which neither frees
 * nor deactivates a request. _any: the first active completed request's index and status; no active
 * request: *flag true, *indx MPI_UNDEFINED and the empty status. _all: true once every request has
 * completed, then every status (MPI_Request_get_status of each); before that no status is written.
 * _some: the indices and statuses of the active completed requests; no active request: *outcount
 * MPI_UNDEFINED. The first failing MPI_Request_get_status ends the loop with its code. */
WI_HIDDEN int wi_local_request_get_status_any(int count, const A_MPI_Request *array_of_requests, int *indx,
                                              int *flag, A_MPI_Status *status);
WI_HIDDEN int wi_local_request_get_status_all(int count, const A_MPI_Request *array_of_requests, int *flag,
                                              A_MPI_Status *array_of_statuses);
WI_HIDDEN int wi_local_request_get_status_some(int incount, const A_MPI_Request *array_of_requests, int *outcount,
                                               int *array_of_indices, A_MPI_Status *array_of_statuses);

/* MPI_Type_get_value_index (MPI-4.1): the predefined pair type of value_type and index_type
 * (MPI_FLOAT_INT for MPI_FLOAT and MPI_INT, MPI_2REAL for MPI_REAL twice, ...), MPI_DATATYPE_NULL
 * where there is none. */
WI_HIDDEN int wi_local_type_get_value_index(A_MPI_Datatype value_type, A_MPI_Datatype index_type,
                                           A_MPI_Datatype *pair_type);

/* MPI_Abi_get_info (MPI-5.0): a new info object with the ABI's integer sizes, mpi_aint_size,
 * mpi_count_size and mpi_offset_size, all 8. */
WI_HIDDEN int wi_local_abi_get_info(A_MPI_Info *info);

#if defined(A_MPI_ABI_VERSION) /* the application's ABI is the standard's */
/* MPI_Abi_get_version (MPI-5.0): the version of the standard ABI the application was built for. */
WI_HIDDEN int wi_local_abi_get_version(int *abi_major, int *abi_minor);
#endif

#endif
#endif
