/* Requests made of several runtime requests (wi_composite.h), made by the emulated MPI_Isendrecv and
 * MPI_Isendrecv_replace (wi_emulated.h), against a fake runtime whose requests complete when the test
 * says the network has delivered them. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wi_composite.h"
#include "wi_emulated.h"
#include "wi_r_functions.h"
#include "wi_status.h"
#include "wi_test.h"

typedef int (*query_fn)(void *, R_MPI_Status *);
typedef int (*free_fn)(void *);
typedef int (*cancel_fn)(void *, int);

/* The fake runtime's requests: parts (receives and sends) and generalized requests. */
struct fake_request {
    int used, complete, cancelled, greq;
    int source; /* a receive's status source */
    const void *buffer;
    int count;
    R_MPI_Datatype type;
    query_fn query;
    free_fn free;
    cancel_fn cancel;
    void *state;
};
static struct fake_request fake[16];
static int grequest_completions, frees_of_greqs;
static char received[64];

static R_MPI_Request handle_of(int i)
{
    return (R_MPI_Request)(intptr_t)(0x1000 + 16 * i);
}

static struct fake_request *request_of(R_MPI_Request r)
{
    intptr_t v = (intptr_t)r - 0x1000;
    if (v < 0 || v % 16 != 0 || v / 16 >= 16 || !fake[v / 16].used)
        return NULL;
    return &fake[v / 16];
}

static R_MPI_Request new_request(void)
{
    for (int i = 0; i < 16; i++) {
        if (!fake[i].used) {
            memset(&fake[i], 0, sizeof fake[i]);
            fake[i].used = 1;
            return handle_of(i);
        }
    }
    abort();
}

/* The network delivers every part: receives get "delivered" and their source. */
static void deliver_all(void)
{
    for (int i = 0; i < 16; i++) {
        if (fake[i].used && !fake[i].greq && !fake[i].complete) {
            fake[i].complete = 1;
            if (fake[i].count == -1) /* a receive */
                strcpy(received, "delivered");
        }
    }
}

static int fake_irecv(void *buf, int count, R_MPI_Datatype type, int source, int tag, R_MPI_Comm comm,
                      R_MPI_Request *request)
{
    (void)buf, (void)count, (void)type, (void)tag, (void)comm;
    *request = new_request();
    struct fake_request *f = request_of(*request);
    f->count = -1;
    f->source = source;
    return R_MPI_SUCCESS;
}

static int fake_isend(const void *buf, int count, R_MPI_Datatype type, int dest, int tag, R_MPI_Comm comm,
                      R_MPI_Request *request)
{
    (void)dest, (void)tag, (void)comm;
    *request = new_request();
    struct fake_request *f = request_of(*request);
    f->buffer = buf;
    f->count = count;
    f->type = type;
    return R_MPI_SUCCESS;
}

static void complete_into(R_MPI_Request *r, R_MPI_Status *status)
{
    struct fake_request *f = request_of(*r);
    if (status != R_MPI_STATUS_IGNORE) {
        wi_status_set_int(status, R_STATUS_SOURCE, f->source);
        wi_status_set_int(status, R_STATUS_ERROR, R_MPI_SUCCESS);
    }
    if (f->greq) {
        f->query(f->state, status);
        frees_of_greqs++;
        f->free(f->state);
    }
    f->used = 0;
    *r = R_MPI_REQUEST_NULL;
}

/* Sends fail with this code when it is not MPI_SUCCESS. */
static int send_error = R_MPI_SUCCESS;

static int fake_testall(int n, R_MPI_Request *requests, int *flag, R_MPI_Status *statuses)
{
    *flag = 1;
    for (int i = 0; i < n; i++)
        if (requests[i] != R_MPI_REQUEST_NULL && !request_of(requests[i])->complete)
            *flag = 0;
    if (!*flag)
        return R_MPI_SUCCESS;
    int rc = R_MPI_SUCCESS;
    for (int i = 0; i < n; i++) {
        if (requests[i] == R_MPI_REQUEST_NULL)
            continue;
        int failed = request_of(requests[i])->count >= 0 && send_error != R_MPI_SUCCESS;
        complete_into(&requests[i], &statuses[i]);
        if (failed) {
            wi_status_set_int(&statuses[i], R_STATUS_ERROR, send_error);
            rc = R_MPI_ERR_IN_STATUS;
        }
    }
    return rc;
}

static int fake_waitall(int n, R_MPI_Request *requests, R_MPI_Status *statuses)
{
    deliver_all();
    int flag;
    return fake_testall(n, requests, &flag, statuses);
}

/* The network delivers after this many Testany calls. */
static int testany_calls, deliver_after;

