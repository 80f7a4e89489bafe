/*
 * Requests: persistent operations in every send mode, the Wait/Test families with
 * MPI_REQUEST_NULL entries and ignored statuses, cancellation, Request_get_status and
 * the status setters (including an element count whose byte size exceeds 32 bits).
 */
#include "check.h"

#include <limits.h>

#define COUNT 4
#define ROUNDS 3

static int world_size, world_rank, right, left;

static void fill(int *buf, int sender, int tag)
{
    for (int i = 0; i < COUNT; i++)
        buf[i] = sender * 1000 + tag * 10 + i;
}

static void check_payload_at(const char *file, int line, const int *buf, int sender, int tag)
{
    for (int i = 0; i < COUNT; i++)
        check_long(file, line, "payload", sender * 1000 + tag * 10 + i, buf[i]);
}
#define check_payload(buf, sender, tag) check_payload_at(__FILE__, __LINE__, buf, sender, tag)

static void reset_status(MPI_Status *status)
{
    memset(status, 0x5a, sizeof *status);
    status->MPI_ERROR = MPI_SUCCESS;
}

static void check_status_at(const char *file, int line, const MPI_Status *status, int source, int tag,
                            int count)
{
    int n = -1;
    check_long(file, line, "status MPI_SOURCE", source, status->MPI_SOURCE);
    check_long(file, line, "status MPI_TAG", tag, status->MPI_TAG);
    check_long(file, line, "status MPI_ERROR", MPI_SUCCESS, status->MPI_ERROR);
    CHECK_MPI(MPI_Get_count(status, MPI_INT, &n));
    check_long(file, line, "MPI_Get_count", count, n);
}
#define check_status(status, source, tag, count) check_status_at(__FILE__, __LINE__, status, source, tag, count)

/* The status of a completed null request is empty: any source, any tag, no data. */
#define check_empty_status(status) check_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, 0)

/* Persistent send of each mode around the ring, restarted ROUNDS times with new data. */
static void check_persistent(void)
{
    int out[COUNT] = {0}, in[COUNT] = {0};
    MPI_Request requests[2];
    MPI_Status statuses[2];

    for (int mode = 0; mode < 4; mode++) {
        int tag = 10 + mode;
        switch (mode) {
        case 0: CHECK_MPI(MPI_Send_init(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &requests[1])); break;
        case 1: CHECK_MPI(MPI_Bsend_init(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &requests[1])); break;
        case 2: CHECK_MPI(MPI_Ssend_init(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &requests[1])); break;
        default: CHECK_MPI(MPI_Rsend_init(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &requests[1])); break;
        }
        CHECK_MPI(MPI_Recv_init(in, COUNT, MPI_INT, MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &requests[0]));

        for (int round = 0; round < ROUNDS; round++) {
            fill(out, world_rank + round, tag);
            if (mode == 3) {
                /* A ready send needs its receive started everywhere first. */
                CHECK_MPI(MPI_Start(&requests[0]));
                CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
                CHECK_MPI(MPI_Start(&requests[1]));
            } else {
                CHECK_MPI(MPI_Startall(2, requests));
            }
            reset_status(&statuses[0]);
            reset_status(&statuses[1]);
            CHECK_MPI(MPI_Waitall(2, requests, statuses));
            /* Persistent requests stay allocated, inactive, after completion. */
            CHECK(requests[0] != MPI_REQUEST_NULL);
            CHECK(requests[1] != MPI_REQUEST_NULL);
            check_status(&statuses[0], left, tag, COUNT);
            check_payload(in, left + round, tag);
            CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
        }
        CHECK_MPI(MPI_Request_free(&requests[0]));
        CHECK_MPI(MPI_Request_free(&requests[1]));
        CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
        CHECK_HANDLE(MPI_REQUEST_NULL, requests[1]);
    }

    /* Waiting on an inactive persistent request returns the empty status. */
    MPI_Request inactive;
    MPI_Status status;
    CHECK_MPI(MPI_Recv_init(in, COUNT, MPI_INT, left, 19, MPI_COMM_WORLD, &inactive));
    reset_status(&status);
    CHECK_MPI(MPI_Wait(&inactive, &status));
    check_empty_status(&status);
    CHECK(inactive != MPI_REQUEST_NULL);
    CHECK_MPI(MPI_Request_free(&inactive));
}

