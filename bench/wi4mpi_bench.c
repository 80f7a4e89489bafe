/*
 * wi4mpi overhead micro-benchmark. Built once per MPI family (mpicc.openmpi / mpicc.mpich, -O2) and run
 * natively or through a wi4mpi pair by bench/run.
 *
 *   wi4mpi_bench micro      1 rank: per-call costs of cheap MPI operations
 *   wi4mpi_bench pingpong   2 ranks: half round trip at 0 B, 8 B and 64 KiB
 *   wi4mpi_bench startup    1 rank: exec-to-after-MPI_Finalize time and VmRSS after MPI_Init
 *
 * Output, rank 0 only, one metric per line:  metric <TAB> min_ns <TAB> median_ns <TAB> ops_per_sample
 * (startup: the value twice and 1; RSS is in bytes, in the same columns).
 *
 * Each timed metric is calibrated to a batch of about BATCH_NS (ping-pong: PP_BATCH_NS), then SAMPLES
 * (PP_SAMPLES) batches are timed with CLOCK_MONOTONIC; a sample is the batch time divided by the
 * operations in it. The minimum is the least-disturbed estimate of a deterministic code path, the
 * median the typical cost. Environment: WI4MPI_BENCH_SAMPLES, WI4MPI_BENCH_BATCH_MS,
 * WI4MPI_BENCH_PP_SAMPLES, WI4MPI_BENCH_PP_BATCH_MS.
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SAMPLES_DEFAULT 30
#define BATCH_NS_DEFAULT 5000000.0
/* Ping-pong needs both cores at once: on a shared machine any other runnable process steals whole
 * time slices (a few ms) from one rank, so many short batches find undisturbed windows where a few
 * long ones would not. */
#define PP_SAMPLES_DEFAULT 150
#define PP_BATCH_NS_DEFAULT 500000.0
#define NREQ 16
#define PP_MAX (64 * 1024)
#define WARMUP 64
#define T0_ENV "WI4MPI_BENCH_T0_NS"

static int samples = SAMPLES_DEFAULT;
static double batch_ns = BATCH_NS_DEFAULT;
static int pp_samples = PP_SAMPLES_DEFAULT;
static double pp_batch_ns = PP_BATCH_NS_DEFAULT;

static inline uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void die(const char *what, int rc)
{
    fprintf(stderr, "wi4mpi_bench: %s failed (%d)\n", what, rc);
    MPI_Abort(MPI_COMM_WORLD, 1);
    exit(1);
}

#define CK(call)                                                                                   \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ != MPI_SUCCESS)                                                                    \
            die(#call, rc_);                                                                       \
    } while (0)

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *metric, double *s, int n, long ops)
{
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    double med = n % 2 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    printf("%s\t%.3f\t%.3f\t%ld\n", metric, s[0], med, ops);
    fflush(stdout);
}

/* ---- single-process operations: each runs n iterations of one operation ---- */

static MPI_Comm dup_comm;
static volatile int sink;

typedef void (*op_fn)(long n);

static void op_comm_rank_world(long n)
{
    int r = 0;
    for (long i = 0; i < n; i++)
        MPI_Comm_rank(MPI_COMM_WORLD, &r);
    sink = r;
}

static void op_comm_rank_dup(long n)
{
    int r = 0;
    for (long i = 0; i < n; i++)
        MPI_Comm_rank(dup_comm, &r);
    sink = r;
}

static void op_type_size(long n)
{
    int s = 0;
    for (long i = 0; i < n; i++)
        MPI_Type_size(MPI_INT, &s);
    sink = s;
}

static void op_test_null(long n)
{
    int flag = 0;
    for (long i = 0; i < n; i++) {
        MPI_Request req = MPI_REQUEST_NULL;
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
    }
    sink = flag;
}

static void op_isend_wait(long n)
{
    MPI_Status st;
    int buf = 0;
    for (long i = 0; i < n; i++) {
        MPI_Request req;
        MPI_Isend(&buf, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
    }
    sink = st.MPI_SOURCE;
}

static void op_sendrecv_self(long n)
{
    char sbuf[8] = {0}, rbuf[8];
    MPI_Status st;
    for (long i = 0; i < n; i++)
        MPI_Sendrecv(sbuf, 8, MPI_BYTE, 0, 1, rbuf, 8, MPI_BYTE, 0, 1, MPI_COMM_SELF, &st);
    sink = rbuf[0] + st.MPI_TAG;
}

static void op_allreduce_self(long n)
{
    double x = 1.0, y = 0.0;
    for (long i = 0; i < n; i++)
        MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_SELF);
    sink = (int)y;
}