static int fake_testany(int n, R_MPI_Request *requests, int *index, int *flag, R_MPI_Status *status)
{
    if (++testany_calls == deliver_after)
        deliver_all();
    *flag = 0;
    for (int i = 0; i < n; i++) {
        if (requests[i] != R_MPI_REQUEST_NULL && request_of(requests[i])->complete) {
            complete_into(&requests[i], status);
            *index = i;
            *flag = 1;
            return R_MPI_SUCCESS;
        }
    }
    return R_MPI_SUCCESS;
}

static int fake_waitany(int n, R_MPI_Request *requests, int *index, R_MPI_Status *status)
{
    (void)n, (void)requests, (void)index, (void)status;
    CHECK(!"MPI_Waitany would block on an incomplete composite");
    return R_MPI_ERR_OTHER;
}

static int fake_grequest_start(R_MPI_Grequest_query_function *query, R_MPI_Grequest_free_function *free_function,
                               R_MPI_Grequest_cancel_function *cancel, void *state, R_MPI_Request *request)
{
    *request = new_request();
    struct fake_request *f = request_of(*request);
    f->greq = 1;
    f->query = (query_fn)(void *)query;
    f->free = (free_fn)(void *)free_function;
    f->cancel = (cancel_fn)(void *)cancel;
    f->state = state;
    return R_MPI_SUCCESS;
}

static int fake_grequest_complete(R_MPI_Request request)
{
    request_of(request)->complete = 1;
    grequest_completions++;
    return R_MPI_SUCCESS;
}

static int fake_request_free(R_MPI_Request *request)
{
    struct fake_request *f = request_of(*request);
    if (f->greq) { /* MPI frees a generalized request once it is complete: here it must be */
        CHECK(f->complete);
        frees_of_greqs++;
        f->free(f->state);
    }
    f->used = 0;
    *request = R_MPI_REQUEST_NULL;
    return R_MPI_SUCCESS;
}

static int fake_cancel(R_MPI_Request *request)
{
    request_of(*request)->cancelled = 1;
    return R_MPI_SUCCESS;
}

static int fake_pack_size(int count, R_MPI_Datatype type, R_MPI_Comm comm, int *size)
{
    (void)type, (void)comm;
    *size = 4 * count;
    return R_MPI_SUCCESS;
}

static int fake_pack(const void *in, int count, R_MPI_Datatype type, void *out, int size, int *position,
                     R_MPI_Comm comm)
{
    (void)type, (void)size, (void)comm;
    memcpy((char *)out + *position, in, 4 * (size_t)count);
    *position += 4 * count;
    return R_MPI_SUCCESS;
}

static int live_requests(void)
{
    int n = 0;
    for (int i = 0; i < 16; i++)
        n += fake[i].used;
    return n;
}

