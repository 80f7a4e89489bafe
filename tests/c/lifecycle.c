/*
 * Calls before MPI_Init and after MPI_Finalize (docs/lifecycle.md): what the program's own MPI
 * family accepts then must work the same through translation, whatever the runtime accepts.
 *
 * Every family: MPI_Initialized, MPI_Finalized, MPI_Get_version, MPI_Get_library_version.
 * Open MPI 4.1 also answers MPI_Wtime and MPI_Wtick (MPICH 4.0 aborts): a PMPI tool reading
 * PMPI_Wtime in its MPI_Init wrapper, before the real initialization, is this program's own MPI_Init.
 * MPICH 4.0 and the standard ABI (interface mode) also answer MPI_Error_class and MPI_Error_string,
 * and the MPI_Info_* calls (Open MPI 4.1 aborts): an info made before MPI_Init keeps its entries and
 * serves as an argument once MPI is initialized.
 */
#include "check.h"

#include <time.h>

#if defined(OPEN_MPI)
#define ACCEPTS_TIMERS 1
#endif
#if defined(MPICH) || defined(MPI_ABI_VERSION)
#define ACCEPTS_ERROR_CLASSES 1
#endif

#ifdef ACCEPTS_TIMERS
static double wtime_in_init_wrapper = -1.0;

/* A PMPI tool's wrapper: a timestamp before the real initialization. */
int MPI_Init(int *argc, char ***argv)
{
    wtime_in_init_wrapper = PMPI_Wtime();
    return PMPI_Init(argc, argv);
}

static double monotonic(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}
#endif

static void check_state(int expect_initialized, int expect_finalized)
{
    int initialized = -1, finalized = -1;
    CHECK_MPI(MPI_Initialized(&initialized));
    CHECK_MPI(MPI_Finalized(&finalized));
    CHECK_INT(expect_initialized, initialized);
    CHECK_INT(expect_finalized, finalized);
}

/* The version and the library string do not change with the state: the same library answers. */
static int version, subversion;
static char library[MPI_MAX_LIBRARY_VERSION_STRING];

static void check_versions(int first)
{
    int v = -1, s = -1, len = -1;
    char text[MPI_MAX_LIBRARY_VERSION_STRING];
    memset(text, 0x7f, sizeof text);
    CHECK_MPI(MPI_Get_version(&v, &s));
    CHECK_MPI(MPI_Get_library_version(text, &len));
    CHECK(len > 0 && len < MPI_MAX_LIBRARY_VERSION_STRING);
    CHECK(strnlen(text, sizeof text) < sizeof text);
    if (first) {
        CHECK(v * 10 + s >= 31);
        version = v;
        subversion = s;
        memcpy(library, text, sizeof library);
    } else {
        CHECK_INT(version, v);
        CHECK_INT(subversion, s);
        CHECK_STR(library, text);
    }
}

#ifdef ACCEPTS_ERROR_CLASSES
static void check_error_classes(void)
{
    const int classes[] = {MPI_SUCCESS, MPI_ERR_TRUNCATE, MPI_ERR_ARG, MPI_ERR_OTHER, MPI_ERR_INFO_NOKEY};
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        int class = -1, len = -1;
        char text[MPI_MAX_ERROR_STRING];
        memset(text, 0x7f, sizeof text);
        CHECK_MPI(MPI_Error_class(classes[i], &class));
        CHECK_INT(classes[i], class);
        CHECK_MPI(MPI_Error_string(classes[i], text, &len));
        CHECK(len > 0 && len < MPI_MAX_ERROR_STRING);
        CHECK_INT(len, strnlen(text, sizeof text));
    }
}

