/*
 * MPI-4.0 functions (wi4mpi-test-families: mpich). Where the runtime has them they work; so do those
 * wi4mpi computes from the runtime's other functions where it lacks them (MPI_Isendrecv[_replace],
 * MPI_Info_get_string on Open MPI 4.1). On a runtime that lacks the others (Open MPI 4.1) every call
 * fails through the MPI error path: the error
 * handler of the call's communicator (MPI_COMM_SELF's when it has none) is invoked with a code of
 * class MPI_ERR_UNSUPPORTED_OPERATION whose error string names the function and the runtime, and
 * the call's outputs are left alone. MPI_Aint_add/diff need no MPI library and always work. MPICH's
 * MPIX_ extensions take the same error path.
 */
#include <limits.h>

#include "check_lacking.h"

static int n, me, lacking;
static int handler_calls, handler_code;
static MPI_Comm handler_comm;

static void counting_handler(MPI_Comm *comm, int *code, ...)
{
    handler_calls++;
    handler_comm = *comm;
    handler_code = *code;
}

/* A session error handler sees the application's session handle and error code. */
static int session_handler_calls, session_handler_code;
static MPI_Session session_handler_session = MPI_SESSION_NULL;

static void session_handler(MPI_Session *session, int *code, ...)
{
    session_handler_calls++;
    session_handler_session = *session;
    session_handler_code = *code;
}

/* MPI_Isendrecv and MPI_Isendrecv_replace, which Open MPI 4.1 lacks: there wi4mpi runs them as a
 * receive and a send under one request, so every completion call must see it complete only when both
 * parts have, and its status is the receive's. */