static void op_irecv16_waitall(long n)
{
    MPI_Request req[NREQ];
    MPI_Status st[NREQ];
    int buf[NREQ];
    for (long i = 0; i < n; i++) {
        for (int k = 0; k < NREQ; k++)
            MPI_Irecv(&buf[k], 1, MPI_INT, MPI_PROC_NULL, k, MPI_COMM_WORLD, &req[k]);
        MPI_Waitall(NREQ, req, st);
    }
    sink = st[NREQ - 1].MPI_SOURCE;
}

static void op_comm_dup_free(long n)
{
    for (long i = 0; i < n; i++) {
        MPI_Comm c;
        MPI_Comm_dup(MPI_COMM_SELF, &c);
        MPI_Comm_free(&c);
    }
}

static void op_type_vector(long n)
{
    for (long i = 0; i < n; i++) {
        MPI_Datatype t;
        MPI_Type_vector(4, 2, 8, MPI_DOUBLE, &t);
        MPI_Type_commit(&t);
        MPI_Type_free(&t);
    }
}

/* Not MPI: the two clock reads a traced call with entry and exit times pays per clock, the floor of
 * any tracer's cost (bench/run --trace sets them beside the tracers' overheads). */
static void op_clock_pair(clockid_t clock, long n)
{
    struct timespec a, b;
    long sum = 0;
    for (long i = 0; i < n; i++) {
        clock_gettime(clock, &a);
        clock_gettime(clock, &b);
        sum += b.tv_nsec - a.tv_nsec;
    }
    sink = (int)sum;
}

static void op_clock_wall_pair(long n)
{
    op_clock_pair(CLOCK_MONOTONIC, n);
}

static void op_clock_cpu_pair(long n)
{
    op_clock_pair(CLOCK_PROCESS_CPUTIME_ID, n);
}

/* Doubles the iteration count until one batch takes batch_ns (this also warms caches and the
 * runtime's lazily grown tables), then times `samples` batches of that size. */
static void time_op(const char *metric, op_fn fn, int per_op_divisor, const char *per_item_metric)
{
    /* first calls pay one-off costs (lazy initialisation, page faults): keep them out of the
     * calibration, which would otherwise settle on a batch of one operation */
    fn(WARMUP);
    long n = 1;
    for (;;) {
        uint64_t t = now_ns();
        fn(n);
        double dt = (double)(now_ns() - t);
        if (dt >= batch_ns || n >= (1L << 30))
            break;
        /* jump most of the way once the batch is long enough to be timed reliably */
        n = dt > batch_ns / 64 ? (long)(n * (batch_ns / dt)) + 1 : n * 2;
    }
    double *s = malloc(sizeof(double) * (size_t)samples);
    double *p = malloc(sizeof(double) * (size_t)samples);
    for (int i = 0; i < samples; i++) {
        uint64_t t = now_ns();
        fn(n);
        s[i] = (double)(now_ns() - t) / (double)n;
        p[i] = s[i] / per_op_divisor;
    }
    report(metric, s, samples, n);
    if (per_item_metric)
        report(per_item_metric, p, samples, n * per_op_divisor);
    free(s);
    free(p);
}

static void run_micro(void)
{
    CK(MPI_Comm_dup(MPI_COMM_WORLD, &dup_comm));
    time_op("comm_rank_world", op_comm_rank_world, 1, NULL);
    time_op("comm_rank_dup", op_comm_rank_dup, 1, NULL);
    time_op("type_size_int", op_type_size, 1, NULL);
    time_op("test_request_null", op_test_null, 1, NULL);
    time_op("isend_procnull_wait", op_isend_wait, 1, NULL);
    time_op("sendrecv_self_8b", op_sendrecv_self, 1, NULL);
    time_op("allreduce_self_1d", op_allreduce_self, 1, NULL);
    time_op("irecv16_waitall", op_irecv16_waitall, NREQ, "irecv16_waitall_per_req");
    time_op("comm_dup_free", op_comm_dup_free, 1, NULL);
    time_op("type_vector_commit_free", op_type_vector, 1, NULL);
    time_op("clock_wall_pair", op_clock_wall_pair, 1, NULL);
    time_op("clock_cpu_pair", op_clock_cpu_pair, 1, NULL);
    CK(MPI_Comm_free(&dup_comm));
}

/* ---- 2-rank ping-pong ---- */

