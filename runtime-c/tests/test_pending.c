/* Outputs written at request completion (MPI_Comm_idup): a slot outlives the call, a successful call
 * files it under its request, completion hands the value to the application's variable once, a failed
 * call or a freed request leaves nothing to hand over; when the runtime reuses a completed request's
 * value before its record is taken, the claim of the completing call picks the right record. */
#include <stdint.h>

#include "wi_pending.h"
#include "wi_test.h"

/* A record the runtime's MPI_Comm_idup filled with value, filed under request. */
static void file_record(A_MPI_Comm *application, R_MPI_Request request, uintptr_t value)
{
    R_MPI_Comm *slot = wi_pending_comm_slot(application);
    *slot = (R_MPI_Comm)value;
    wi_pending_commit(slot, 1, request);
}

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
    CHECK_EQ(wi_pending_take((R_MPI_Request)(uintptr_t)0x99, NULL, &out, &value), 0); /* another request */
    CHECK_EQ(wi_pending_take(request_b, NULL, &out, &value), 1);
    CHECK(out == &application_b);
    CHECK(value == (R_MPI_Comm)(uintptr_t)0x4402);
    CHECK_EQ(wi_pending_take(request_b, NULL, &out, &value), 0); /* handed over once */
    CHECK_EQ(wi_pending_count, 1);

    wi_pending_abandon(request_a); /* MPI_Request_free before completion */
    CHECK_EQ(wi_pending_take(request_a, NULL, &out, &value), 0);
    CHECK_EQ(wi_pending_any(), 0);

    R_MPI_Comm *failed = wi_pending_comm_slot(&application_a);
    wi_pending_commit(failed, 0, request_a); /* the call failed: discarded */
    CHECK_EQ(wi_pending_any(), 0);

    /* Thread 1 waits on request_a (claimed through its variable), the runtime completes and frees it,
     * thread 2's MPI_Comm_idup gets the same value and waits on it before thread 1 takes its record. */
    A_MPI_Request variable_1, variable_2;
    file_record(&application_a, request_a, 0x5501);
    wi_pending_claim(request_a, &variable_1);
    file_record(&application_b, request_a, 0x5502);
    wi_pending_claim(request_a, &variable_2); /* the first record is claimed: this marks the second */
    CHECK_EQ(wi_pending_take(request_a, &variable_2, &out, &value), 1);
    CHECK(out == &application_b);
    CHECK(value == (R_MPI_Comm)(uintptr_t)0x5502);
    CHECK_EQ(wi_pending_take(request_a, &variable_1, &out, &value), 1);
    CHECK(out == &application_a);
    CHECK(value == (R_MPI_Comm)(uintptr_t)0x5501);
    CHECK_EQ(wi_pending_any(), 0);

    /* Taken in the other order. */
    file_record(&application_a, request_a, 0x5501);
    wi_pending_claim(request_a, &variable_1);
    file_record(&application_b, request_a, 0x5502);
    wi_pending_claim(request_a, &variable_2);
    CHECK_EQ(wi_pending_take(request_a, &variable_1, &out, &value), 1);
    CHECK(out == &application_a);
    CHECK_EQ(wi_pending_take(request_a, &variable_2, &out, &value), 1);
    CHECK(out == &application_b);
    CHECK_EQ(wi_pending_any(), 0);

    /* Thread 1 claimed the record and the runtime completed its request; thread 2's MPI_Isend got the
     * same value and its MPI_Wait claims before thread 1 takes: the claimed record stays thread 1's. */
    file_record(&application_a, request_a, 0x5501);
    wi_pending_claim(request_a, &variable_1);
    wi_pending_claim(request_a, &variable_2);
    CHECK_EQ(wi_pending_take(request_a, &variable_2, &out, &value), 0);
    CHECK_EQ(wi_pending_take(request_a, &variable_1, &out, &value), 1);
    CHECK(out == &application_a);
    CHECK_EQ(wi_pending_any(), 0);

    /* An MPI_Test that leaves the request incomplete releases its claim; a later MPI_Wait through a
     * copy of the handle in another variable claims and takes it. */
    file_record(&application_a, request_a, 0x5501);
    wi_pending_claim(request_a, &variable_1);
    wi_pending_release(request_a, &variable_1);
    wi_pending_claim(request_a, &variable_2);
    CHECK_EQ(wi_pending_take(request_a, &variable_2, &out, &value), 1);
    CHECK(out == &application_a);
    CHECK_EQ(wi_pending_any(), 0);

    /* Another request of the same value completed (an MPI_Isend's, say) before the idup's record was
     * filed: its call claimed nothing, so it takes nothing; the idup's own completion does. */
    file_record(&application_a, request_a, 0x5501);
    CHECK_EQ(wi_pending_take(request_a, &variable_2, &out, &value), 0);
    CHECK_EQ(wi_pending_count, 1);
    wi_pending_claim(request_a, &variable_1);
    CHECK_EQ(wi_pending_take(request_a, &variable_1, &out, &value), 1);
    CHECK(out == &application_a);
    CHECK_EQ(wi_pending_any(), 0);
    return wi_test_finish("pending (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