static void check_isendrecv(MPI_Comm comm)
{
    int right = (me + 1) % n, left = (me + n - 1) % n;
    int out = 100 + me, in = -1, count = -1;
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Status status;
    CHECK_MPI(MPI_Isendrecv(&out, 1, MPI_INT, right, 7, &in, 1, MPI_INT, left, 7, comm, &request));
    CHECK_MPI(MPI_Wait(&request, &status));
    CHECK_INT(100 + left, in);
    CHECK_HANDLE(MPI_REQUEST_NULL, request);
    /* MPICH 4.0.2's status of a completed MPI_Isendrecv names the rank itself as its source and counts
     * nothing (natively), so the status is checked where wi4mpi runs it: the receive's. */
    if (lacking) {
        CHECK_MPI(MPI_Get_count(&status, MPI_INT, &count));
        CHECK_INT(1, count);
        CHECK_INT(left, status.MPI_SOURCE);
        CHECK_INT(7, status.MPI_TAG);
    }

    /* Two at once, completed by MPI_Waitany, then MPI_Test and MPI_Testall loops, MPI_Waitsome. */
    int outs[2] = {200 + me, 300 + me}, ins[2] = {-1, -1};
    MPI_Request requests[2];
    CHECK_MPI(MPI_Isendrecv(&outs[0], 1, MPI_INT, right, 10, &ins[0], 1, MPI_INT, left, 10, comm, &requests[0]));
    CHECK_MPI(MPI_Isendrecv(&outs[1], 1, MPI_INT, left, 11, &ins[1], 1, MPI_INT, right, 11, comm, &requests[1]));
    int index = -1, seen = 0;
    for (int k = 0; k < 2; k++) {
        CHECK_MPI(MPI_Waitany(2, requests, &index, &status));
        CHECK(index == 0 || index == 1);
        seen |= 1 << index;
        if (lacking)
            CHECK_INT(index == 0 ? 10 : 11, status.MPI_TAG);
    }
    CHECK_INT(3, seen);
    CHECK_INT(200 + left, ins[0]);
    CHECK_INT(300 + right, ins[1]);
    CHECK_MPI(MPI_Waitany(2, requests, &index, MPI_STATUS_IGNORE));
    CHECK_INT(MPI_UNDEFINED, index);

    int flag = 0;
    CHECK_MPI(MPI_Isendrecv(&out, 1, MPI_INT, right, 12, &in, 1, MPI_INT, left, 12, comm, &request));
    while (!flag)
        CHECK_MPI(MPI_Test(&request, &flag, MPI_STATUS_IGNORE));
    CHECK_HANDLE(MPI_REQUEST_NULL, request);
    CHECK_MPI(MPI_Isendrecv(&outs[0], 1, MPI_INT, right, 13, &ins[0], 1, MPI_INT, left, 13, comm, &requests[0]));
    CHECK_MPI(MPI_Irecv(&ins[1], 1, MPI_INT, right, 14, comm, &requests[1]));
    CHECK_MPI(MPI_Send(&outs[1], 1, MPI_INT, left, 14, comm));
    for (flag = 0; !flag;)
        CHECK_MPI(MPI_Testall(2, requests, &flag, MPI_STATUSES_IGNORE));
    CHECK_INT(200 + left, ins[0]);
    CHECK_INT(300 + right, ins[1]);
    int outcount = 0, indices[2];
    CHECK_MPI(MPI_Isendrecv(&out, 1, MPI_INT, right, 15, &in, 1, MPI_INT, left, 15, comm, &requests[0]));
    requests[1] = MPI_REQUEST_NULL;
    CHECK_MPI(MPI_Waitsome(2, requests, &outcount, indices, MPI_STATUSES_IGNORE));
    CHECK_INT(1, outcount);
    CHECK_INT(0, indices[0]);

    /* MPI_Request_get_status leaves the request to the MPI_Wait that follows. */
    CHECK_MPI(MPI_Isendrecv(&out, 1, MPI_INT, right, 16, &in, 1, MPI_INT, left, 16, comm, &request));
    for (flag = 0; !flag;)
        CHECK_MPI(MPI_Request_get_status(request, &flag, MPI_STATUS_IGNORE));
    CHECK(request != MPI_REQUEST_NULL);
    CHECK_MPI(MPI_Wait(&request, &status));
    if (lacking)
        CHECK_INT(16, status.MPI_TAG);

    /* Large counts in int range, through the int form where the runtime has no _c function. */
    in = -1;
    CHECK_MPI(MPI_Isendrecv_c(&out, (MPI_Count)1, MPI_INT, right, 17, &in, (MPI_Count)1, MPI_INT, left, 17, comm,
                              &request));
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
    CHECK_INT(100 + left, in);

    /* In place, with a strided type: only the type's elements change, the gaps keep their values.
     * Checked where wi4mpi runs it: MPICH 4.0.2's own MPI_Isendrecv_replace misplaces the elements of
     * a derived type, fails its reference count or crashes in UCX, natively. */
    if (lacking) {
        int strided[6];
        for (int i = 0; i < 6; i++)
            strided[i] = i % 2 ? -7 : 10 * me + i;
        MPI_Datatype every_other;
        CHECK_MPI(MPI_Type_vector(3, 1, 2, MPI_INT, &every_other));
        CHECK_MPI(MPI_Type_commit(&every_other));
        CHECK_MPI(MPI_Isendrecv_replace(strided, 1, every_other, right, 18, left, 18, comm, &request));
        CHECK_MPI(MPI_Type_free(&every_other)); /* the pending operation keeps what it needs */
        CHECK_MPI(MPI_Wait(&request, &status));
        for (int i = 0; i < 6; i++)
            CHECK_INT(i % 2 ? -7 : 10 * left + i, strided[i]);
        CHECK_MPI(MPI_Get_count(&status, MPI_INT, &count));
        CHECK_INT(3, count);
    }
    int value = 200 + me;
    CHECK_MPI(MPI_Isendrecv_replace_c(&value, (MPI_Count)1, MPI_INT, right, 19, left, 19, comm, &request));
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
    CHECK_INT(200 + left, value);

    /* Freed before it completes: the operation still takes place (static buffers: it may outlive the
     * call); the blocking exchange that follows, ordered after it, shows it did. */
    static int freed_out, freed_in = -1;
    freed_out = 400 + me;
    if (lacking) { /* MPICH 4.0.2's MPI_Isendrecv_replace to MPI_PROC_NULL crashes in UCX with 2 ranks, natively */
        CHECK_MPI(MPI_Isendrecv_replace(&value, 1, MPI_INT, MPI_PROC_NULL, 20, MPI_PROC_NULL, 20, comm, &request));
        CHECK_MPI(MPI_Request_free(&request));
        CHECK_INT(200 + left, value);
    }
    CHECK_MPI(MPI_Isendrecv(&freed_out, 1, MPI_INT, right, 21, &freed_in, 1, MPI_INT, left, 21, comm, &request));
    if (lacking) { /* MPICH 4.0.2 refuses to free an MPI_Isendrecv request ("kind=10"), natively */
        CHECK_MPI(MPI_Request_free(&request));
        CHECK_HANDLE(MPI_REQUEST_NULL, request);
    }
    CHECK_MPI(MPI_Sendrecv(&out, 1, MPI_INT, right, 21, &in, 1, MPI_INT, left, 21, comm, MPI_STATUS_IGNORE));
    CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE)); /* at once where it was freed: MPI_REQUEST_NULL */
    CHECK_INT(400 + left, freed_in);
}

