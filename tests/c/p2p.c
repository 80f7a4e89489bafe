/*
 * Point-to-point: every send mode (blocking and immediate), wildcard receives and their
 * status, Sendrecv(_replace), MPI_PROC_NULL peers, probes and matched probes, buffer
 * attach/detach. Messages travel around a ring, so 1 rank talks to itself.
 */
#include "check.h"

#define COUNT 5

static int world_size, world_rank, right, left;

/* Payload: distinguishable per sender and per tag. */
static void fill(int *buf, int count, int sender, int tag)
{
    for (int i = 0; i < count; i++)
        buf[i] = sender * 1000 + tag * 10 + i;
}

static void check_payload(const int *buf, int count, int sender, int tag)
{
    for (int i = 0; i < count; i++)
        CHECK_INT(sender * 1000 + tag * 10 + i, buf[i]);
}

static void reset_status(MPI_Status *status)
{
    memset(status, 0x5a, sizeof *status);
    status->MPI_ERROR = MPI_SUCCESS;
}

/* Status checks report the caller's line. */
#define check_status(status, source, tag, count) check_status_at(__FILE__, __LINE__, status, source, tag, count)
static void check_status_at(const char *file, int line, const MPI_Status *status, int source, int tag, int count)
{
    int n = -1, elements = -1;
    check_long(file, line, "status MPI_SOURCE", source, status->MPI_SOURCE);
    check_long(file, line, "status MPI_TAG", tag, status->MPI_TAG);
    check_long(file, line, "status MPI_ERROR", MPI_SUCCESS, status->MPI_ERROR);
    CHECK_MPI(MPI_Get_count(status, MPI_INT, &n));
    check_long(file, line, "MPI_Get_count", count, n);
    CHECK_MPI(MPI_Get_elements(status, MPI_INT, &elements));
    check_long(file, line, "MPI_Get_elements", count, elements);
}

/* A receive is posted first so blocking and ready sends are legal with any number of ranks. */
static void check_blocking_modes(void)
{
    int out[COUNT], in[COUNT];
    MPI_Request request;
    MPI_Status status;

    for (int mode = 0; mode < 4; mode++) {
        int tag = 10 + mode;
        fill(out, COUNT, world_rank, tag);
        CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, left, tag, MPI_COMM_WORLD, &request));
        CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
        switch (mode) {
        case 0: CHECK_MPI(MPI_Send(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD)); break;
        case 1: CHECK_MPI(MPI_Bsend(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD)); break;
        case 2: CHECK_MPI(MPI_Ssend(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD)); break;
        default: CHECK_MPI(MPI_Rsend(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD)); break;
        }
        reset_status(&status);
        CHECK_MPI(MPI_Wait(&request, &status));
        CHECK_HANDLE(MPI_REQUEST_NULL, request);
        check_status(&status, left, tag, COUNT);
        check_payload(in, COUNT, left, tag);
    }
}

/* Immediate sends, blocking wildcard receives. */
static void check_immediate_modes(void)
{
    int out[COUNT], in[COUNT];
    MPI_Request request;
    MPI_Status status;

    for (int mode = 0; mode < 4; mode++) {
        int tag = 20 + mode;
        fill(out, COUNT, world_rank, tag);
        if (mode == 3) {
            /* Irsend needs the matching receive already posted. */
            MPI_Request receive;
            CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &receive));
            CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
            CHECK_MPI(MPI_Irsend(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &request));
            reset_status(&status);
            CHECK_MPI(MPI_Wait(&receive, &status));
        } else {
            switch (mode) {
            case 0: CHECK_MPI(MPI_Isend(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &request)); break;
            case 1: CHECK_MPI(MPI_Ibsend(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &request)); break;
            default: CHECK_MPI(MPI_Issend(out, COUNT, MPI_INT, right, tag, MPI_COMM_WORLD, &request)); break;
            }
            reset_status(&status);
            CHECK_MPI(MPI_Recv(in, COUNT, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status));
        }
        check_status(&status, left, tag, COUNT);
        check_payload(in, COUNT, left, tag);
        CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
        CHECK_HANDLE(MPI_REQUEST_NULL, request);
        CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    }
}