static void check_null_requests(void)
{
    MPI_Request requests[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Status status, statuses[3];
    int index = -5, flag = -1, outcount = -5, indices[3];

    reset_status(&status);
    CHECK_MPI(MPI_Wait(&requests[0], &status));
    check_empty_status(&status);

    reset_status(&status);
    CHECK_MPI(MPI_Test(&requests[0], &flag, &status));
    CHECK_INT(1, flag);
    check_empty_status(&status);

    for (int i = 0; i < 3; i++)
        reset_status(&statuses[i]);
    CHECK_MPI(MPI_Waitall(3, requests, statuses));
    for (int i = 0; i < 3; i++)
        check_empty_status(&statuses[i]);

    flag = -1;
    CHECK_MPI(MPI_Testall(3, requests, &flag, MPI_STATUSES_IGNORE));
    CHECK_INT(1, flag);

    reset_status(&status);
    CHECK_MPI(MPI_Waitany(3, requests, &index, &status));
    CHECK_INT(MPI_UNDEFINED, index);
    check_empty_status(&status);

    flag = -1;
    index = -5;
    CHECK_MPI(MPI_Testany(3, requests, &index, &flag, MPI_STATUS_IGNORE));
    CHECK_INT(1, flag);
    CHECK_INT(MPI_UNDEFINED, index);

    CHECK_MPI(MPI_Waitsome(3, requests, &outcount, indices, statuses));
    CHECK_INT(MPI_UNDEFINED, outcount);
    outcount = -5;
    CHECK_MPI(MPI_Testsome(3, requests, &outcount, indices, MPI_STATUSES_IGNORE));
    CHECK_INT(MPI_UNDEFINED, outcount);
}

/* Two receives among null entries at indices 1 and 3; sends follow only once the receives are posted. */
static void post_pair(MPI_Request requests[4], int in[2][COUNT], int out[2][COUNT], MPI_Request sends[2],
                      int tag)
{
    requests[0] = MPI_REQUEST_NULL;
    requests[2] = MPI_REQUEST_NULL;
    CHECK_MPI(MPI_Irecv(in[0], COUNT, MPI_INT, left, tag, MPI_COMM_WORLD, &requests[1]));
    CHECK_MPI(MPI_Irecv(in[1], COUNT, MPI_INT, MPI_ANY_SOURCE, tag + 1, MPI_COMM_WORLD, &requests[3]));
    fill(out[0], world_rank, tag);
    fill(out[1], world_rank, tag + 1);
    CHECK_MPI(MPI_Isend(out[1], COUNT, MPI_INT, right, tag + 1, MPI_COMM_WORLD, &sends[1]));
    CHECK_MPI(MPI_Isend(out[0], COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &sends[0]));
}

static void check_completed_pair(int in[2][COUNT], MPI_Request sends[2], int tag)
{
    check_payload(in[0], left, tag);
    check_payload(in[1], left, tag + 1);
    CHECK_MPI(MPI_Waitall(2, sends, MPI_STATUSES_IGNORE));
    CHECK_HANDLE(MPI_REQUEST_NULL, sends[0]);
    CHECK_HANDLE(MPI_REQUEST_NULL, sends[1]);
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

static void check_completion_families(void)
{
    MPI_Request requests[4], sends[2];
    MPI_Status status, statuses[4];
    int in[2][COUNT], out[2][COUNT], seen[4], index, flag, outcount, indices[4];

    /* Waitany: each receive once, then MPI_UNDEFINED. */
    post_pair(requests, in, out, sends, 30);
    memset(seen, 0, sizeof seen);
    for (int k = 0; k < 2; k++) {
        reset_status(&status);
        CHECK_MPI(MPI_Waitany(4, requests, &index, &status));
        CHECK(index == 1 || index == 3);
        CHECK_INT(0, seen[index]);
        seen[index] = 1;
        CHECK_HANDLE(MPI_REQUEST_NULL, requests[index]);
        check_status(&status, left, index == 1 ? 30 : 31, COUNT);
    }
    CHECK_MPI(MPI_Waitany(4, requests, &index, MPI_STATUS_IGNORE));
    CHECK_INT(MPI_UNDEFINED, index);
    check_completed_pair(in, sends, 30);

    /* Waitsome until everything has been reported exactly once. */
    post_pair(requests, in, out, sends, 32);
    memset(seen, 0, sizeof seen);
    for (int done = 0; done < 2;) {
        for (int i = 0; i < 4; i++)
            reset_status(&statuses[i]);
        CHECK_MPI(MPI_Waitsome(4, requests, &outcount, indices, statuses));
        CHECK(outcount >= 1 && outcount <= 2 - done);
        for (int k = 0; k < outcount; k++) {
            CHECK(indices[k] == 1 || indices[k] == 3);
            CHECK_INT(0, seen[indices[k]]);
            seen[indices[k]] = 1;
            check_status(&statuses[k], left, indices[k] == 1 ? 32 : 33, COUNT);
        }
        done += outcount;
    }
    CHECK_MPI(MPI_Waitsome(4, requests, &outcount, indices, MPI_STATUSES_IGNORE));
    CHECK_INT(MPI_UNDEFINED, outcount);
    check_completed_pair(in, sends, 32);

    /* Testall until done, with statuses in request order. */
    post_pair(requests, in, out, sends, 34);
    flag = 0;
    while (!flag) {
        for (int i = 0; i < 4; i++)
            reset_status(&statuses[i]);
        CHECK_MPI(MPI_Testall(4, requests, &flag, statuses));
    }
    check_status(&statuses[1], left, 34, COUNT);
    check_status(&statuses[3], left, 35, COUNT);
    check_empty_status(&statuses[0]);
    for (int i = 0; i < 4; i++)
        CHECK_HANDLE(MPI_REQUEST_NULL, requests[i]);
    check_completed_pair(in, sends, 34);

    /* Testany and Testsome polling. */
    post_pair(requests, in, out, sends, 36);
    memset(seen, 0, sizeof seen);
    for (int done = 0; done < 2;) {
        flag = 0;
        reset_status(&status);
        CHECK_MPI(MPI_Testany(4, requests, &index, &flag, &status));
        if (!flag) {
            CHECK_INT(MPI_UNDEFINED, index);
            continue;
        }
        CHECK(index == 1 || index == 3);
        CHECK_INT(0, seen[index]);
        seen[index] = 1;
        check_status(&status, left, index == 1 ? 36 : 37, COUNT);
        done++;
    }
    check_completed_pair(in, sends, 36);

    post_pair(requests, in, out, sends, 38);
    memset(seen, 0, sizeof seen);
    for (int done = 0; done < 2;) {
        for (int i = 0; i < 4; i++)
            reset_status(&statuses[i]);
        CHECK_MPI(MPI_Testsome(4, requests, &outcount, indices, statuses));
        CHECK(outcount >= 0 && outcount <= 2 - done);
        for (int k = 0; k < outcount; k++) {
            CHECK(indices[k] == 1 || indices[k] == 3);
            CHECK_INT(0, seen[indices[k]]);
            seen[indices[k]] = 1;
            check_status(&statuses[k], left, indices[k] == 1 ? 38 : 39, COUNT);
        }
        done += outcount;
    }
    check_completed_pair(in, sends, 38);

    /* Test on a single request until it completes. */
    MPI_Request receive, send;
    CHECK_MPI(MPI_Irecv(in[0], COUNT, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &receive));
    fill(out[0], world_rank, 40);
    CHECK_MPI(MPI_Isend(out[0], COUNT, MPI_INT, right, 40, MPI_COMM_WORLD, &send));
    flag = 0;
    while (!flag) {
        reset_status(&status);
        CHECK_MPI(MPI_Test(&receive, &flag, &status));
    }
    CHECK_HANDLE(MPI_REQUEST_NULL, receive);
    check_status(&status, left, 40, COUNT);
    check_payload(in[0], left, 40);
    CHECK_MPI(MPI_Wait(&send, MPI_STATUS_IGNORE));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

static void check_cancel_and_get_status(void)
{
    int in[COUNT], out[COUNT], flag = -1, cancelled = -1;
    MPI_Request receive, send;
    MPI_Status status;

    /* Nothing is ever sent with tag 77: the receive can only complete by cancellation. */
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, left, 77, MPI_COMM_WORLD, &receive));
    CHECK_MPI(MPI_Cancel(&receive));
    CHECK(receive != MPI_REQUEST_NULL);
    reset_status(&status);
    CHECK_MPI(MPI_Wait(&receive, &status));
    CHECK_HANDLE(MPI_REQUEST_NULL, receive);
    CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
    CHECK_INT(1, cancelled);

    /* Request_get_status reports completion without freeing the request. */
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, left, 78, MPI_COMM_WORLD, &receive));
    fill(out, world_rank, 78);
    CHECK_MPI(MPI_Isend(out, COUNT, MPI_INT, right, 78, MPI_COMM_WORLD, &send));
    flag = 0;
    while (!flag) {
        reset_status(&status);
        CHECK_MPI(MPI_Request_get_status(receive, &flag, &status));
    }
    CHECK(receive != MPI_REQUEST_NULL);
    check_status(&status, left, 78, COUNT);
    CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
    CHECK_INT(0, cancelled);
    reset_status(&status);
    CHECK_MPI(MPI_Wait(&receive, &status));
    CHECK_HANDLE(MPI_REQUEST_NULL, receive);
    check_status(&status, left, 78, COUNT);
    check_payload(in, left, 78);

    CHECK_MPI(MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &status));
    CHECK_INT(1, flag);
    check_empty_status(&status);

    CHECK_MPI(MPI_Wait(&send, MPI_STATUS_IGNORE));
    CHECK_MPI(MPI_Recv(in, COUNT, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

static void check_status_setters(void)
{
    MPI_Status status;
    int count = -1, elements = -1, cancelled = -1;
    MPI_Count elements_x = -1;

    reset_status(&status);
    CHECK_MPI(MPI_Status_set_elements(&status, MPI_INT, 7));
    CHECK_MPI(MPI_Get_elements(&status, MPI_INT, &elements));
    CHECK_INT(7, elements);
    CHECK_MPI(MPI_Get_count(&status, MPI_INT, &count));
    CHECK_INT(7, count);
    CHECK_MPI(MPI_Get_count(&status, MPI_BYTE, &count));
    CHECK_INT(7 * (int)sizeof(int), count);

    CHECK_MPI(MPI_Status_set_cancelled(&status, 1));
    CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
    CHECK_INT(1, cancelled);
    CHECK_MPI(MPI_Get_elements(&status, MPI_INT, &elements));
    CHECK_INT(7, elements);
    CHECK_MPI(MPI_Status_set_cancelled(&status, 0));
    CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
    CHECK_INT(0, cancelled);

    /* INT_MAX ints is about 8 GiB: the byte count needs more than 32 bits in the status. */
    CHECK_MPI(MPI_Status_set_elements(&status, MPI_INT, INT_MAX));
    CHECK_MPI(MPI_Get_elements(&status, MPI_INT, &elements));
    CHECK_INT(INT_MAX, elements);
    CHECK_MPI(MPI_Get_count(&status, MPI_INT, &count));
    CHECK_INT(INT_MAX, count);
    CHECK_MPI(MPI_Get_elements_x(&status, MPI_INT, &elements_x));
    CHECK_INT(INT_MAX, elements_x);

    const MPI_Count big = 3000000000LL;
    CHECK_MPI(MPI_Status_set_elements_x(&status, MPI_INT, big));
    CHECK_MPI(MPI_Status_set_cancelled(&status, 1));
    CHECK_MPI(MPI_Get_elements_x(&status, MPI_INT, &elements_x));
    CHECK_INT(big, elements_x);
    CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
    CHECK_INT(1, cancelled);
    CHECK_MPI(MPI_Get_elements(&status, MPI_INT, &elements));
    CHECK_INT(MPI_UNDEFINED, elements);
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
    right = (world_rank + 1) % world_size;
    left = (world_rank + world_size - 1) % world_size;

    int pack_size = 0;
    CHECK_MPI(MPI_Pack_size(COUNT, MPI_INT, MPI_COMM_WORLD, &pack_size));
    int buffer_size = 2 * (pack_size + MPI_BSEND_OVERHEAD);
    void *buffer = malloc((size_t)buffer_size);
    CHECK(buffer != NULL);
    CHECK_MPI(MPI_Buffer_attach(buffer, buffer_size));

    check_persistent();
    check_null_requests();
    check_completion_families();
    check_cancel_and_get_status();
    check_status_setters();

    void *detached = NULL;
    int detached_size = -1;
    CHECK_MPI(MPI_Buffer_detach(&detached, &detached_size));
    CHECK(detached == buffer);
    CHECK_INT(buffer_size, detached_size);
    free(buffer);

    check_report_ok("requests");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
