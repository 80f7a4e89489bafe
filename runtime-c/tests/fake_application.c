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
WI_HIDDEN int A_MPI_Request_get_status(A_MPI_Request request, int *flag, A_MPI_Status *status);
WI_HIDDEN int A_MPI_Status_set_elements_x(A_MPI_Status *status, A_MPI_Datatype datatype, A_MPI_Count count);
WI_HIDDEN int A_MPI_Info_create(A_MPI_Info *info);
WI_HIDDEN int A_MPI_Info_set(A_MPI_Info info, const char *key, const char *value);

int A_MPI_Request_get_status(A_MPI_Request request, int *flag, A_MPI_Status *status)
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

int A_MPI_Status_set_elements_x(A_MPI_Status *status, A_MPI_Datatype datatype, A_MPI_Count count)
{
    fake_application.set_elements_status = status;
    fake_application.set_elements_datatype = datatype;
    fake_application.set_elements_count = count;
    return fake_application.set_elements_code;
}

int A_MPI_Info_create(A_MPI_Info *info)
{
    *info = fake_application.info_made;
    return A_MPI_SUCCESS;
}

int A_MPI_Info_set(A_MPI_Info info, const char *key, const char *value)
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
#endif
