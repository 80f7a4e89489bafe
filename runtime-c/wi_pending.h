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

/* Before a call that may complete the request held in the application's variable *request_variable:
 * marks the record waiting for that request as this variable's. The runtime frees a completed request
 * inside the call and may hand its value to another request of another thread before this thread
 * takes its record; the mark keeps that thread's call from taking it. A claimed record is never
 * claimed again: while a call that claimed it runs, no other call may use its request (MPI forbids
 * it), so a claimed record met by another claim is one whose request completed, waiting for its
 * owner. A call that leaves the request incomplete releases the mark (wi_pending_release). */
WI_HIDDEN void wi_pending_claim(R_MPI_Request request, const void *request_variable);

/* After a call that claimed the record of request through request_variable and did not complete it. */
WI_HIDDEN void wi_pending_release(R_MPI_Request request, const void *request_variable);

/* The request held in *request_variable completed: 1 with the application's communicator variable and
 * the runtime's value (the record is gone), 0 when no record of this request was claimed through
 * request_variable. Every call that completes requests claims first, so a record it did not claim
 * is another request's of the same value. request_variable NULL takes the newest record. */
WI_HIDDEN int wi_pending_take(R_MPI_Request request, const void *request_variable, A_MPI_Comm **application,
                              R_MPI_Comm *value);

/* MPI_Request_free before completion: the runtime may still write the slot later, so the record
 * leaves the table but its memory stays. */
WI_HIDDEN void wi_pending_abandon(R_MPI_Request request);

#endif