/* Large counts: where the runtime lacks MPI_Sendrecv_c (Open MPI 4.1), counts in int range reach its
 * MPI_Sendrecv and a count beyond fails through the error path naming the function and the runtime;
 * MPI_Get_count_c, whose count is an output, its MPI_Get_count (more in large_count.c). */
static void check_large_count(void)
{
    double out[3] = {1.5, 2.5, 3.5}, in[3] = {0, 0, 0};
    MPI_Status status;
    CHECK_MPI(MPI_Sendrecv_c(out, (MPI_Count)3, MPI_DOUBLE, me, 3, in, (MPI_Count)3, MPI_DOUBLE, me, 3,
                             MPI_COMM_WORLD, &status));
    CHECK_DOUBLE(3.5, in[2], 0.0);
    MPI_Count count = -1;
    CHECK_MPI(MPI_Get_count_c(&status, MPI_DOUBLE, &count));
    CHECK_INT(3, count);

    /* 2^31 items of an empty type: no data, a count no int holds. */
    MPI_Datatype empty;
    CHECK_MPI(MPI_Type_contiguous(0, MPI_INT, &empty));
    CHECK_MPI(MPI_Type_commit(&empty));
    MPI_Count beyond = (MPI_Count)INT_MAX + 1;
    int rc = MPI_Sendrecv_c(out, beyond, empty, me, 4, in, beyond, empty, me, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (lacking)
        CHECK_LACKING(rc, "MPI_Sendrecv_c with a sendcount beyond the int range");
    else
        CHECK_MPI(rc);
    CHECK_MPI(MPI_Type_free(&empty));
}

static void check_persistent_collective(void)
{
    int mine = me + 1, sum = -1;
    MPI_Request request = MPI_REQUEST_NULL;
    /* Open MPI 4.1 has it as MPIX_Allreduce_init: called under that name. */
    CHECK_MPI(MPI_Allreduce_init(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &request));
    for (int round = 0; round < 2; round++) {
        sum = -1;
        CHECK_MPI(MPI_Start(&request));
        CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
        CHECK_INT(n * (n + 1) / 2, sum);
    }
    CHECK_MPI(MPI_Request_free(&request));
}

/* Where the runtime lacks it (Open MPI 4.1) computed from MPI_Info_get_valuelen and MPI_Info_get. */
static void check_info_get_string(void)
{
    MPI_Info info;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "wi4mpi_key", "a value"));
    char value[32] = "untouched";
    int buflen = (int)sizeof value, flag = -1;
    CHECK_MPI(MPI_Info_get_string(info, "wi4mpi_key", &buflen, value, &flag));
    CHECK_INT(1, flag);
    CHECK_STR("a value", value);
    CHECK_INT(8, buflen);
    buflen = 3;
    CHECK_MPI(MPI_Info_get_string(info, "wi4mpi_key", &buflen, value, &flag));
    CHECK_STR("a ", value);
    CHECK_INT(8, buflen);
    buflen = (int)sizeof value;
    CHECK_MPI(MPI_Info_get_string(info, "no_such_key", &buflen, value, &flag));
    CHECK_INT(0, flag);
    CHECK_STR("a ", value);
    CHECK_MPI(MPI_Info_free(&info));
}

/* No communicator argument: the error goes to MPI_COMM_SELF's handler. */
static void check_info_create_env(int argc, char **argv)
{
    MPI_Info info = MPI_INFO_NULL;
    int rc = MPI_Info_create_env(argc, argv, &info);
    if (lacking) {
        CHECK_LACKING(rc, "MPI_Info_create_env");
        CHECK_HANDLE(MPI_INFO_NULL, info);
        return;
    }
    CHECK_MPI(rc);
    int nkeys = -1;
    CHECK_MPI(MPI_Info_get_nkeys(info, &nkeys));
    CHECK(nkeys >= 0);
    CHECK_MPI(MPI_Info_free(&info));
}