static void pingpong_batch(int rank, char *buf, int bytes, long iters)
{
    MPI_Status st;
    if (rank == 0) {
        for (long i = 0; i < iters; i++) {
            MPI_Send(buf, bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD);
            MPI_Recv(buf, bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD, &st);
        }
    } else {
        for (long i = 0; i < iters; i++) {
            MPI_Recv(buf, bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD, &st);
            MPI_Send(buf, bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
        }
    }
}

static void run_pingpong(void)
{
    int rank, size;
    CK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    CK(MPI_Comm_size(MPI_COMM_WORLD, &size));
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "wi4mpi_bench: pingpong needs exactly 2 ranks, got %d\n", size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char *buf = calloc(PP_MAX, 1);
    static const int sizes[] = {0, 8, PP_MAX};
    static const char *const names[] = {"pingpong_0b", "pingpong_8b", "pingpong_64kib"};
    double *s = malloc(sizeof(double) * (size_t)pp_samples);
    for (int k = 0; k < 3; k++) {
        /* warm-up (first messages set up connections and buffers), then calibration: rank 0 decides,
         * both ranks follow the count it broadcasts */
        CK(MPI_Barrier(MPI_COMM_WORLD));
        pingpong_batch(rank, buf, sizes[k], WARMUP);
        long iters = 1;
        for (;;) {
            CK(MPI_Barrier(MPI_COMM_WORLD));
            uint64_t t = now_ns();
            pingpong_batch(rank, buf, sizes[k], iters);
            double dt = (double)(now_ns() - t);
            long next = 0;
            if (rank == 0 && dt < pp_batch_ns && iters < (1L << 28))
                next = dt > pp_batch_ns / 64 ? (long)(iters * (pp_batch_ns / dt)) + 1 : iters * 2;
            CK(MPI_Bcast(&next, 1, MPI_LONG, 0, MPI_COMM_WORLD));
            if (next == 0)
                break;
            iters = next;
        }
        for (int i = 0; i < pp_samples; i++) {
            CK(MPI_Barrier(MPI_COMM_WORLD));
            uint64_t t = now_ns();
            pingpong_batch(rank, buf, sizes[k], iters);
            s[i] = (double)(now_ns() - t) / (2.0 * (double)iters);
        }
        if (rank == 0)
            report(names[k], s, pp_samples, iters);
    }
    free(s);
    free(buf);
}

/* ---- start-up: exec to after MPI_Finalize, resident memory after MPI_Init ---- */

static long vmrss_bytes(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0) {
            kb = strtol(line + 6, NULL, 10);
            break;
        }
    fclose(f);
    return kb < 0 ? -1 : kb * 1024;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "micro";
    const char *e;
    if ((e = getenv("WI4MPI_BENCH_SAMPLES")) && atoi(e) > 0)
        samples = atoi(e);
    if ((e = getenv("WI4MPI_BENCH_BATCH_MS")) && atof(e) > 0)
        batch_ns = atof(e) * 1e6;
    if ((e = getenv("WI4MPI_BENCH_PP_SAMPLES")) && atoi(e) > 0)
        pp_samples = atoi(e);
    if ((e = getenv("WI4MPI_BENCH_PP_BATCH_MS")) && atof(e) > 0)
        pp_batch_ns = atof(e) * 1e6;

    if (strcmp(mode, "startup") == 0) {
        /* Re-exec ourselves with the clock reading in the environment: the measured interval starts
         * at execve and so covers the dynamic loader, every preloaded library's constructors, MPI_Init
         * and MPI_Finalize, but not the launcher's own start-up and teardown. This first image makes
         * no MPI call. */
        const char *t0s = getenv(T0_ENV);
        if (!t0s) {
            char v[32];
            snprintf(v, sizeof v, "%llu", (unsigned long long)now_ns());
            setenv(T0_ENV, v, 1);
            execv("/proc/self/exe", argv);
            perror("wi4mpi_bench: execv /proc/self/exe");
            return 1;
        }
        uint64_t t0 = strtoull(t0s, NULL, 10);
        CK(MPI_Init(&argc, &argv));
        uint64_t t_init = now_ns();
        long rss = vmrss_bytes();
        int rank;
        CK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
        CK(MPI_Finalize());
        uint64_t t_fin = now_ns();
        if (rank == 0) {
            printf("start_to_init\t%.0f\t%.0f\t1\n", (double)(t_init - t0), (double)(t_init - t0));
            printf("start_to_finalize\t%.0f\t%.0f\t1\n", (double)(t_fin - t0), (double)(t_fin - t0));
            printf("rss_after_init\t%ld\t%ld\t1\n", rss, rss);
        }
        return 0;
    }

    CK(MPI_Init(&argc, &argv));
    int rank;
    CK(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    if (strcmp(mode, "micro") == 0) {
        if (rank == 0)
            run_micro();
    } else if (strcmp(mode, "pingpong") == 0) {
        run_pingpong();
    } else {
        if (rank == 0)
            fprintf(stderr, "wi4mpi_bench: unknown mode '%s' (micro, pingpong, startup)\n", mode);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    CK(MPI_Finalize());
    return 0;
}
