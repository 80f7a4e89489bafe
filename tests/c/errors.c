/*
 * Error handling: MPI_ERRORS_RETURN with provoked errors checked by class, error strings,
 * and a user communicator error handler that must see the
 * application's communicator handle and the code it was called with.
 */
#include "check.h"

static int n, me;

static void check_error_string(int code)
{
    char text[MPI_MAX_ERROR_STRING];
    int len = -1;
    memset(text, 0x7f, sizeof text);
    CHECK_MPI(MPI_Error_string(code, text, &len));
    CHECK(len > 0);
    CHECK(len < MPI_MAX_ERROR_STRING);
    CHECK_INT(len, strnlen(text, sizeof text));
}

/* A NULL argument is reported with MPI_ERR_ARG or with the class of what it should point to. */
static void check_null_argument_class(int rc, int pointee_class)
{
    int class = -1;
    CHECK(rc != MPI_SUCCESS);
    CHECK_MPI(MPI_Error_class(rc, &class));
    CHECK(class == MPI_ERR_ARG || class == pointee_class);
}

static void check_provoked_errors(void)
{
    int buf[4] = {0, 0, 0, 0}, size = -1;
    MPI_Errhandler handler;

    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_get_errhandler(MPI_COMM_WORLD, &handler));
    CHECK_HANDLE(MPI_ERRORS_RETURN, handler);

    int class = -1;
    CHECK_MPI(MPI_Error_class(MPI_SUCCESS, &class));
    CHECK_INT(MPI_SUCCESS, class);
    CHECK_MPI(MPI_Error_class(MPI_ERR_RANK, &class));
    CHECK_INT(MPI_ERR_RANK, class);

    int rc = MPI_Send(buf, 1, MPI_INT, n, 0, MPI_COMM_WORLD);
    CHECK_ERROR_CLASS(MPI_ERR_RANK, rc);
    check_error_string(rc);
    rc = MPI_Recv(buf, 1, MPI_INT, n + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK_ERROR_CLASS(MPI_ERR_RANK, rc);

    rc = MPI_Send(buf, -1, MPI_INT, me, 0, MPI_COMM_WORLD);
    CHECK_ERROR_CLASS(MPI_ERR_COUNT, rc);
    check_error_string(rc);

    rc = MPI_Send(buf, 1, MPI_INT, me, -5, MPI_COMM_WORLD);
    CHECK_ERROR_CLASS(MPI_ERR_TAG, rc);
    check_error_string(rc);

    rc = MPI_Send(buf, 1, MPI_INT, 0, 0, MPI_COMM_NULL);
    CHECK_ERROR_CLASS(MPI_ERR_COMM, rc);
    rc = MPI_Comm_size(MPI_COMM_NULL, &size);
    CHECK_ERROR_CLASS(MPI_ERR_COMM, rc);
    check_error_string(rc);

    rc = MPI_Send(buf, 1, MPI_DATATYPE_NULL, me, 0, MPI_COMM_WORLD);
    CHECK_ERROR_CLASS(MPI_ERR_TYPE, rc);
    check_error_string(rc);

    rc = MPI_Bcast(buf, 1, MPI_INT, n, MPI_COMM_WORLD);
    CHECK_ERROR_CLASS(MPI_ERR_ROOT, rc);

    /* An output passed as NULL is an argument error the runtime reports (nothing is written). */
    MPI_Group world_group = MPI_GROUP_NULL;
    rc = MPI_Comm_group(MPI_COMM_WORLD, NULL);
    CHECK_ERROR_CLASS(MPI_ERR_ARG, rc);
    CHECK_MPI(MPI_Comm_group(MPI_COMM_WORLD, &world_group));
    rc = MPI_Group_rank(world_group, NULL);
    CHECK_ERROR_CLASS(MPI_ERR_ARG, rc);
    CHECK_MPI(MPI_Group_free(&world_group));

    /* So is a NULL handle pointer or array the runtime would read: Open MPI says which
       argument (MPI_ERR_REQUEST), MPICH that an argument is NULL (MPI_ERR_ARG). */
    rc = MPI_Request_free(NULL);
    check_null_argument_class(rc, MPI_ERR_REQUEST);
    rc = MPI_Waitall(2, NULL, MPI_STATUSES_IGNORE);
    check_null_argument_class(rc, MPI_ERR_REQUEST);
    /* With a count of zero the array is not read: NULL is a valid argument. */
    CHECK_MPI(MPI_Waitall(0, NULL, MPI_STATUSES_IGNORE));

    check_error_string(MPI_SUCCESS);
    check_error_string(MPI_ERR_OTHER);

    /* The job is still usable after returned errors. */
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
}