/* MPI-4.0's hardware splits: a resource type the library does not know gives MPI_COMM_NULL, the
 * reserved "mpi_shared_memory" the shared-memory split, and an unguided split a strict subset or
 * MPI_COMM_NULL. Open MPI 4.1 has neither type: wi4mpi asks it for MPI_UNDEFINED (MPI_COMM_NULL), where
 * the numbers would be its OMPI_COMM_TYPE_CORE and _L1CACHE, and for MPI_COMM_TYPE_SHARED. */
static void check_split_type_hw(void)
{
    MPI_Info info;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "mpi_hw_resource_type", "wi4mpi_no_such_resource"));
    MPI_Comm part = MPI_COMM_WORLD;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, me, info, &part));
    CHECK_HANDLE(MPI_COMM_NULL, part);
    CHECK_MPI(MPI_Info_free(&info));

    /* The resource type the standard reserves: the shared-memory split, on every runtime. */
    MPI_Comm shared, guided;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, me, MPI_INFO_NULL, &shared));
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "mpi_hw_resource_type", "mpi_shared_memory"));
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, me, info, &guided));
    CHECK_MPI(MPI_Info_free(&info));
    CHECK(guided != MPI_COMM_NULL);
    int result = -1;
    CHECK_MPI(MPI_Comm_compare(shared, guided, &result));
    CHECK_INT(MPI_CONGRUENT, result);
    CHECK_MPI(MPI_Comm_free(&guided));
    CHECK_MPI(MPI_Comm_free(&shared));

    part = MPI_COMM_WORLD;
    CHECK_MPI(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_UNGUIDED, me, MPI_INFO_NULL, &part));
    if (part != MPI_COMM_NULL) {
        int size = -1;
        CHECK_MPI(MPI_Comm_size(part, &size));
        CHECK(size < n);
        CHECK(!lacking); /* Open MPI: always MPI_COMM_NULL */
        CHECK_MPI(MPI_Comm_free(&part));
    }
}

/* MPI_Comm_idup_with_info: a congruent communicator carrying the hint, the application's info freed
 * before the request completes; with MPI_INFO_NULL, completed by a test loop. Open MPI 4.1 has no
 * nonblocking duplication with hints (docs/translation.md says why MPI_Comm_idup plus
 * MPI_Comm_set_info is no substitute): the error path. */
static void check_idup_with_info(void)
{
    MPI_Info info, used;
    MPI_Comm dup = MPI_COMM_NULL, plain = MPI_COMM_NULL;
    MPI_Request requests[2];
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "mpi_assert_allow_overtaking", "true"));
    int rc = MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &dup, &requests[0]);
    CHECK_MPI(MPI_Info_free(&info));
    if (lacking) {
        CHECK_LACKING(rc, "MPI_Comm_idup_with_info");
        return;
    }
    CHECK_MPI(rc);
    CHECK_MPI(MPI_Comm_idup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &plain, &requests[1]));
    CHECK_MPI(MPI_Wait(&requests[0], MPI_STATUS_IGNORE));
    CHECK_HANDLE(MPI_REQUEST_NULL, requests[0]);
    int done = 0;
    while (!done)
        CHECK_MPI(MPI_Test(&requests[1], &done, MPI_STATUS_IGNORE));

    int result = -1, sum = -1, flag = 0;
    char value[MPI_MAX_INFO_VAL + 1] = "";
    CHECK_MPI(MPI_Comm_compare(MPI_COMM_WORLD, dup, &result));
    CHECK_INT(MPI_CONGRUENT, result);
    CHECK_MPI(MPI_Comm_compare(MPI_COMM_WORLD, plain, &result));
    CHECK_INT(MPI_CONGRUENT, result);
    CHECK_MPI(MPI_Comm_get_info(dup, &used));
    CHECK_MPI(MPI_Info_get(used, "mpi_assert_allow_overtaking", MPI_MAX_INFO_VAL, value, &flag));
    CHECK_INT(1, flag);
    CHECK_STR("true", value);
    CHECK_MPI(MPI_Info_free(&used));
    CHECK_MPI(MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, dup));
    CHECK_INT(n * (n - 1) / 2, sum);
    CHECK_MPI(MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_MAX, plain));
    CHECK_INT(n - 1, sum);
    CHECK_MPI(MPI_Comm_free(&dup));
    CHECK_MPI(MPI_Comm_free(&plain));
}

