/* The status of a nonblocking receive from MPI_PROC_NULL, where the runtime reports another.
 * The standard's status of a receive from MPI_PROC_NULL is the empty one: source MPI_PROC_NULL, tag
 * MPI_ANY_TAG, count 0. Open MPI reports it for every kind of receive, and programs written for it
 * test it; MPICH 4.0 reports it for MPI_Recv, but completes MPI_Irecv(_c) from MPI_PROC_NULL with
 * the status last written into its one request for them: source 0 and tag 0 until an MPI_Sendrecv with
 * MPI_PROC_NULL writes the empty status there. That request is builtin, shared and never freed (a program
 * may complete copies of it in one array, as natively with either MPI), so the request is kept and the
 * status mended: MPI_Irecv notes the runtime's request of a receive from MPI_PROC_NULL when it is a
 * builtin handle, and the completion calls give the statuses they return for that request the
 * source and tag of the empty status before converting them. */
#ifndef WI_PROCNULL_H
#define WI_PROCNULL_H

#include "wi_abi.h"
#include "wi_defs.h"

/* The pairs whose runtime needs it (a constant the compiler folds: every other pair drops the code). */
#define WI_PROCNULL_MENDED (!WI_IDENTITY && __builtin_strcmp(WI_TO_NAME, "mpich") == 0)

/* The noted request, 0 until then (no MPICH handle is 0); read on every completion call of the pairs
 * above. It is the only datum shared: relaxed accesses. */
extern R_MPI_Request wi_procnull_request WI_HIDDEN;

WI_INLINE R_MPI_Request wi_procnull_noted(void)
{
    return __atomic_load_n(&wi_procnull_request, __ATOMIC_RELAXED);
}

WI_INLINE int wi_procnull_any(void)
{
    return WI_PROCNULL_MENDED && wi_procnull_noted() != 0;
}

/* Whether request is the noted one (one load of it: a single-request completion call asks this). */
WI_INLINE int wi_procnull_is(R_MPI_Request request)
{
    R_MPI_Request noted = WI_PROCNULL_MENDED ? wi_procnull_noted() : 0;
    return noted != 0 && request == noted;
}

/* After a successful MPI_Irecv(_c) from MPI_PROC_NULL, until one is noted: the runtime's request,
 * noted when it is one of MPICH's builtin handles (a request of the runtime's own, which later
 * operations reuse, is not). */
WI_HIDDEN void wi_procnull_note(R_MPI_Request request);

/* The status of the noted request, as the runtime wrote it, gets the empty status's source and tag; a
 * status the runtime left alone (a call that did not complete the request) stays so. */
WI_HIDDEN void wi_procnull_mend(R_MPI_Status *status);

/* After a completion call on an array, before its statuses are converted: statuses[k] (k < nstatuses)
 * belongs to requests[indices ? indices[k] : k], the requests as they were before the call (nrequests
 * of them; an index outside them is skipped); those of the noted request are mended. */
WI_HIDDEN void wi_procnull_statuses(const R_MPI_Request *requests, int nrequests, const int *indices, int nstatuses,
                                    R_MPI_Status *statuses);

#endif
