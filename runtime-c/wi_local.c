/* See wi_local.h. */
#include "wi_local.h"

#if !WI_IDENTITY

/* The AP_ functions called (wi_functions.c): translated calls of the runtime's PMPI_ entries, which a
 * tool below the translation does not count (the application did not make these calls). */
WI_HIDDEN int AP_MPI_Request_get_status(A_MPI_Request request, int *flag, A_MPI_Status *status);
WI_HIDDEN int AP_MPI_Status_set_elements_x(A_MPI_Status *status, A_MPI_Datatype datatype, A_MPI_Count count);
WI_HIDDEN int AP_MPI_Info_create(A_MPI_Info *info);
WI_HIDDEN int AP_MPI_Info_set(A_MPI_Info info, const char *key, const char *value);

int wi_local_status_set_elements_c(A_MPI_Status *status, A_MPI_Datatype datatype, A_MPI_Count count)
{
    return AP_MPI_Status_set_elements_x(status, datatype, count);
}

int wi_local_request_get_status_any(int count, const A_MPI_Request *array_of_requests, int *indx, int *flag,
                                    A_MPI_Status *status)
{
    int rc = A_MPI_SUCCESS, active = 0;
    *flag = 0;
    *indx = A_MPI_UNDEFINED;
    for (int i = 0; i < count && rc == A_MPI_SUCCESS && !*flag; i++) {
        if (array_of_requests[i] == A_MPI_REQUEST_NULL)
            continue;
        active = 1;
        rc = AP_MPI_Request_get_status(array_of_requests[i], flag, status);
        if (rc == A_MPI_SUCCESS && *flag)
            *indx = i;
    }
    if (rc == A_MPI_SUCCESS && !active) {
        /* the empty status, as MPI_Request_get_status gives it for MPI_REQUEST_NULL */
        int unused;
        *flag = 1;
        rc = AP_MPI_Request_get_status(A_MPI_REQUEST_NULL, &unused, status);
    }
    return rc;
}

int wi_local_request_get_status_all(int count, const A_MPI_Request *array_of_requests, int *flag,
                                    A_MPI_Status *array_of_statuses)
{
    int rc = A_MPI_SUCCESS, done = 1;
    for (int i = 0; i < count && rc == A_MPI_SUCCESS && done; i++)
        rc = AP_MPI_Request_get_status(array_of_requests[i], &done, A_MPI_STATUS_IGNORE);
    /* the statuses are written only once all have completed */
    if (rc == A_MPI_SUCCESS && done && array_of_statuses != A_MPI_STATUSES_IGNORE)
        for (int i = 0; i < count && rc == A_MPI_SUCCESS; i++)
            rc = AP_MPI_Request_get_status(array_of_requests[i], &done, &array_of_statuses[i]);
    *flag = rc == A_MPI_SUCCESS && done;
    return rc;
}

int wi_local_request_get_status_some(int incount, const A_MPI_Request *array_of_requests, int *outcount,
                                     int *array_of_indices, A_MPI_Status *array_of_statuses)
{
    int rc = A_MPI_SUCCESS, active = 0, flag = 0;
    *outcount = 0;
    for (int i = 0; i < incount && rc == A_MPI_SUCCESS; i++) {
        if (array_of_requests[i] == A_MPI_REQUEST_NULL)
            continue;
        active = 1;
        A_MPI_Status *status =
            array_of_statuses == A_MPI_STATUSES_IGNORE ? A_MPI_STATUS_IGNORE : &array_of_statuses[*outcount];
        rc = AP_MPI_Request_get_status(array_of_requests[i], &flag, status);
        if (rc == A_MPI_SUCCESS && flag)
            array_of_indices[(*outcount)++] = i;
    }
    if (!active)
        *outcount = A_MPI_UNDEFINED;
    return rc;
}

/* The C pair types take MPI_INT as index; the Fortran ones the value's own type. */
static A_MPI_Datatype wi_pair_type(A_MPI_Datatype value_type, A_MPI_Datatype index_type)
{
    if (index_type == A_MPI_INT) {
        if (value_type == A_MPI_FLOAT)
            return A_MPI_FLOAT_INT;
        if (value_type == A_MPI_DOUBLE)
            return A_MPI_DOUBLE_INT;
        if (value_type == A_MPI_LONG)
            return A_MPI_LONG_INT;
        if (value_type == A_MPI_SHORT)
            return A_MPI_SHORT_INT;
        if (value_type == A_MPI_INT)
            return A_MPI_2INT;
        if (value_type == A_MPI_LONG_DOUBLE)
            return A_MPI_LONG_DOUBLE_INT;
        return A_MPI_DATATYPE_NULL;
    }
    if (value_type != index_type)
        return A_MPI_DATATYPE_NULL;
    if (value_type == A_MPI_REAL)
        return A_MPI_2REAL;
    if (value_type == A_MPI_DOUBLE_PRECISION)
        return A_MPI_2DOUBLE_PRECISION;
    if (value_type == A_MPI_INTEGER)
        return A_MPI_2INTEGER;
    return A_MPI_DATATYPE_NULL;
}

int wi_local_type_get_value_index(A_MPI_Datatype value_type, A_MPI_Datatype index_type, A_MPI_Datatype *pair_type)
{
    *pair_type = wi_pair_type(value_type, index_type);
    return A_MPI_SUCCESS;
}

int wi_local_abi_get_info(A_MPI_Info *info)
{
    static const char *const keys[] = {"mpi_aint_size", "mpi_count_size", "mpi_offset_size"};
    int rc = AP_MPI_Info_create(info);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0] && rc == A_MPI_SUCCESS; i++)
        rc = AP_MPI_Info_set(*info, keys[i], "8");
    return rc;
}

#if defined(A_MPI_ABI_VERSION)
int wi_local_abi_get_version(int *abi_major, int *abi_minor)
{
    *abi_major = A_MPI_ABI_VERSION;
    *abi_minor = A_MPI_ABI_SUBVERSION;
    return A_MPI_SUCCESS;
}
#endif

#endif