/* The user's handler runs on the application's communicator handle, with the code returned. */
static void check_user_handler(void)
{
    MPI_Comm dup;
    MPI_Errhandler handler;
    CHECK_MPI(MPI_Comm_dup(MPI_COMM_WORLD, &dup));
    CHECK_MPI(MPI_Comm_create_errhandler(counting_handler, &handler));
    CHECK_MPI(MPI_Comm_set_errhandler(dup, handler));
    handler_calls = 0;
    MPI_Comm copy = MPI_COMM_NULL;
    MPI_Request request = MPI_REQUEST_NULL;
    int rc = MPI_Comm_idup_with_info(dup, MPI_INFO_NULL, &copy, &request);
    if (lacking) {
        CHECK_INT(1, handler_calls);
        CHECK_HANDLE(dup, handler_comm);
        CHECK_INT(rc, handler_code);
        CHECK_LACKING(rc, "MPI_Comm_idup_with_info");
        CHECK_HANDLE(MPI_COMM_NULL, copy);
    } else {
        CHECK_MPI(rc);
        CHECK_MPI(MPI_Wait(&request, MPI_STATUS_IGNORE));
        CHECK(copy != MPI_COMM_NULL);
        CHECK_MPI(MPI_Comm_free(&copy));
        CHECK_INT(0, handler_calls);
    }
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_MPI(MPI_Comm_free(&dup));
}

/* MPI_T reports through return codes: MPI_T_ERR_NOT_SUPPORTED where the runtime has no events. */
static void check_tool_events(void)
{
    int provided = -1, sources = -1;
    CHECK_MPI(MPI_T_init_thread(MPI_THREAD_SINGLE, &provided));
    int rc = MPI_T_source_get_num(&sources);
    if (lacking) {
        CHECK_INT(MPI_T_ERR_NOT_SUPPORTED, rc);
        CHECK_INT(-1, sources);
    } else {
        CHECK_MPI(rc);
        CHECK(sources >= 0);
    }
    CHECK_MPI(MPI_T_finalize());
}

static void check_address_arithmetic(void)
{
    double values[4] = {0, 0, 0, 0};
    MPI_Aint first, third;
    CHECK_MPI(MPI_Get_address(&values[0], &first));
    CHECK_MPI(MPI_Get_address(&values[2], &third));
    CHECK(MPI_Aint_add(first, 2 * (MPI_Aint)sizeof(double)) == third);
    CHECK(MPI_Aint_diff(third, first) == 2 * (MPI_Aint)sizeof(double));
}

