/* Calls served before MPI_Init and after MPI_Finalize (wi_lifecycle.h) against a fake runtime whose
 * initialization and clock the test sets. Each scenario runs in its own child process: the state is
 * process-wide and never returns to "not initialized". */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "wi_convert.h"
#include "wi_lifecycle.h"
#include "wi_r_functions.h"
#include "wi_test.h"
#include "wi_tls.h"

extern int wi_test_runtime_ensured __attribute__((visibility("hidden"))); /* fake_runtime.c */
static int initialized, finalized, state_queries, wtime_calls, in_w_seen = 1;
/* The fake runtime's MPI_Wtime: CLOCK_REALTIME from this epoch (MPICH's is the hour of its init). */
static time_t runtime_epoch;

static int fake_initialized(int *flag)
{
    state_queries++;
    in_w_seen &= wi_in_w;
    *flag = initialized;
    return R_MPI_SUCCESS;
}

static int fake_finalized(int *flag)
{
    in_w_seen &= wi_in_w;
    *flag = finalized;
    return R_MPI_SUCCESS;
}

static double realtime(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (double)now.tv_sec + 1e-9 * (double)now.tv_nsec;
}

/* The runtime's clock, as the test reads it. */
static double runtime_clock(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return (double)(now.tv_sec - runtime_epoch) + 1e-9 * (double)now.tv_nsec;
}

/* The runtime's MPI_Wtime, as wi_lifecycle calls it. */
static double fake_wtime(void)
{
    wtime_calls++;
    in_w_seen &= wi_in_w;
    return runtime_clock();
}

static time_t hour_start(void)
{
    time_t now = time(NULL);
    return now - now % 3600;
}

/* The translated MPI_Wtime as the hook renders it, with the runtime's function for the call. */
static double a_wtime(void)
{
    if (!wi_lifecycle_active() && wi_lifecycle_served(WI_LIFECYCLE_WTIME))
        return wi_lifecycle_wtime();
    return runtime_clock();
}

static void spin(double seconds)
{
    double end = realtime() + seconds;
    while (realtime() < end)
        ;
}

/* MPICH refuses MPI_Wtime outside init: served with its clock, continuous across init and finalize. */
static void wtime_same_epoch(void)
{
    runtime_epoch = hour_start();
    CHECK(wi_lifecycle_served(WI_LIFECYCLE_WTIME));
    CHECK(!wi_lifecycle_served(WI_LIFECYCLE_ERROR_CLASS)); /* MPICH answers those at any time */
    CHECK(wi_test_runtime_ensured > 0);
    double before = a_wtime();
    CHECK(fabs(before - runtime_clock()) < 0.01); /* the runtime's own clock */
    CHECK_EQ(wtime_calls, 0);

    initialized = 1;
    spin(0.002);
    double after = a_wtime();
    CHECK(after > before);
    CHECK(wi_lifecycle_active());
    int queries = state_queries;
    for (int i = 0; i < 1000; i++)
        a_wtime();
    CHECK_EQ(state_queries, queries); /* initialized: no more questions */

    double last = a_wtime();
    wi_lifecycle_finalizing();
    wi_lifecycle_finalized();
    finalized = 1;
    CHECK(!wi_lifecycle_active());
    int calls = wtime_calls;
    double served = a_wtime();
    CHECK_EQ(wtime_calls, calls); /* finalized: the runtime is not called */
    CHECK(served >= last);
    CHECK(served - last < 0.01);
    CHECK(wi_lifecycle_wtick() > 0.0 && wi_lifecycle_wtick() < 1e-3);
    CHECK(in_w_seen);
}

/* The runtime initialized in a later hour than the first served value: its clock is shifted so that
 * MPI_Wtime does not go back by an hour. */
