/*
 * Environment management: thread-level initialisation, state queries, version and
 * library strings, processor name, timers, finalisation.
 */
#include "check.h"

static void check_state(int expect_initialized, int expect_finalized)
{
    int initialized = -1, finalized = -1;
    CHECK_MPI(MPI_Initialized(&initialized));
    CHECK_MPI(MPI_Finalized(&finalized));
    CHECK_INT(expect_initialized, initialized);
    CHECK_INT(expect_finalized, finalized);
}

static void check_version(void)
{
    int version = -1, subversion = -1;
    /* The runtime library decides the version, not the header the program was built with. */
    CHECK_MPI(MPI_Get_version(&version, &subversion));
    CHECK(version * 10 + subversion >= 31);
    CHECK(subversion >= 0 && subversion <= 9);

    char library[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = -1;
    memset(library, 0x7f, sizeof library);
    CHECK_MPI(MPI_Get_library_version(library, &len));
    CHECK(len > 0);
    CHECK(len < MPI_MAX_LIBRARY_VERSION_STRING);
    /* Open MPI counts the terminating NUL in the length, MPICH does not. */
    size_t text_len = strnlen(library, sizeof library);
    CHECK(text_len > 0 && text_len < sizeof library);
    CHECK((size_t)len == text_len || (size_t)len == text_len + 1);
}

static void check_processor_name(void)
{
    char name[MPI_MAX_PROCESSOR_NAME];
    int len = -1;
    memset(name, 0x7f, sizeof name);
    CHECK_MPI(MPI_Get_processor_name(name, &len));
    CHECK(len > 0);
    CHECK(len < MPI_MAX_PROCESSOR_NAME);
    CHECK_INT(len, strnlen(name, sizeof name));
}

static void check_thread_level(int provided)
{
    CHECK(MPI_THREAD_SINGLE < MPI_THREAD_FUNNELED);
    CHECK(MPI_THREAD_FUNNELED < MPI_THREAD_SERIALIZED);
    CHECK(MPI_THREAD_SERIALIZED < MPI_THREAD_MULTIPLE);
    CHECK(provided == MPI_THREAD_SINGLE || provided == MPI_THREAD_FUNNELED ||
          provided == MPI_THREAD_SERIALIZED || provided == MPI_THREAD_MULTIPLE);

    int queried = -1, is_main = -1;
    CHECK_MPI(MPI_Query_thread(&queried));
    CHECK_INT(provided, queried);
    CHECK_MPI(MPI_Is_thread_main(&is_main));
    CHECK_INT(1, is_main);
}

static void check_timers(void)
{
    double tick = MPI_Wtick();
    CHECK(tick > 0.0);
    CHECK(tick < 1.0);

    /* Wtime never goes backwards and advances within a bounded busy loop. */
    double start = MPI_Wtime(), previous = start, now = start;
    for (long i = 0; i < 100000000L && now <= start; i++) {
        now = MPI_Wtime();
        CHECK(now >= previous);
        previous = now;
    }
    CHECK(now > start);

    double before_barrier = MPI_Wtime();
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    CHECK(MPI_Wtime() >= before_barrier);
}

int main(int argc, char **argv)
{
    int provided = -1;

    check_state(0, 0);
    /* Get_version may be called before initialisation. */
    int version = -1, subversion = -1;
    CHECK_MPI(MPI_Get_version(&version, &subversion));
    CHECK(version >= 3);

    CHECK_MPI(MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided));
    check_state(1, 0);
    check_thread_level(provided);
    check_version();
    check_processor_name();
    check_timers();

    int size = -1, rank = -1;
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    CHECK(size >= 1);
    CHECK(rank >= 0 && rank < size);

    check_report_ok("env");
    CHECK_MPI(MPI_Finalize());
    check_state(1, 1);
    return 0;
}
