/* See fake_application.h. */
#include "fake_application.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "wi_status.h"

struct fake_application fake_application;

void fake_application_reset(void)
{
    memset(&fake_application, 0, sizeof fake_application);
}

#if !WI_IDENTITY
WI_HIDDEN int AP_MPI_Request_get_status(A_MPI_Request request, int *flag, A_MPI_Status *status);
WI_HIDDEN int AP_MPI_Status_set_elements_x(A_MPI_Status *status, A_MPI_Datatype datatype, A_MPI_Count count);
WI_HIDDEN int AP_MPI_Info_create(A_MPI_Info *info);
WI_HIDDEN int AP_MPI_Info_set(A_MPI_Info info, const char *key, const char *value);

WI_HIDDEN int AP_MPI_Comm_size(A_MPI_Comm comm, int *size);
WI_HIDDEN int AP_MPI_Comm_remote_size(A_MPI_Comm comm, int *size);
WI_HIDDEN int AP_MPI_Comm_test_inter(A_MPI_Comm comm, int *flag);
WI_HIDDEN int AP_MPI_Comm_rank(A_MPI_Comm comm, int *rank);
WI_HIDDEN int AP_MPI_Type_contiguous(int count, A_MPI_Datatype oldtype, A_MPI_Datatype *newtype);
WI_HIDDEN int AP_MPI_Type_create_hvector(int count, int blocklength, A_MPI_Aint stride, A_MPI_Datatype oldtype,
                                         A_MPI_Datatype *newtype);
WI_HIDDEN int AP_MPI_Type_commit(A_MPI_Datatype *datatype);
WI_HIDDEN int AP_MPI_Type_free(A_MPI_Datatype *datatype);

int AP_MPI_Request_get_status(A_MPI_Request request, int *flag, A_MPI_Status *status)
{
    struct fake_application *f = &fake_application;
    int call = f->get_status_calls++;
    if (call < 32) {
        f->asked[call] = request;
        f->asked_ignore[call] = status == A_MPI_STATUS_IGNORE;
    }
    if (request == A_MPI_REQUEST_NULL) {
        *flag = 1;
        if (status != A_MPI_STATUS_IGNORE)
            wi_status_set_int(status, A_STATUS_SOURCE, -1);
        return A_MPI_SUCCESS;
    }
    int k = (int)(uintptr_t)request;
    if (f->failing == k)
        return f->failure_code;
    *flag = f->completed[k];
    if (*flag && status != A_MPI_STATUS_IGNORE)
        wi_status_set_int(status, A_STATUS_SOURCE, 100 + k);
    return A_MPI_SUCCESS;
}

int AP_MPI_Status_set_elements_x(A_MPI_Status *status, A_MPI_Datatype datatype, A_MPI_Count count)
{
    fake_application.set_elements_status = status;
    fake_application.set_elements_datatype = datatype;
    fake_application.set_elements_count = count;
    return fake_application.set_elements_code;
}

int AP_MPI_Info_create(A_MPI_Info *info)
{
    *info = fake_application.info_made;
    return A_MPI_SUCCESS;
}

int AP_MPI_Info_set(A_MPI_Info info, const char *key, const char *value)
{
    struct fake_application *f = &fake_application;
    int call = ++f->info_set_calls;
    if (f->info_set_failing != 0 && call >= f->info_set_failing)
        return f->info_set_code;
    if (call <= 8) {
        f->info_set_object[call - 1] = info;
        snprintf(f->info_keys[call - 1], sizeof f->info_keys[0], "%s", key);
        snprintf(f->info_values[call - 1], sizeof f->info_values[0], "%s", value);
    }
    return A_MPI_SUCCESS;
}
int AP_MPI_Comm_size(A_MPI_Comm comm, int *size)
{
    (void)comm;
    *size = fake_application.comm_size;
    return A_MPI_SUCCESS;
}

int AP_MPI_Comm_remote_size(A_MPI_Comm comm, int *size)
{
    (void)comm;
    *size = fake_application.comm_remote_size;
    return A_MPI_SUCCESS;
}

int AP_MPI_Comm_test_inter(A_MPI_Comm comm, int *flag)
{
    (void)comm;
    *flag = fake_application.comm_inter;
    return A_MPI_SUCCESS;
}

int AP_MPI_Comm_rank(A_MPI_Comm comm, int *rank)
{
    (void)comm;
    *rank = fake_application.comm_rank;
    return A_MPI_SUCCESS;
}

static void fake_type_call(char what, int count, A_MPI_Aint stride, A_MPI_Datatype type)
{
    struct fake_application *f = &fake_application;
    if (f->type_call_count < 16)
        f->type_calls[f->type_call_count] = (struct fake_type_call){what, count, stride, type};
    f->type_call_count++;
}

int AP_MPI_Type_contiguous(int count, A_MPI_Datatype oldtype, A_MPI_Datatype *newtype)
{
    fake_type_call('c', count, 0, oldtype);
    *newtype = FAKE_TYPE(++fake_application.types_made);
    return A_MPI_SUCCESS;
}

int AP_MPI_Type_create_hvector(int count, int blocklength, A_MPI_Aint stride, A_MPI_Datatype oldtype,
                              A_MPI_Datatype *newtype)
{
    (void)blocklength;
    fake_type_call('h', count, stride, oldtype);
    *newtype = FAKE_TYPE(++fake_application.types_made);
    return A_MPI_SUCCESS;
}

int AP_MPI_Type_commit(A_MPI_Datatype *datatype)
{
    fake_type_call('m', 0, 0, *datatype);
    return A_MPI_SUCCESS;
}

int AP_MPI_Type_free(A_MPI_Datatype *datatype)
{
    fake_type_call('f', 0, 0, *datatype);
    *datatype = A_MPI_DATATYPE_NULL;
    return A_MPI_SUCCESS;
}
#endif