int main(void)
{
    R_PMPI_Irecv = fake_irecv;
    R_PMPI_Isend = fake_isend;
    R_PMPI_Testall = fake_testall;
    R_PMPI_Waitall = fake_waitall;
    R_PMPI_Testany = fake_testany;
    R_PMPI_Waitany = fake_waitany;
    R_PMPI_Grequest_start = fake_grequest_start;
    R_PMPI_Grequest_complete = fake_grequest_complete;
    R_PMPI_Request_free = fake_request_free;
    R_PMPI_Cancel = fake_cancel;
    R_PMPI_Pack_size = fake_pack_size;
    R_PMPI_Pack = fake_pack;
    R_MPI_Comm comm = R_MPI_COMM_WORLD;
    char out[8] = "sent", in[16] = "";

    /* MPI_Isendrecv: a receive and a send under one generalized request. */
    R_MPI_Request request = R_MPI_REQUEST_NULL;
    CHECK_EQ(wi_emulated_isendrecv(out, 4, R_MPI_INT, 1, 7, in, 4, R_MPI_INT, 3, 7, comm, &request), R_MPI_SUCCESS);
    CHECK_EQ(live_requests(), 3);
    CHECK(request_of(request) != NULL && request_of(request)->greq);
    CHECK_EQ(wi_composite_any(), 1);

    /* Tested before the parts complete: still incomplete. */
    wi_composite_settle(&request, 1, 0);
    CHECK_EQ(grequest_completions, 0);
    /* Delivered: the next test completes it, and the runtime reports the receive's status. */
    deliver_all();
    wi_composite_settle(&request, 1, 0);
    CHECK_EQ(grequest_completions, 1);
    R_MPI_Status status;
    int index = -1, flag = 0;
    CHECK_EQ(R_PMPI_Testany(1, &request, &index, &flag, &status), R_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(wi_status_get_int(&status, R_STATUS_SOURCE), 3);
    CHECK(request == R_MPI_REQUEST_NULL);
    CHECK_EQ(live_requests(), 0);
    CHECK_EQ(wi_composite_any(), 0); /* the free callback forgot it */

    /* MPI_Wait's settle waits for the parts. */
    CHECK_EQ(wi_emulated_isendrecv(out, 4, R_MPI_INT, 1, 7, in, 4, R_MPI_INT, 2, 7, comm, &request), R_MPI_SUCCESS);
    wi_composite_settle(&request, 1, 1);
    CHECK_EQ(grequest_completions, 2);
    CHECK_EQ(fake_request_free(&request), R_MPI_SUCCESS);
    CHECK_EQ(wi_composite_any(), 0);

    /* MPI_Waitany over a composite polls (Testany) until the parts are delivered, never blocking. */
    R_MPI_Request array[2] = {R_MPI_REQUEST_NULL, R_MPI_REQUEST_NULL};
    CHECK_EQ(wi_emulated_isendrecv(out, 4, R_MPI_INT, 1, 7, in, 4, R_MPI_INT, 5, 7, comm, &array[1]), R_MPI_SUCCESS);
    testany_calls = 0;
    deliver_after = 3;
    CHECK_EQ(wi_composite_waitany(2, array, &index, &status), R_MPI_SUCCESS);
    CHECK_EQ(index, 1);
    CHECK_EQ(wi_status_get_int(&status, R_STATUS_SOURCE), 5);
    CHECK_EQ(testany_calls, 4); /* delivered during the third, completed by the fourth */
    CHECK_EQ(wi_composite_any(), 0);

    /* A part that fails makes the composite fail with its code, reported by the query callback. */
    CHECK_EQ(wi_emulated_isendrecv(out, 4, R_MPI_INT, 1, 7, in, 4, R_MPI_INT, 6, 7, comm, &request), R_MPI_SUCCESS);
    send_error = R_MPI_ERR_ARG;
    deliver_all();
    wi_composite_settle(&request, 1, 0);
    send_error = R_MPI_SUCCESS;
    struct fake_request *failed = request_of(request);
    CHECK(failed != NULL && failed->complete);
    if (failed != NULL) {
        CHECK_EQ(failed->query(failed->state, &status), R_MPI_ERR_ARG);
        CHECK_EQ(wi_status_get_int(&status, R_STATUS_SOURCE), 6); /* the receive's status all the same */
    }
    CHECK_EQ(fake_request_free(&request), R_MPI_SUCCESS);
    CHECK_EQ(wi_composite_any(), 0);

    /* MPI_Isendrecv_replace sends a packed copy (MPI_PACKED, 4 bytes per int here) and receives in place. */
    int values[2] = {11, 12};
    CHECK_EQ(wi_emulated_isendrecv_replace(values, 2, R_MPI_INT, 1, 8, 1, 8, comm, &request), R_MPI_SUCCESS);
    struct fake_request *send = NULL;
    for (int i = 0; i < 16; i++)
        if (fake[i].used && !fake[i].greq && fake[i].count >= 0)
            send = &fake[i];
    CHECK(send != NULL && send->type == R_MPI_PACKED && send->count == 8);
    CHECK(send != NULL && send->buffer != (const void *)values && memcmp(send->buffer, values, 8) == 0);

    /* MPI_Cancel of the composite (the runtime calls the cancel callback) cancels both parts. */
    struct fake_request *g = request_of(request);
    CHECK_EQ(g->cancel(g->state, 0), R_MPI_SUCCESS);
    int cancelled = 0;
    for (int i = 0; i < 16; i++)
        cancelled += fake[i].used && !fake[i].greq && fake[i].cancelled;
    CHECK_EQ(cancelled, 2);

    /* MPI_Request_free before completion: the generalized request is completed so that the runtime
     * frees it; the parts run on as an orphan, whose packed copy is freed once they complete (the
     * AddressSanitizer variant reports a leak or a use after free otherwise). */
    wi_composite_abandon(request);
    CHECK_EQ(grequest_completions, 5);
    CHECK_EQ(fake_request_free(&request), R_MPI_SUCCESS);
    CHECK_EQ(wi_composite_any(), 1);
    CHECK_EQ(live_requests(), 2);
    R_MPI_Request none = R_MPI_REQUEST_NULL;
    wi_composite_settle(&none, 1, 0); /* any later completion call tests the orphan's parts */
    CHECK_EQ(wi_composite_any(), 1);
    deliver_all();
    wi_composite_settle(&none, 1, 0);
    CHECK_EQ(wi_composite_any(), 0);
    CHECK_EQ(live_requests(), 0);
    return wi_test_finish("composite requests (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