/* Sessions: a session beside the world model, its process sets, a communicator from the world set. */
static void check_sessions(void)
{
    MPI_Session session = MPI_SESSION_NULL;
    int rc = MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    if (lacking) {
        CHECK_LACKING(rc, "MPI_Session_init");
        CHECK_HANDLE(MPI_SESSION_NULL, session);
        return;
    }
    CHECK_MPI(rc);
    CHECK(session != MPI_SESSION_NULL);
    int npsets = 0, found_world = 0;
    CHECK_MPI(MPI_Session_get_num_psets(session, MPI_INFO_NULL, &npsets));
    CHECK(npsets >= 2); /* mpi://WORLD and mpi://SELF at least */
    for (int i = 0; i < npsets; i++) {
        char name[256];
        int len = (int)sizeof name;
        CHECK_MPI(MPI_Session_get_nth_pset(session, MPI_INFO_NULL, i, &len, name));
        found_world |= strcmp(name, "mpi://WORLD") == 0;
    }
    CHECK(found_world);
    MPI_Errhandler handler = MPI_ERRHANDLER_NULL;
    CHECK_MPI(MPI_Session_get_errhandler(session, &handler)); /* (MPICH 4.0.2 reports ERRORS_ARE_FATAL) */
    CHECK(handler != MPI_ERRHANDLER_NULL);
    CHECK_MPI(MPI_Errhandler_free(&handler));

    /* A user session error handler, called by the runtime (MPI_Session_call_errhandler). */
    CHECK_MPI(MPI_Session_create_errhandler(session_handler, &handler));
    CHECK(handler != MPI_ERRHANDLER_NULL);
    CHECK_MPI(MPI_Session_set_errhandler(session, handler));
    MPI_Errhandler current = MPI_ERRHANDLER_NULL;
    CHECK_MPI(MPI_Session_get_errhandler(session, &current));
    CHECK_HANDLE(handler, current);
    CHECK_MPI(MPI_Errhandler_free(&current));
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_MPI(MPI_Session_call_errhandler(session, MPI_ERR_ARG));
    CHECK_INT(1, session_handler_calls);
    CHECK_HANDLE(session, session_handler_session);
    CHECK_INT(MPI_ERR_ARG, session_handler_code);

    MPI_Group group = MPI_GROUP_NULL;
    CHECK_MPI(MPI_Group_from_session_pset(session, "mpi://WORLD", &group));
    int size = -1, one = 1, sum = 0;
    CHECK_MPI(MPI_Group_size(group, &size));
    CHECK_INT(n, size);
    MPI_Comm comm = MPI_COMM_NULL;
    CHECK_MPI(MPI_Comm_create_from_group(group, "org.wi4mpi.tests.sessions", MPI_INFO_NULL, MPI_ERRORS_RETURN,
                                         &comm));
    CHECK_MPI(MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm));
    CHECK_INT(n, sum);
    CHECK_MPI(MPI_Comm_free(&comm));
    CHECK_MPI(MPI_Group_free(&group));
    CHECK_MPI(MPI_Session_finalize(&session));
    CHECK_HANDLE(MPI_SESSION_NULL, session);
}

/* A large-count user reduction (MPI_Op_create_c): the count arrives as an MPI_Count. */
static MPI_Count op_c_longest = -1;

static void max_c(void *in, void *inout, MPI_Count *len, MPI_Datatype *datatype)
{
    if (*datatype != MPI_INT)
        return;
    if (*len > op_c_longest)
        op_c_longest = *len;
    for (MPI_Count i = 0; i < *len; i++) {
        int a = ((int *)in)[i], b = ((int *)inout)[i];
        ((int *)inout)[i] = a > b ? a : b;
    }
}

static void check_large_count_op(void)
{
    MPI_Op op = MPI_OP_NULL;
    /* Open MPI 4.1 has MPI_Op_create only: it calls max_c through an int-length trampoline. */
    CHECK_MPI(MPI_Op_create_c(max_c, 1, &op));
    int mine[3] = {me, 10 * me, -me}, max[3] = {-1, -1, -1};
    CHECK_MPI(MPI_Allreduce(mine, max, 3, MPI_INT, op, MPI_COMM_WORLD));
    CHECK_INT(n - 1, max[0]);
    CHECK_INT(10 * (n - 1), max[1]);
    CHECK_INT(0, max[2]);
    if (n > 1)
        CHECK(op_c_longest == 3 || me != 0); /* rank 0 combines at least once */
    CHECK_MPI(MPI_Op_free(&op));
}

/*
 * Partitioned communication: each rank sends 4 partitions of 2 ints to its right neighbour. The
 * standard ABI's MPI_Psend_init/MPI_Precv_init take an int count and their _c forms an MPI_Count;
 * MPICH 4.0.2's (which have no _c forms) take an MPI_Count.
 */
typedef int (*partitioned_init)(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int peer,
                                int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request);

static int send_init_int(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int peer, int tag,
                         MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return MPI_Psend_init(buf, partitions, (int)count, datatype, peer, tag, comm, info, request);
}

static int recv_init_int(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int peer, int tag,
                         MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return MPI_Precv_init(buf, partitions, (int)count, datatype, peer, tag, comm, info, request);
}

#if defined(MPI_ABI_VERSION)
static int send_init_c(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int peer, int tag,
                       MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return MPI_Psend_init_c(buf, partitions, count, datatype, peer, tag, comm, info, request);
}

static int recv_init_c(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int peer, int tag,
                       MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    return MPI_Precv_init_c(buf, partitions, count, datatype, peer, tag, comm, info, request);
}
#endif