static void wtime_later_epoch(void)
{
    runtime_epoch = hour_start() + 3600;
    double before = a_wtime();
    CHECK(!wi_lifecycle_runtime_active());
    initialized = 1;
    spin(0.002);
    double after = a_wtime();
    CHECK(!wi_lifecycle_active()); /* shifted: every call takes the served path */
    CHECK(wi_lifecycle_runtime_active()); /* and the runtime is between MPI_Init and MPI_Finalize */
    CHECK(after > before);
    CHECK(after - before < 0.5);
    CHECK(fabs(after - (runtime_clock() + 3600)) < 0.01);
    double last = a_wtime();
    wi_lifecycle_finalizing();
    wi_lifecycle_finalized();
    CHECK(!wi_lifecycle_runtime_active());
    double served = a_wtime();
    CHECK(served >= last && served - last < 0.01);
}

/* Initialized before any served call: the runtime's values as they are. */
static void wtime_initialized_first(void)
{
    runtime_epoch = hour_start() + 3600;
    initialized = 1;
    double first = a_wtime();
    CHECK(wi_lifecycle_active());
    CHECK(fabs(first - runtime_clock()) < 0.01);
}

/* Open MPI refuses MPI_Error_class / MPI_Error_string outside init: predefined classes answered. */
static void errors_outside_init(void)
{
    CHECK(wi_lifecycle_served(WI_LIFECYCLE_ERROR_CLASS));
    CHECK(wi_lifecycle_served(WI_LIFECYCLE_ERROR_STRING));
    CHECK(!wi_lifecycle_served(WI_LIFECYCLE_WTIME)); /* Open MPI answers it at any time */
    int class = -1;
    CHECK_EQ(wi_lifecycle_error_class(A_MPI_ERR_ROOT, &class), A_MPI_SUCCESS);
    CHECK_EQ(class, A_MPI_ERR_ROOT);
    CHECK_EQ(wi_lifecycle_error_class(A_MPI_SUCCESS, &class), A_MPI_SUCCESS);
    CHECK_EQ(class, A_MPI_SUCCESS);
    CHECK_EQ(wi_lifecycle_error_class(123456, &class), A_MPI_ERR_ARG);

    char text[A_MPI_MAX_ERROR_STRING];
    int len = -1;
    memset(text, 0x7f, sizeof text);
    CHECK_EQ(wi_lifecycle_error_string(A_MPI_ERR_ROOT, text, &len), A_MPI_SUCCESS);
    CHECK(strcmp(text, "MPI_ERR_ROOT: invalid root") == 0);
    CHECK_EQ(len, strlen(text));
    CHECK_EQ(wi_lifecycle_error_string(-5, text, &len), A_MPI_ERR_ARG);

    initialized = 1;
    CHECK(!wi_lifecycle_served(WI_LIFECYCLE_ERROR_CLASS));
    CHECK(wi_lifecycle_active());
    wi_lifecycle_finalizing();
    wi_lifecycle_finalized();
    finalized = 1;
    CHECK(wi_lifecycle_served(WI_LIFECYCLE_ERROR_STRING));
    CHECK_EQ(wtime_calls, 0); /* Open MPI's clock needs no record at MPI_Finalize */
    CHECK(in_w_seen);
}

static void run(const char *name, void (*scenario)(void))
{
    pid_t pid = fork();
    if (pid == 0) {
        scenario();
        _exit(wi_test_failures ? 1 : 0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "scenario %s failed\n", name);
        wi_test_failures++;
    }
}

int main(void)
{
    R_PMPI_Initialized = fake_initialized;
    R_PMPI_Finalized = fake_finalized;
    R_PMPI_Wtime = fake_wtime;
    wi_in_w = 0;
    if (strcmp(WI_TO_NAME, "mpich") == 0) {
        run("wtime_same_epoch", wtime_same_epoch);
        run("wtime_later_epoch", wtime_later_epoch);
        run("wtime_initialized_first", wtime_initialized_first);
    } else {
        run("errors_outside_init", errors_outside_init);
    }
    return wi_test_finish("test_lifecycle");
}
