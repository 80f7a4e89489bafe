/* Outputs written at request completion (MPI_Comm_idup): a slot outlives the call, a successful call
 * files it under its request, completion hands the value to the application's variable once, a failed
 * call or a freed request leaves nothing to hand over. */
#include <stdint.h>

#include "wi_pending.h"
#include "wi_test.h"

int main(void)
{
    A_MPI_Comm application_a, application_b;
    R_MPI_Request request_a = (R_MPI_Request)(uintptr_t)0x31, request_b = (R_MPI_Request)(uintptr_t)0x32;
    CHECK_EQ(wi_pending_any(), 0);

    R_MPI_Comm *slot_a = wi_pending_comm_slot(&application_a);
    R_MPI_Comm *slot_b = wi_pending_comm_slot(&application_b);
    *slot_a = (R_MPI_Comm)(uintptr_t)0x4401; /* what the runtime writes at completion */
    *slot_b = (R_MPI_Comm)(uintptr_t)0x4402;
    wi_pending_commit(slot_a, 1, request_a);
    wi_pending_commit(slot_b, 1, request_b);
    CHECK_EQ(wi_pending_count, 2);

    A_MPI_Comm *out = NULL;
    R_MPI_Comm value = (R_MPI_Comm)0;
    CHECK_EQ(wi_pending_take((R_MPI_Request)(uintptr_t)0x99, &out, &value), 0); /* another request */
    CHECK_EQ(wi_pending_take(request_b, &out, &value), 1);
    CHECK(out == &application_b);
    CHECK(value == (R_MPI_Comm)(uintptr_t)0x4402);
    CHECK_EQ(wi_pending_take(request_b, &out, &value), 0); /* handed over once */
    CHECK_EQ(wi_pending_count, 1);

    wi_pending_abandon(request_a); /* MPI_Request_free before completion */
    CHECK_EQ(wi_pending_take(request_a, &out, &value), 0);
    CHECK_EQ(wi_pending_any(), 0);

    R_MPI_Comm *failed = wi_pending_comm_slot(&application_a);
    wi_pending_commit(failed, 0, request_a); /* the call failed: discarded */
    CHECK_EQ(wi_pending_any(), 0);
    return wi_test_finish("pending (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
