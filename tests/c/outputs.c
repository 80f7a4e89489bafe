/*
 * Outputs of calls that produce nothing: what both MPI implementations leave in the application's
 * memory when a probe or test finds nothing (flag = false), when nothing is left to complete
 * (MPI_UNDEFINED, outcount 0), and when a call fails under MPI_ERRORS_RETURN. Each output starts
 * filled with a pattern; "untouched" means the pattern is still there, byte for byte. Statuses that
 * are written must hold the standard's empty status, with MPI_ERROR left alone by single-completion
 * calls.
 */
#include "check.h"

#define PATTERN 0x5a

static int untouched(const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i] != PATTERN)
            return 0;
    return 1;
}

#define MARK(x) memset(&(x), PATTERN, sizeof(x))
#define CHECK_UNTOUCHED(x) check_long(__FILE__, __LINE__, "untouched " #x, 1, untouched(&(x), sizeof(x)))

/* The empty status of a completed null or inactive request; MPI_ERROR is not written. */
static void check_empty_status_at(int line, const MPI_Status *s)
{
    int count = -1;
    check_long(__FILE__, line, "empty status MPI_SOURCE", MPI_ANY_SOURCE, s->MPI_SOURCE);
    check_long(__FILE__, line, "empty status MPI_TAG", MPI_ANY_TAG, s->MPI_TAG);
    check_long(__FILE__, line, "empty status MPI_ERROR left alone", 1, untouched(&s->MPI_ERROR, sizeof s->MPI_ERROR));
    MPI_Get_count(s, MPI_BYTE, &count);
    check_long(__FILE__, line, "empty status count", 0, count);
}
#define CHECK_EMPTY_STATUS(s) check_empty_status_at(__LINE__, &(s))

static void nothing_to_find(void)
{
    MPI_Status status;
    MPI_Message message;
    int flag = -1;

    MARK(status);
    CHECK_MPI(MPI_Iprobe(MPI_ANY_SOURCE, 7, MPI_COMM_SELF, &flag, &status));
    CHECK_INT(0, flag);
    CHECK_UNTOUCHED(status);

    MARK(status);
    MARK(message);
    CHECK_MPI(MPI_Improbe(MPI_ANY_SOURCE, 7, MPI_COMM_SELF, &flag, &message, &status));
    CHECK_INT(0, flag);
    CHECK_UNTOUCHED(status);
    CHECK_HANDLE(MPI_MESSAGE_NULL, message); /* both implementations write it */
}

static void nothing_completed(void)
{
    char buf[16];
    MPI_Request requests[3];
    MPI_Status status, statuses[3];
    int flag = -1, index, outcount, indices[3];

    CHECK_MPI(MPI_Irecv(buf, 4, MPI_BYTE, 0, 9, MPI_COMM_SELF, &requests[0]));
    requests[1] = MPI_REQUEST_NULL;
    CHECK_MPI(MPI_Irecv(buf + 8, 4, MPI_BYTE, 0, 10, MPI_COMM_SELF, &requests[2]));

    MARK(status);
    CHECK_MPI(MPI_Test(&requests[0], &flag, &status));
    CHECK_INT(0, flag);
    CHECK_UNTOUCHED(status);

    MARK(status);
    MARK(index);
    CHECK_MPI(MPI_Testany(3, requests, &index, &flag, &status));
    CHECK_INT(0, flag);
    CHECK_INT(MPI_UNDEFINED, index);
    CHECK_UNTOUCHED(status);

    MARK(statuses);
    MARK(indices);
    CHECK_MPI(MPI_Testsome(3, requests, &outcount, indices, statuses));
    CHECK_INT(0, outcount);
    CHECK_UNTOUCHED(indices);
    CHECK_UNTOUCHED(statuses);

    MARK(statuses);
    CHECK_MPI(MPI_Testall(3, requests, &flag, statuses));
    CHECK_INT(0, flag);
    CHECK_UNTOUCHED(statuses);

    MARK(status);
    CHECK_MPI(MPI_Request_get_status(requests[0], &flag, &status));
    CHECK_INT(0, flag);
    CHECK_UNTOUCHED(status);

    CHECK_MPI(MPI_Cancel(&requests[0]));
    CHECK_MPI(MPI_Cancel(&requests[2]));
    CHECK_MPI(MPI_Waitall(3, requests, MPI_STATUSES_IGNORE));
}

