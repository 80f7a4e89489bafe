/* The status of a nonblocking receive from MPI_PROC_NULL (wi_procnull.h): which runtime requests are
 * noted, and which statuses of a completion call get the empty status's source and tag. */
#include <stdint.h>

#include "wi_procnull.h"
#include "wi_status.h"
#include "wi_test.h"

/* A status as the runtime leaves it after a call (prepared, then written or not). */
static void written(R_MPI_Status *s, int source, int tag)
{
    wi_status_prepare(s);
    wi_status_set_int(s, R_STATUS_SOURCE, source);
    wi_status_set_int(s, R_STATUS_TAG, tag);
}

#define SOURCE(s) wi_status_get_int(&(s), R_STATUS_SOURCE)
#define TAG(s) wi_status_get_int(&(s), R_STATUS_TAG)

int main(void)
{
    /* MPICH 4.0.2's builtin request of receives from MPI_PROC_NULL, one of its ordinary requests. */
    const R_MPI_Request null_recv = (R_MPI_Request)(intptr_t)(int32_t)0x6c000002u;
    const R_MPI_Request ordinary = (R_MPI_Request)(intptr_t)(int32_t)0xac000003u;
    CHECK_EQ(wi_procnull_any(), 0);
    if (!WI_PROCNULL_MENDED) { /* a runtime other than MPICH: nothing to mend, the code is folded away */
        return wi_test_finish("procnull statuses (" WI_FROM_NAME " -> " WI_TO_NAME ")");
    }
    wi_procnull_note(ordinary); /* not builtin: MPICH reuses it for other operations */
    CHECK_EQ(wi_procnull_any(), 0);
    wi_procnull_note(null_recv);
    CHECK_EQ(wi_procnull_any(), 1);

    /* One status per request (MPI_Wait, MPI_Waitall, MPI_Testall, MPI_Request_get_status). */
    R_MPI_Request requests[3] = {null_recv, ordinary, null_recv};
    R_MPI_Status statuses[3];
    written(&statuses[0], 0, 0);
    written(&statuses[1], 0, 0); /* a real message of 0 bytes from rank 0, tag 0 */
    wi_status_prepare(&statuses[2]); /* left alone by a call that did not complete it */
    wi_procnull_statuses(requests, 3, NULL, 3, statuses);
    CHECK_EQ(SOURCE(statuses[0]), R_MPI_PROC_NULL);
    CHECK_EQ(TAG(statuses[0]), R_MPI_ANY_TAG);
    CHECK_EQ(SOURCE(statuses[1]), 0);
    CHECK_EQ(TAG(statuses[1]), 0);
    CHECK_EQ(SOURCE(statuses[2]), WI_STATUS_UNSET_INT);
    CHECK_EQ(TAG(statuses[2]), WI_STATUS_UNSET_INT);

    /* Statuses of the requests the call names by index (MPI_Waitsome: indices 2 and 1). */
    int indices[2] = {2, 1};
    written(&statuses[0], 0, 0);
    written(&statuses[1], 0, 0);
    wi_procnull_statuses(requests, 3, indices, 2, statuses);
    CHECK_EQ(SOURCE(statuses[0]), R_MPI_PROC_NULL);
    CHECK_EQ(SOURCE(statuses[1]), 0);

    /* MPI_Waitany's one status: at the index returned, none for MPI_UNDEFINED or an unwritten index. */
    int index = 1;
    written(&statuses[0], 0, 0);
    wi_procnull_statuses(requests, 3, &index, 1, statuses);
    CHECK_EQ(SOURCE(statuses[0]), 0);
    index = 0;
    wi_procnull_statuses(requests, 3, &index, 1, statuses);
    CHECK_EQ(SOURCE(statuses[0]), R_MPI_PROC_NULL);
    CHECK_EQ(TAG(statuses[0]), R_MPI_ANY_TAG);
    int outside[2] = {R_MPI_UNDEFINED, 3};
    written(&statuses[0], 0, 0);
    written(&statuses[1], 0, 0);
    wi_procnull_statuses(requests, 3, outside, 2, statuses);
    CHECK_EQ(SOURCE(statuses[0]), 0);
    CHECK_EQ(SOURCE(statuses[1]), 0);
    /* MPI_Waitsome's count when the call produced nothing (unwritten, or MPI_UNDEFINED): no status. */
    wi_procnull_statuses(requests, 3, indices, R_MPI_UNDEFINED, statuses);
    CHECK_EQ(SOURCE(statuses[0]), 0);

    /* A second builtin handle is not taken: one request is noted. */
    const R_MPI_Request other_builtin = (R_MPI_Request)(intptr_t)(int32_t)0x6c000001u;
    wi_procnull_note(other_builtin);
    R_MPI_Request send = other_builtin;
    written(&statuses[0], 0, 0);
    wi_procnull_statuses(&send, 1, NULL, 1, statuses);
    CHECK_EQ(SOURCE(statuses[0]), 0);
    return wi_test_finish("procnull statuses (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