static void check_partitioned_with(partitioned_init send_init, const char *send_name,
                                   partitioned_init recv_init, const char *recv_name, int tag)
{
    enum { PARTS = 4, EACH = 2 };
    int right = (me + 1) % n, left = (me + n - 1) % n;
    int out[PARTS * EACH], in[PARTS * EACH];
    MPI_Request send = MPI_REQUEST_NULL, recv = MPI_REQUEST_NULL;
    int rc = recv_init(in, PARTS, EACH, MPI_INT, left, tag, MPI_COMM_WORLD, MPI_INFO_NULL, &recv);
    if (lacking) {
        CHECK_LACKING(rc, recv_name);
        CHECK_HANDLE(MPI_REQUEST_NULL, recv);
        rc = send_init(out, PARTS, EACH, MPI_INT, right, tag, MPI_COMM_WORLD, MPI_INFO_NULL, &send);
        CHECK_LACKING(rc, send_name);
        CHECK_HANDLE(MPI_REQUEST_NULL, send);
        return;
    }
    CHECK_MPI(rc);
    CHECK_MPI(send_init(out, PARTS, EACH, MPI_INT, right, tag, MPI_COMM_WORLD, MPI_INFO_NULL, &send));
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < PARTS * EACH; i++) {
            out[i] = 1000 * round + 100 * me + i;
            in[i] = -1;
        }
        CHECK_MPI(MPI_Start(&recv));
        CHECK_MPI(MPI_Start(&send));
        int later[2] = {3, 2};
        CHECK_MPI(MPI_Pready(0, send));
        CHECK_MPI(MPI_Pready_list(2, later, send));
        CHECK_MPI(MPI_Pready_range(1, 1, send));
        int arrived = 0;
        for (long spins = 0; !arrived && spins < 100000000L; spins++)
            CHECK_MPI(MPI_Parrived(recv, PARTS - 1, &arrived));
        CHECK(arrived);
        MPI_Request both[2] = {send, recv};
        CHECK_MPI(MPI_Waitall(2, both, MPI_STATUSES_IGNORE));
        for (int i = 0; i < PARTS * EACH; i++)
            CHECK_INT(1000 * round + 100 * left + i, in[i]);
    }
    CHECK_MPI(MPI_Request_free(&send));
    CHECK_MPI(MPI_Request_free(&recv));
    CHECK_HANDLE(MPI_REQUEST_NULL, send);
}

static void check_partitioned(void)
{
    check_partitioned_with(send_init_int, "MPI_Psend_init", recv_init_int, "MPI_Precv_init", 20);
#if defined(MPI_ABI_VERSION)
    check_partitioned_with(send_init_c, "MPI_Psend_init_c", recv_init_c, "MPI_Precv_init_c", 21);
#endif
}

/* MPICH's extensions (MPIX_): the same error path where the runtime lacks them. Only MPICH's
 * mpi.h declares them (not the standard ABI's). */
static void check_extensions(void)
{
#if defined(MPICH_VERSION)
    int rc;
    if (lacking) { /* (MPICH 4.0.2's ch4 device itself asserts in MPIX_Comm_agree with 2 ranks) */
        int flags = 5;
        rc = MPIX_Comm_agree(MPI_COMM_WORLD, &flags);
        CHECK_LACKING(rc, "MPIX_Comm_agree");
        CHECK_INT(5, flags);
    }
    int errclass = -1, errcode = -1;
    CHECK_MPI(MPI_Add_error_class(&errclass));
    CHECK_MPI(MPI_Add_error_code(errclass, &errcode));
    CHECK_MPI(MPI_Add_error_string(errcode, "an error to delete"));
    rc = MPIX_Delete_error_string(errcode);
    if (lacking)
        CHECK_LACKING(rc, "MPIX_Delete_error_string");
    else
        CHECK_MPI(rc);
    CHECK_INT(0, MPIX_Query_cuda_support()); /* no GPU support in either runtime here */
#endif
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &n));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &me));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN));
    lacking = check_runtime_is_open_mpi();

    check_isendrecv(MPI_COMM_WORLD);
    check_large_count();
    check_persistent_collective();
    check_info_get_string();
    check_info_create_env(argc, argv);
    check_split_type_hw();
    check_idup_with_info();
    check_user_handler();
    check_address_arithmetic();
    check_tool_events();
    check_extensions();
    check_large_count_op();
    check_sessions();
    check_partitioned();

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    check_report_ok("mpi4");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
