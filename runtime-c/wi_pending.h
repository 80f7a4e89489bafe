/* Outputs the runtime writes when a request completes rather than when the call returns: the new
 * communicator of MPI_Comm_idup. The A_ function hands the runtime a slot that outlives the call and
 * records it under the runtime request; when that request completes (the request conversion sees it
 * become MPI_REQUEST_NULL) the slot is converted into the application's variable. */
#ifndef WI_PENDING_H
#define WI_PENDING_H

#include "wi_abi.h"
#include "wi_defs.h"

/* Records waiting for their request; read without the lock on every request completion. */
extern int wi_pending_count WI_HIDDEN;

WI_INLINE int wi_pending_any(void)
{
    return __atomic_load_n(&wi_pending_count, __ATOMIC_ACQUIRE) != 0;
}

/* A new record for the application's output variable; the runtime writes its value into the slot. */
WI_HIDDEN R_MPI_Comm *wi_pending_comm_slot(A_MPI_Comm *application);

/* After the call: a failed call discards the record, a successful one files it under its request. */
WI_HIDDEN void wi_pending_commit(R_MPI_Comm *slot, int succeeded, R_MPI_Request request);

/* The request completed: 1 with the application's variable and the runtime's value (the record is
 * gone), 0 when no record waits for this request. */
WI_HIDDEN int wi_pending_take(R_MPI_Request request, A_MPI_Comm **application, R_MPI_Comm *value);

/* MPI_Request_free before completion: the runtime may still write the slot later, so the record
 * leaves the table but its memory stays. */
WI_HIDDEN void wi_pending_abandon(R_MPI_Request request);

#endif