/* A short message: Get_count in a type that does not divide it is MPI_UNDEFINED. */
static void check_partial_count(void)
{
    int out[3], in[COUNT], count = -1, elements = -1;
    MPI_Datatype pair;
    MPI_Status status;
    MPI_Request request;

    fill(out, 3, world_rank, 30);
    CHECK_MPI(MPI_Type_contiguous(2, MPI_INT, &pair));
    CHECK_MPI(MPI_Type_commit(&pair));
    CHECK_MPI(MPI_Isend(out, 3, MPI_INT, right, 30, MPI_COMM_WORLD, &request));
    CHECK_MPI(MPI_Recv(in, COUNT, MPI_INT, left, 30, MPI_COMM_WORLD, &status));
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
    check_payload(in, 3, left, 30);
    CHECK_MPI(MPI_Get_count(&status, MPI_INT, &count));
    CHECK_INT(3, count);
    CHECK_MPI(MPI_Get_count(&status, pair, &count));
    CHECK_INT(MPI_UNDEFINED, count);
    CHECK_MPI(MPI_Get_elements(&status, pair, &elements));
    CHECK_INT(3, elements);
    CHECK_MPI(MPI_Get_count(&status, MPI_BYTE, &count));
    CHECK_INT(3 * (int)sizeof(int), count);
    CHECK_MPI(MPI_Type_free(&pair));
}

static void check_sendrecv(void)
{
    int out[COUNT], in[COUNT];
    MPI_Status status;

    fill(out, COUNT, world_rank, 40);
    reset_status(&status);
    CHECK_MPI(MPI_Sendrecv(out, COUNT, MPI_INT, right, 40, in, COUNT, MPI_INT, MPI_ANY_SOURCE, 40,
                           MPI_COMM_WORLD, &status));
    check_status(&status, left, 40, COUNT);
    check_payload(in, COUNT, left, 40);

    fill(in, COUNT, world_rank, 41);
    reset_status(&status);
    CHECK_MPI(MPI_Sendrecv_replace(in, COUNT, MPI_INT, right, 41, left, MPI_ANY_TAG, MPI_COMM_WORLD, &status));
    check_status(&status, left, 41, COUNT);
    check_payload(in, COUNT, left, 41);
}

/* The empty status of a MPI_PROC_NULL receive: source MPI_PROC_NULL, tag MPI_ANY_TAG, count 0. */
#define check_proc_null_status(status) check_status_at(__FILE__, __LINE__, status, MPI_PROC_NULL, MPI_ANY_TAG, 0)

/* MPICH 4.0 completes nonblocking receives from MPI_PROC_NULL with source 0 and tag 0: an MPICH program
 * on MPICH gets them; every other program gets the empty status, through translation too
 * (runtime-c/wi_procnull.h). The same calls either way (traces of both are compared): the source and
 * tag of MPICH's are replaced before the common check. */
static int mpichs_nonblocking_proc_null_status = -1;

#define check_nonblocking_proc_null_status(status) check_nonblocking_proc_null_status_at(__FILE__, __LINE__, status)
static void check_nonblocking_proc_null_status_at(const char *file, int line, const MPI_Status *status)
{
    if (mpichs_nonblocking_proc_null_status < 0) {
        mpichs_nonblocking_proc_null_status = 0;
#if defined(MPICH_VERSION)
        char version[MPI_MAX_LIBRARY_VERSION_STRING];
        int len = 0;
        CHECK_MPI(MPI_Get_library_version(version, &len));
        mpichs_nonblocking_proc_null_status = strstr(version, "MPICH") != NULL;
#endif
    }
    MPI_Status checked = *status;
    if (mpichs_nonblocking_proc_null_status && checked.MPI_SOURCE == 0 && checked.MPI_TAG == 0) {
        checked.MPI_SOURCE = MPI_PROC_NULL;
        checked.MPI_TAG = MPI_ANY_TAG;
    }
    check_status_at(file, line, &checked, MPI_PROC_NULL, MPI_ANY_TAG, 0);
}

