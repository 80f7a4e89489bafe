/* The status of a nonblocking receive from MPI_PROC_NULL; see wi_procnull.h. */
#include "wi_procnull.h"

#include <stdint.h>

#include "wi_log.h"
#include "wi_status.h"

R_MPI_Request wi_procnull_request WI_HIDDEN;

#if !WI_IDENTITY

/* MPICH's handles keep their kind in the top two bits; 1 is a builtin object. */
#define WI_MPICH_HANDLE_KIND(h) ((uint32_t)(h) >> 30)
#define WI_MPICH_HANDLE_BUILTIN 1u

void wi_procnull_note(R_MPI_Request request)
{
    if (WI_MPICH_HANDLE_KIND((uintptr_t)request) != WI_MPICH_HANDLE_BUILTIN)
        return;
    R_MPI_Request noted = wi_procnull_noted();
    if (noted == 0) /* racing first notes store the same value: MPICH has one such request */
        __atomic_store_n(&wi_procnull_request, request, __ATOMIC_RELAXED);
    else if (noted != request)
        wi_debug("a second builtin request for receives from MPI_PROC_NULL (%#lx): its statuses are the runtime's",
                 (unsigned long)(uintptr_t)request);
}

void wi_procnull_mend(R_MPI_Status *status)
{
    if (wi_status_get_int(status, R_STATUS_SOURCE) == WI_STATUS_UNSET_INT)
        return;
    wi_status_set_int(status, R_STATUS_SOURCE, R_MPI_PROC_NULL);
    wi_status_set_int(status, R_STATUS_TAG, R_MPI_ANY_TAG);
}

void wi_procnull_statuses(const R_MPI_Request *requests, int nrequests, const int *indices, int nstatuses,
                          R_MPI_Status *statuses)
{
    R_MPI_Request noted = wi_procnull_noted();
    for (int k = 0; k < nstatuses; k++) {
        int i = indices != NULL ? indices[k] : k;
        if (i >= 0 && i < nrequests && requests[i] == noted)
            wi_procnull_mend(&statuses[k]);
    }
}

#endif