/* What the user error handler last saw. */
static int handler_calls, handler_code;
static MPI_Comm handler_comm;
/* When set, the code the handler leaves in place of the one it was called with. */
static int handler_replaces, handler_replacement;

static void record_error(MPI_Comm *comm, int *code, ...)
{
    handler_calls++;
    handler_comm = *comm;
    handler_code = *code;
    if (handler_replaces)
        *code = handler_replacement;
}

/* The runtime is the library the application talks to: through translation, the target's. */
static int runtime_is_mpich(void)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    CHECK_MPI(MPI_Get_library_version(version, &len));
    return strstr(version, "MPICH") != NULL;
}

static void check_user_handler(void)
{
    MPI_Comm comm;
    MPI_Errhandler handler, current;
    int buf = 0;

    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &comm));
    CHECK_MPI(MPI_Comm_create_errhandler(record_error, &handler));
    CHECK(handler != MPI_ERRHANDLER_NULL);
    CHECK_MPI(MPI_Comm_set_errhandler(comm, handler));
    CHECK_MPI(MPI_Comm_get_errhandler(comm, &current));
    CHECK_HANDLE(handler, current);
    CHECK_MPI(MPI_Errhandler_free(&current));
    CHECK_HANDLE(MPI_ERRHANDLER_NULL, current);

    handler_calls = 0;
    CHECK_MPI(MPI_Comm_call_errhandler(comm, MPI_ERR_OTHER));
    CHECK_INT(1, handler_calls);
    CHECK_HANDLE(comm, handler_comm);
    CHECK_INT(MPI_ERR_OTHER, handler_code);

    /* A real error goes through the handler too, then returns its code. */
    int rc = MPI_Send(&buf, 1, MPI_INT, n, 0, comm);
    CHECK_INT(2, handler_calls);
    CHECK_HANDLE(comm, handler_comm);
    CHECK_ERROR_CLASS(MPI_ERR_RANK, handler_code);
    CHECK_ERROR_CLASS(MPI_ERR_RANK, rc);

    /* A handler may change the code: MPICH returns the code the handler leaves (here success),
     * Open MPI the one it raised. */
    handler_replaces = 1;
    handler_replacement = MPI_SUCCESS;
    rc = MPI_Send(&buf, 1, MPI_INT, n, 0, comm);
    handler_replaces = 0;
    CHECK_INT(3, handler_calls);
    CHECK_ERROR_CLASS(MPI_ERR_RANK, handler_code);
    if (runtime_is_mpich())
        CHECK_INT(MPI_SUCCESS, rc);
    else
        CHECK_ERROR_CLASS(MPI_ERR_RANK, rc);

    /* The communicator keeps its handler after the user's reference is freed. */
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_HANDLE(MPI_ERRHANDLER_NULL, handler);
    CHECK_MPI(MPI_Comm_call_errhandler(comm, MPI_ERR_TAG));
    CHECK_INT(4, handler_calls);
    CHECK_INT(MPI_ERR_TAG, handler_code);
    CHECK_HANDLE(comm, handler_comm);

    CHECK_MPI(MPI_Comm_free(&comm));
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &n));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &me));

    check_provoked_errors();
    check_user_handler();

    check_report_ok("errors");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