static void check_proc_null(void)
{
    int out[COUNT], in[COUNT];
    MPI_Status status;
    MPI_Request requests[2];

    fill(out, COUNT, world_rank, 50);
    fill(in, COUNT, world_rank, 51);
    CHECK_MPI(MPI_Send(out, COUNT, MPI_INT, MPI_PROC_NULL, 50, MPI_COMM_WORLD));
    CHECK_MPI(MPI_Ssend(out, COUNT, MPI_INT, MPI_PROC_NULL, 50, MPI_COMM_WORLD));
    reset_status(&status);
    CHECK_MPI(MPI_Recv(in, COUNT, MPI_INT, MPI_PROC_NULL, 50, MPI_COMM_WORLD, &status));
    check_proc_null_status(&status);
    check_payload(in, COUNT, world_rank, 51);

    CHECK_MPI(MPI_Isend(out, COUNT, MPI_INT, MPI_PROC_NULL, 52, MPI_COMM_WORLD, &requests[0]));
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, MPI_PROC_NULL, 52, MPI_COMM_WORLD, &requests[1]));
    CHECK_MPI(MPI_Wait(&requests[0], MPI_STATUS_IGNORE));
    reset_status(&status);
    CHECK_MPI(MPI_Wait(&requests[1], &status));
    check_nonblocking_proc_null_status(&status);
    check_payload(in, COUNT, world_rank, 51);

    /* Completed by MPI_Test, MPI_Request_get_status, MPI_Waitall, MPI_Waitany and MPI_Testsome; cancelled. */
    int flag = 0;
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, MPI_PROC_NULL, 55, MPI_COMM_WORLD, &requests[0]));
    reset_status(&status);
    while (!flag)
        CHECK_MPI(MPI_Test(&requests[0], &flag, &status));
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
    check_nonblocking_proc_null_status(&status);
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, MPI_PROC_NULL, 56, MPI_COMM_WORLD, &requests[0]));
    reset_status(&status);
    flag = 0;
    CHECK_MPI(MPI_Request_get_status(requests[0], &flag, &status));
    CHECK_INT(1, flag);
    check_nonblocking_proc_null_status(&status);
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, MPI_PROC_NULL, 56, MPI_COMM_WORLD, &requests[1]));
    MPI_Status statuses[2];
    reset_status(&statuses[0]);
    reset_status(&statuses[1]);
    CHECK_MPI(MPI_Waitall(2, requests, statuses));
    check_nonblocking_proc_null_status(&statuses[0]);
    check_nonblocking_proc_null_status(&statuses[1]);
    int index = -1;
    requests[0] = MPI_REQUEST_NULL;
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, MPI_PROC_NULL, 57, MPI_COMM_WORLD, &requests[1]));
    reset_status(&status);
    CHECK_MPI(MPI_Waitany(2, requests, &index, &status));
    CHECK_INT(1, index);
    check_nonblocking_proc_null_status(&status);
    int outcount = -1, indices[2] = {-1, -1};
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, MPI_PROC_NULL, 58, MPI_COMM_WORLD, &requests[1]));
    reset_status(&statuses[0]);
    CHECK_MPI(MPI_Testsome(2, requests, &outcount, indices, statuses));
    CHECK_INT(1, outcount);
    CHECK_INT(1, indices[0]);
    check_nonblocking_proc_null_status(&statuses[0]);
    CHECK_MPI(MPI_Irecv(in, COUNT, MPI_INT, MPI_PROC_NULL, 59, MPI_COMM_WORLD, &requests[0]));
    CHECK_MPI(MPI_Cancel(&requests[0]));
    reset_status(&status);
    CHECK_MPI(MPI_Wait(&requests[0], &status));
    int cancelled = -1;
    CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
    CHECK_INT(0, cancelled);
    check_payload(in, COUNT, world_rank, 51);

    reset_status(&status);
    CHECK_MPI(MPI_Sendrecv(out, COUNT, MPI_INT, MPI_PROC_NULL, 53, in, COUNT, MPI_INT, MPI_PROC_NULL, 53,
                           MPI_COMM_WORLD, &status));
    check_proc_null_status(&status);

    reset_status(&status);
    CHECK_MPI(MPI_Probe(MPI_PROC_NULL, 54, MPI_COMM_WORLD, &status));
    check_proc_null_status(&status);
    check_payload(in, COUNT, world_rank, 51);
}