/* An info with three entries, one deleted again; its copy has the same entries. */
static MPI_Info made_info(void)
{
    MPI_Info info, copy;
    int nkeys = -1, flag = -1, length = -1;
    char value[16], key[MPI_MAX_INFO_KEY];
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "first", "1"));
    CHECK_MPI(MPI_Info_set(info, "second", "22"));
    CHECK_MPI(MPI_Info_set(info, "third", "333"));
    CHECK_MPI(MPI_Info_set(info, "second", "two"));
    CHECK_MPI(MPI_Info_delete(info, "first"));
    CHECK_MPI(MPI_Info_get_nkeys(info, &nkeys));
    CHECK_INT(2, nkeys);
    CHECK_MPI(MPI_Info_get_nthkey(info, 0, key));
    CHECK_STR("second", key);
    CHECK_MPI(MPI_Info_get_valuelen(info, "third", &length, &flag));
    CHECK_INT(1, flag);
    CHECK_INT(3, length);
    memset(value, 0x7f, sizeof value);
    CHECK_MPI(MPI_Info_get(info, "absent", (int)sizeof value - 1, value, &flag));
    CHECK_INT(0, flag);
    CHECK_INT(0x7f, value[0]);
    CHECK_MPI(MPI_Info_dup(info, &copy));
    CHECK_MPI(MPI_Info_get(copy, "second", (int)sizeof value - 1, value, &flag));
    CHECK_INT(1, flag);
    CHECK_STR("two", value);
    CHECK_MPI(MPI_Info_free(&copy));
    CHECK(copy == MPI_INFO_NULL);
    return info;
}

static void check_made_info(MPI_Info info)
{
    int nkeys = -1, flag = -1;
    char value[16];
    CHECK_MPI(MPI_Info_get_nkeys(info, &nkeys));
    CHECK_INT(2, nkeys);
    CHECK_MPI(MPI_Info_get(info, "third", (int)sizeof value - 1, value, &flag));
    CHECK_INT(1, flag);
    CHECK_STR("333", value);
}
#endif

int main(int argc, char **argv)
{
    check_state(0, 0);
    check_versions(1);
#ifdef ACCEPTS_TIMERS
    double tick = MPI_Wtick();
    CHECK(tick > 0.0 && tick < 1e-2);
    double m0 = monotonic();
    double t0 = MPI_Wtime();
#endif
#ifdef ACCEPTS_ERROR_CLASSES
    check_error_classes();
    MPI_Info before_init = made_info();
    MPI_Info unused = made_info();
#endif

    CHECK_MPI(MPI_Init(&argc, &argv));
    check_state(1, 0);
    check_versions(0);
    int rank = -1;
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
#ifdef ACCEPTS_ERROR_CLASSES
    /* The info made before MPI_Init is an info of the runtime's now: an argument like any other. */
    MPI_Comm dup;
    CHECK_MPI(MPI_Comm_dup_with_info(MPI_COMM_WORLD, before_init, &dup));
    CHECK_MPI(MPI_Comm_free(&dup));
    check_made_info(before_init);
    CHECK_MPI(MPI_Info_set(before_init, "fourth", "4"));
    CHECK_MPI(MPI_Info_free(&before_init));
    CHECK(before_init == MPI_INFO_NULL);
    CHECK_MPI(MPI_Info_free(&unused));
    CHECK(unused == MPI_INFO_NULL);
#endif
#ifdef ACCEPTS_TIMERS
    double t1 = MPI_Wtime();
    double m1 = monotonic();
    /* One clock across MPI_Init: it never goes back and advances by the time that passed. */
    CHECK(wtime_in_init_wrapper >= t0);
    CHECK(t1 >= wtime_in_init_wrapper);
    CHECK_DOUBLE(m1 - m0, t1 - t0, 0.5);
#endif
    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
#ifdef ACCEPTS_TIMERS
    double m2 = monotonic();
    double t2 = MPI_Wtime();
#endif
    CHECK_MPI(MPI_Finalize());

    check_state(1, 1);
    check_versions(0);
#ifdef ACCEPTS_TIMERS
    double t3 = MPI_Wtime();
    double m3 = monotonic();
    CHECK(t3 >= t2);
    CHECK_DOUBLE(m3 - m2, t3 - t2, 0.5);
    CHECK_DOUBLE(tick, MPI_Wtick(), tick);
#endif
#ifdef ACCEPTS_ERROR_CLASSES
    check_error_classes();
    MPI_Info after_finalize = made_info();
    check_made_info(after_finalize);
    CHECK_MPI(MPI_Info_free(&after_finalize));
#endif
    if (rank == 0)
        printf("lifecycle: ok\n");
    return 0;
}
