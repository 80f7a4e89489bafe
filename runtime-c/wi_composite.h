/* Requests of emulated operations that the runtime runs as several requests of its own (MPI-4.0's
 * MPI_Isendrecv on Open MPI 4.1: a receive and a send). The application holds one request: a
 * generalized request of the runtime, which completes when every part has. Nothing in the runtime
 * calls MPI_Grequest_complete by itself, so the completion calls do it: before the runtime's
 * MPI_Wait/Test family sees an array, wi_composite_settle tests (or, for the calls that wait for every
 * request, waits for) the parts of the composites in it and completes those whose parts are done; the
 * calls that wait for some request of an array (MPI_Waitany, MPI_Waitsome) poll instead of blocking
 * while the array holds an incomplete composite. The generalized request reports the status of the
 * first part (the receive). */
#ifndef WI_COMPOSITE_H
#define WI_COMPOSITE_H

#include "wi_abi.h"
#include "wi_defs.h"

#define WI_COMPOSITE_MAX_PARTS 2

/* Composites alive; read without the lock on every request completion. */
extern int wi_composite_count WI_HIDDEN;

WI_INLINE int wi_composite_any(void)
{
    return __atomic_load_n(&wi_composite_count, __ATOMIC_ACQUIRE) != 0;
}

/* A new composite of nparts runtime requests, already started, into *request (the runtime's generalized
 * request). buffer: memory the parts use, freed (free(3)) once every part has completed, even when the
 * application frees the request first. Returns the runtime's code of MPI_Grequest_start; on failure the
 * parts are cancelled and freed. */
WI_HIDDEN int wi_composite_start(const R_MPI_Request *parts, int nparts, void *buffer, R_MPI_Request *request);

/* Before a completion call on runtime requests: the composites among them whose parts have completed
 * (wait: once they have) become complete. */
WI_HIDDEN void wi_composite_settle(R_MPI_Request *requests, int count, int wait);

/* MPI_Waitany and MPI_Waitsome with the runtime's signatures: the runtime's own call when no incomplete
 * composite is among the requests, else its Testany/Testsome in a loop, settling the composites first. */
WI_HIDDEN int wi_composite_waitany(int count, R_MPI_Request *requests, int *index, R_MPI_Status *status);
WI_HIDDEN int wi_composite_waitsome(int incount, R_MPI_Request *requests, int *outcount, int *indices,
                                    R_MPI_Status *statuses);

/* MPI_Request_free of a composite before it completed: its parts go on in the background (the
 * application may not touch the buffers until it knows otherwise, as for any freed request); the
 * generalized request is completed so the runtime can free it. */
WI_HIDDEN void wi_composite_abandon(R_MPI_Request request);

#endif