static void nothing_left(void)
{
    MPI_Request nulls[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Status status, statuses[2];
    int flag = -1, index, outcount, indices[2];

    MARK(status);
    MARK(index);
    CHECK_MPI(MPI_Testany(2, nulls, &index, &flag, &status));
    CHECK_INT(1, flag);
    CHECK_INT(MPI_UNDEFINED, index);
    CHECK_EMPTY_STATUS(status);

    MARK(status);
    MARK(index);
    CHECK_MPI(MPI_Waitany(2, nulls, &index, &status));
    CHECK_INT(MPI_UNDEFINED, index);
    CHECK_EMPTY_STATUS(status);

    MARK(statuses);
    MARK(indices);
    CHECK_MPI(MPI_Waitsome(2, nulls, &outcount, indices, statuses));
    CHECK_INT(MPI_UNDEFINED, outcount);
    CHECK_UNTOUCHED(indices);
    CHECK_UNTOUCHED(statuses);

    MARK(statuses);
    CHECK_MPI(MPI_Testsome(2, nulls, &outcount, indices, statuses));
    CHECK_INT(MPI_UNDEFINED, outcount);
    CHECK_UNTOUCHED(statuses);

    MARK(status);
    CHECK_MPI(MPI_Test(&nulls[0], &flag, &status));
    CHECK_INT(1, flag);
    CHECK_EMPTY_STATUS(status);

    MARK(status);
    CHECK_MPI(MPI_Wait(&nulls[0], &status));
    CHECK_EMPTY_STATUS(status);
}

/* A synchronous send to itself that nobody receives, cancelled: where the runtime cancels sends
 * (MPICH) the completion's status says so and nothing is left to receive; where it does not (Open MPI
 * 4.1) the send completes once received, not cancelled. MPICH's MPI_Request_get_status writes only the
 * cancelled bit of a send's status. */
static void cancelled_send(void)
{
    int data = 42, flag = 0, cancelled = -1;
    MPI_Request request;
    MPI_Status status;
    CHECK_MPI(MPI_Issend(&data, 1, MPI_INT, 0, 77, MPI_COMM_SELF, &request));
    CHECK_MPI(MPI_Cancel(&request));
    for (int i = 0; i < 1000 && !flag; i++) {
        memset(&status, 0, sizeof status); /* not cancelled, as far as the application knows */
        CHECK_MPI(MPI_Request_get_status(request, &flag, &status));
    }
    if (flag) {
        CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
        CHECK_INT(1, cancelled);
        memset(&status, 0, sizeof status);
        CHECK_MPI(MPI_Wait(&request, &status));
        CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
        CHECK_INT(1, cancelled);
        CHECK_MPI(MPI_Iprobe(0, 77, MPI_COMM_SELF, &flag, MPI_STATUS_IGNORE));
        CHECK_INT(0, flag);
    } else {
        int received = 0;
        CHECK_MPI(MPI_Recv(&received, 1, MPI_INT, 0, 77, MPI_COMM_SELF, MPI_STATUS_IGNORE));
        CHECK_INT(42, received);
        CHECK_MPI(MPI_Wait(&request, &status));
        CHECK_MPI(MPI_Test_cancelled(&status, &cancelled));
        CHECK_INT(0, cancelled);
    }
}

static void failed_calls(void)
{
    MPI_Status status;
    MPI_Datatype type;
    int value, flag, size;
    char buf[16];

    CHECK_MPI(MPI_Comm_size(MPI_COMM_SELF, &size));

    MARK(status);
    CHECK(MPI_Recv(buf, 1, MPI_INT, size + 99, 0, MPI_COMM_SELF, &status) != MPI_SUCCESS);
    CHECK_UNTOUCHED(status);

    MARK(status);
    CHECK(MPI_Probe(size + 99, 0, MPI_COMM_SELF, &status) != MPI_SUCCESS);
    CHECK_UNTOUCHED(status);

    MARK(status);
    CHECK(MPI_Iprobe(size + 99, 0, MPI_COMM_SELF, &flag, &status) != MPI_SUCCESS);
    CHECK_UNTOUCHED(status);

    MARK(value);
    CHECK(MPI_Type_size(MPI_DATATYPE_NULL, &value) != MPI_SUCCESS);
    CHECK_UNTOUCHED(value);

    MPI_Count wide;
    MARK(wide);
    CHECK(MPI_Type_size_x(MPI_DATATYPE_NULL, &wide) != MPI_SUCCESS);
    CHECK_UNTOUCHED(wide);

    MARK(value);
    CHECK(MPI_Comm_rank(MPI_COMM_NULL, &value) != MPI_SUCCESS);
    CHECK_UNTOUCHED(value);

    MARK(type);
    CHECK(MPI_Type_contiguous(-1, MPI_INT, &type) != MPI_SUCCESS);
    CHECK_UNTOUCHED(type);
}

static void absent_values(void)
{
    int keyval, flag = -1;
    int *attribute;
    char value[32];
    int length;
    MPI_Info info;

    CHECK_MPI(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &keyval, NULL));
    MARK(attribute);
    CHECK_MPI(MPI_Comm_get_attr(MPI_COMM_SELF, keyval, &attribute, &flag));
    CHECK_INT(0, flag);
    CHECK_UNTOUCHED(attribute);
    CHECK_MPI(MPI_Comm_free_keyval(&keyval));

    CHECK_MPI(MPI_Info_create(&info));
    MARK(value);
    CHECK_MPI(MPI_Info_get(info, "absent", (int)sizeof value - 1, value, &flag));
    CHECK_INT(0, flag);
    CHECK_UNTOUCHED(value);
    MARK(length);
    CHECK_MPI(MPI_Info_get_valuelen(info, "absent", &length, &flag));
    CHECK_INT(0, flag);
    CHECK_UNTOUCHED(length);
    CHECK_MPI(MPI_Info_free(&info));
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    /* errors of calls without a communicator go to MPI_COMM_WORLD (MPI-3) or MPI_COMM_SELF (MPI-4) */
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));

    nothing_to_find();
    nothing_completed();
    nothing_left();
    cancelled_send();
    failed_calls();
    absent_values();

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("outputs: ok\n");
    MPI_Finalize();
    return 0;
}
