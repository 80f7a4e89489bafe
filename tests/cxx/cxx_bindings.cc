// The MPI-2 C++ bindings (MPI:: classes, removed in MPI-3.0 but still shipped by MPICH): a user
// reduction, a communicator error handler, communicator and datatype attribute callbacks and
// MPI::ERRORS_THROW_EXCEPTIONS, each seeing C++ objects. Prints "cxx_bindings: ok" from rank 0.
// wi4mpi-test-families: mpich (Open MPI's C++ bindings depend on its internals: not translated)
#include <mpi.h>
#include <cstdio>
#include <cstdlib>

static int rank;

static void check(bool ok, const char *what, int line)
{
    if (!ok) {
        std::printf("cxx_bindings: rank %d: FAILED: %s (line %d)\n", rank, what, line);
        std::fflush(stdout);
        MPI::COMM_WORLD.Abort(1);
    }
}
#define CHECK(c) check((c), #c, __LINE__)

// Element-wise maximum of (value, 10 * rank) pairs of ints, seen as a C++ Datatype.
static bool op_saw_int;
static void max_op(const void *in, void *inout, int len, const MPI::Datatype &type)
{
    op_saw_int = op_saw_int || type == MPI::INT;
    const int *a = static_cast<const int *>(in);
    int *b = static_cast<int *>(inout);
    for (int i = 0; i < len; i++)
        b[i] = a[i] > b[i] ? a[i] : b[i];
}

static int handler_calls, handler_code;
static bool handler_saw_dup;
static MPI::Intracomm *expected_comm;
static void comm_handler(MPI::Comm &comm, int *code, ...)
{
    handler_calls++;
    handler_code = *code;
    handler_saw_dup = comm == *expected_comm;
}

static int copies, deletes;
static int copy_fn(const MPI::Comm &, int, void *extra, void *in, void *out, bool &flag)
{
    copies++;
    CHECK(extra == &copies);
    *static_cast<void **>(out) = static_cast<char *>(in) + 1; // the copy holds the next address
    flag = true;
    return MPI::SUCCESS;
}
static int delete_fn(MPI::Comm &comm, int, void *value, void *extra)
{
    deletes++;
    CHECK(extra == &deletes || extra == &copies);
    CHECK(comm != MPI::COMM_NULL && value != 0);
    return MPI::SUCCESS;
}

static int type_copies;
static int type_copy_fn(const MPI::Datatype &, int, void *, void *in, void *out, bool &flag)
{
    type_copies++;
    *static_cast<void **>(out) = in;
    flag = true;
    return MPI::SUCCESS;
}

int main(int argc, char **argv)
{
    MPI::Init(argc, argv);
    rank = MPI::COMM_WORLD.Get_rank();
    int size = MPI::COMM_WORLD.Get_size();

    // A user reduction written in C++.
    MPI::Op maxop;
    maxop.Init(max_op, true);
    int mine[2] = {rank, 10 * rank}, out[2] = {-1, -1};
    MPI::COMM_WORLD.Allreduce(mine, out, 2, MPI::INT, maxop);
    CHECK(out[0] == size - 1 && out[1] == 10 * (size - 1));
    CHECK(size == 1 || op_saw_int);
    maxop.Free();

    // A communicator error handler: called with the communicator it is set on and the code.
    MPI::Intracomm dup = MPI::COMM_WORLD.Dup();
    expected_comm = &dup;
    MPI::Errhandler handler = MPI::Comm::Create_errhandler(comm_handler);
    dup.Set_errhandler(handler);
    dup.Call_errhandler(MPI::ERR_OTHER);
    CHECK(handler_calls == 1 && handler_code == MPI::ERR_OTHER && handler_saw_dup);
    // An error raised by a call: the handler runs once (MPICH's C call returns MPI_SUCCESS after a C++
    // handler; the bindings would call it again on any other code), and the call returns.
    (void)dup.Iprobe(size, 0); // (its flag is left unset: the call failed)
    CHECK(handler_calls == 2 && MPI::Get_error_class(handler_code) == MPI::ERR_RANK && handler_saw_dup);
    // The same through the C API, on the communicator the C++ handler is set on.
    int flag = 1;
    CHECK(MPI_Iprobe(size, 0, (MPI_Comm)dup, &flag, MPI_STATUS_IGNORE) == MPI_SUCCESS);
    CHECK(handler_calls == 3);
    handler.Free();

    // Attribute callbacks: Dup copies, Free deletes, each with the extra state given.
    int keyval = MPI::Comm::Create_keyval(copy_fn, delete_fn, &copies);
    int deleting = MPI::Comm::Create_keyval(MPI::Comm::NULL_COPY_FN, delete_fn, &deletes);
    static char value[2];
    dup.Set_attr(keyval, value);
    dup.Set_attr(deleting, value);
    MPI::Intracomm dup2 = dup.Dup();
    CHECK(copies == 1);
    void *got = 0;
    CHECK(dup2.Get_attr(keyval, &got) && got == value + 1);
    CHECK(!dup2.Get_attr(deleting, &got)); // NULL_COPY_FN: not copied
    dup.Delete_attr(deleting);
    CHECK(deletes == 1);
    dup2.Free();
    dup.Free();
    CHECK(deletes == 3); // and the copied attribute of dup2, the original of dup
    MPI::Comm::Free_keyval(keyval);
    MPI::Comm::Free_keyval(deleting);

    int type_keyval = MPI::Datatype::Create_keyval(type_copy_fn, MPI::Datatype::NULL_DELETE_FN, 0);
    MPI::Datatype pair = MPI::INT.Create_contiguous(2);
    pair.Set_attr(type_keyval, value);
    MPI::Datatype pair2 = pair.Dup();
    CHECK(type_copies == 1 && pair2.Get_attr(type_keyval, &got) && got == value);
    pair2.Free();
    pair.Free();
    MPI::Datatype::Free_keyval(type_keyval);

    // MPI::ERRORS_THROW_EXCEPTIONS: an error becomes an MPI::Exception; Get_errhandler says so.
    MPI::Intracomm throwing = MPI::COMM_WORLD.Dup();
    throwing.Set_errhandler(MPI::ERRORS_THROW_EXCEPTIONS);
    MPI::Errhandler current = throwing.Get_errhandler();
    CHECK(current == MPI::ERRORS_THROW_EXCEPTIONS);
    current.Free();
    bool thrown = false;
    try {
        throwing.Send(mine, 1, MPI::INT, size + 3, 0);
    } catch (MPI::Exception &e) {
        thrown = e.Get_error_class() == MPI::ERR_RANK;
    }
    CHECK(thrown);
    MPI::Intracomm inherited = throwing.Dup(); // a duplicate keeps the handler
    thrown = false;
    try {
        inherited.Recv(out, 1, MPI::INT, size + 3, 0);
    } catch (MPI::Exception &e) {
        thrown = e.Get_error_class() == MPI::ERR_RANK;
    }
    CHECK(thrown);
    inherited.Free();
    throwing.Free();

    MPI::COMM_WORLD.Barrier();
    if (rank == 0)
        std::printf("cxx_bindings: ok\n");
    MPI::Finalize();
    return 0;
}
