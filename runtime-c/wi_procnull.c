/* The status of a nonblocking receive from MPI_PROC_NULL; see wi_procnull.h. */
#include "wi_procnull.h"

#include <stdint.h>

#include "wi_log.h"
#include "wi_status.h"

int wi_procnull_noted WI_HIDDEN = 0;

#if !WI_IDENTITY

/* MPICH's handles keep their kind in the top two bits; 1 is a builtin object. */
#define WI_MPICH_HANDLE_KIND(h) ((uint32_t)(h) >> 30)
#define WI_MPICH_HANDLE_BUILTIN 1u

static R_MPI_Request wi_procnull_request;

void wi_procnull_note(R_MPI_Request request)
{
    if (WI_MPICH_HANDLE_KIND((uintptr_t)request) != WI_MPICH_HANDLE_BUILTIN)
        return;
    if (__atomic_load_n(&wi_procnull_noted, __ATOMIC_ACQUIRE)) {
        if (request != wi_procnull_request)
            wi_debug("a second builtin request for receives from MPI_PROC_NULL (%#lx): its statuses are the runtime's",
                     (unsigned long)(uintptr_t)request);
        return;
    }
    /* Racing first notes write the same value: MPICH has one such request. */
    wi_procnull_request = request;
    __atomic_store_n(&wi_procnull_noted, 1, __ATOMIC_RELEASE);
}

void wi_procnull_statuses(const R_MPI_Request *requests, int nrequests, const int *indices, int nstatuses,
                          R_MPI_Status *statuses)
{
    for (int k = 0; k < nstatuses; k++) {
        int i = indices != NULL ? indices[k] : k;
        if (i < 0 || i >= nrequests || requests[i] != wi_procnull_request)
            continue;
        /* A status the runtime left alone (a call that did not complete it) stays so. */
        if (wi_status_get_int(&statuses[k], R_STATUS_SOURCE) == WI_STATUS_UNSET_INT)
            continue;
        wi_status_set_int(&statuses[k], R_STATUS_SOURCE, R_MPI_PROC_NULL);
        wi_status_set_int(&statuses[k], R_STATUS_TAG, R_MPI_ANY_TAG);
    }
}

#endif