static void check_probe(void)
{
    int out[COUNT], in[COUNT], flag = -1;
    MPI_Request request;
    MPI_Status status;

    /* Nothing is ever sent with this tag. */
    CHECK_MPI(MPI_Iprobe(MPI_ANY_SOURCE, 999, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE));
    CHECK_INT(0, flag);

    fill(out, COUNT, world_rank, 60);
    CHECK_MPI(MPI_Isend(out, COUNT, MPI_INT, right, 60, MPI_COMM_WORLD, &request));
    reset_status(&status);
    CHECK_MPI(MPI_Probe(MPI_ANY_SOURCE, 60, MPI_COMM_WORLD, &status));
    check_status(&status, left, 60, COUNT);
    CHECK_MPI(MPI_Recv(in, COUNT, MPI_INT, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    check_payload(in, COUNT, left, 60);
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));

    fill(out, COUNT, world_rank, 61);
    CHECK_MPI(MPI_Isend(out, COUNT, MPI_INT, right, 61, MPI_COMM_WORLD, &request));
    flag = 0;
    while (!flag) {
        reset_status(&status);
        CHECK_MPI(MPI_Iprobe(left, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status));
    }
    check_status(&status, left, 61, COUNT);
    CHECK_MPI(MPI_Recv(in, COUNT, MPI_INT, left, 61, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    check_payload(in, COUNT, left, 61);
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

static void check_matched_probe(void)
{
    int out[COUNT], in[COUNT], flag = 0;
    MPI_Request send, receive;
    MPI_Message message;
    MPI_Status status;

    fill(out, COUNT, world_rank, 70);
    CHECK_MPI(MPI_Isend(out, COUNT, MPI_INT, right, 70, MPI_COMM_WORLD, &send));
    reset_status(&status);
    CHECK_MPI(MPI_Mprobe(MPI_ANY_SOURCE, 70, MPI_COMM_WORLD, &message, &status));
    CHECK(message != MPI_MESSAGE_NULL);
    check_status(&status, left, 70, COUNT);
    reset_status(&status);
    CHECK_MPI(MPI_Mrecv(in, COUNT, MPI_INT, &message, &status));
    CHECK_HANDLE(MPI_MESSAGE_NULL, message);
    check_status(&status, left, 70, COUNT);
    check_payload(in, COUNT, left, 70);
    CHECK_MPI(MPI_Wait(&send, MPI_STATUS_IGNORE));

    fill(out, COUNT, world_rank, 71);
    CHECK_MPI(MPI_Isend(out, COUNT, MPI_INT, right, 71, MPI_COMM_WORLD, &send));
    while (!flag)
        CHECK_MPI(MPI_Improbe(left, 71, MPI_COMM_WORLD, &flag, &message, MPI_STATUS_IGNORE));
    CHECK(message != MPI_MESSAGE_NULL);
    CHECK_MPI(MPI_Imrecv(in, COUNT, MPI_INT, &message, &receive));
    CHECK_HANDLE(MPI_MESSAGE_NULL, message);
    CHECK(receive != MPI_REQUEST_NULL);
    reset_status(&status);
    CHECK_MPI(MPI_Wait(&receive, &status));
    CHECK_HANDLE(MPI_REQUEST_NULL, receive);
    check_status(&status, left, 71, COUNT);
    check_payload(in, COUNT, left, 71);
    CHECK_MPI(MPI_Wait(&send, MPI_STATUS_IGNORE));

    /* Probing MPI_PROC_NULL yields the no-process message. */
    reset_status(&status);
    CHECK_MPI(MPI_Mprobe(MPI_PROC_NULL, 72, MPI_COMM_WORLD, &message, &status));
    CHECK_HANDLE(MPI_MESSAGE_NO_PROC, message);
    check_proc_null_status(&status);
    reset_status(&status);
    CHECK_MPI(MPI_Mrecv(in, COUNT, MPI_INT, &message, &status));
    CHECK_HANDLE(MPI_MESSAGE_NULL, message);
    check_proc_null_status(&status);
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &world_size));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &world_rank));
    right = (world_rank + 1) % world_size;
    left = (world_rank + world_size - 1) % world_size;

    /* One buffered message in flight at a time: room for two with their overhead. */
    int pack_size = 0;
    CHECK_MPI(MPI_Pack_size(COUNT, MPI_INT, MPI_COMM_WORLD, &pack_size));
    int buffer_size = 2 * (pack_size + MPI_BSEND_OVERHEAD);
    void *buffer = malloc((size_t)buffer_size);
    CHECK(buffer != NULL);
    CHECK_MPI(MPI_Buffer_attach(buffer, buffer_size));

    check_blocking_modes();
    check_immediate_modes();
    check_partial_count();
    check_sendrecv();
    check_proc_null();
    check_probe();
    check_matched_probe();

    void *detached = NULL;
    int detached_size = -1;
    CHECK_MPI(MPI_Buffer_detach(&detached, &detached_size));
    CHECK(detached == buffer);
    CHECK_INT(buffer_size, detached_size);
    free(buffer);

    check_report_ok("p2p");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
