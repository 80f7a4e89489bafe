/*
 * Collectives, each run blocking and nonblocking: barrier, broadcast, (all)gather(v),
 * scatter(v), alltoall(v,w), reductions with every integer op and MAXLOC/MINLOC pairs,
 * reduce_scatter(_block), scans, MPI_IN_PLACE variants, and a broadcast across an
 * intercommunicator with MPI_ROOT/MPI_PROC_NULL roots, and Open MPI's persistent collectives
 * (MPIX_*_init) in its builds. All values are integers checked exactly.
 */
#include "check.h"

#if defined(OPEN_MPI)
#include <mpi-ext.h> /* MPIX_*_init: Open MPI's persistent collectives */
#endif

static int n, me;

/* Runs the blocking collective, or the nonblocking one followed by a wait on its request. */
#define COLLECTIVE(nonblocking, blocking_fn, nonblocking_fn, ...) \
    do { \
        if (nonblocking) { \
            MPI_Request request_ = MPI_REQUEST_NULL; \
            CHECK_MPI(nonblocking_fn(__VA_ARGS__, &request_)); \
            CHECK(request_ != MPI_REQUEST_NULL); \
            CHECK_MPI(MPI_Wait(&request_, MPI_STATUS_IGNORE)); \
            CHECK_HANDLE(MPI_REQUEST_NULL, request_); \
        } else { \
            CHECK_MPI(blocking_fn(__VA_ARGS__)); \
        } \
    } while (0)

static int *ints(size_t count)
{
    int *p = malloc((count ? count : 1) * sizeof *p);
    CHECK(p != NULL);
    for (size_t i = 0; i < count; i++)
        p[i] = -1;
    return p;
}

static void check_barrier_and_bcast(int nb)
{
    COLLECTIVE(nb, MPI_Barrier, MPI_Ibarrier, MPI_COMM_WORLD);

    int root = n - 1, buf[5];
    for (int i = 0; i < 5; i++)
        buf[i] = me == root ? 7 * i + root : -1;
    COLLECTIVE(nb, MPI_Bcast, MPI_Ibcast, buf, 5, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < 5; i++)
        CHECK_INT(7 * i + root, buf[i]);
}

/* What the standard ignores with MPI_IN_PLACE may be anything, a literal 0 as the MPICH test suite
 * passes included: never converted. */
#define IGNORED_TYPE ((MPI_Datatype)0)

static void check_gather(int nb, int in_place)
{
    int root = 0, send[2] = {me, 100 + me};
    int *recv = ints(2 * (size_t)n);
    if (in_place && me == root) {
        recv[2 * root] = me;
        recv[2 * root + 1] = 100 + me;
        COLLECTIVE(nb, MPI_Gather, MPI_Igather, MPI_IN_PLACE, 0, IGNORED_TYPE, recv, 2, MPI_INT, root, MPI_COMM_WORLD);
    } else {
        COLLECTIVE(nb, MPI_Gather, MPI_Igather, send, 2, MPI_INT, recv, 2, MPI_INT, root, MPI_COMM_WORLD);
    }
    if (me == root) {
        for (int q = 0; q < n; q++) {
            CHECK_INT(q, recv[2 * q]);
            CHECK_INT(100 + q, recv[2 * q + 1]);
        }
    }
    free(recv);
}

/* Rank q contributes q + 1 values; the root stores the blocks in reverse order with a one-int gap. */
static void check_gatherv(int nb)
{
    int root = n - 1, total = 0;
    int *counts = ints((size_t)n), *displs = ints((size_t)n);
    for (int q = n - 1; q >= 0; q--) {
        counts[q] = q + 1;
        displs[q] = total;
        total += q + 2;
    }
    int *send = ints((size_t)me + 1), *recv = ints((size_t)total);
    for (int i = 0; i <= me; i++)
        send[i] = 10 * me + i;
    COLLECTIVE(nb, MPI_Gatherv, MPI_Igatherv, send, me + 1, MPI_INT, recv, counts, displs, MPI_INT, root,
               MPI_COMM_WORLD);
    if (me == root) {
        for (int q = 0; q < n; q++) {
            for (int i = 0; i <= q; i++)
                CHECK_INT(10 * q + i, recv[displs[q] + i]);
            CHECK_INT(-1, recv[displs[q] + q + 1]);
        }
    }
    free(send);
    free(recv);
    free(counts);
    free(displs);
}

static void check_scatter(int nb)
{
    int root = n - 1, recv[3] = {-1, -1, -1};
    int *send = ints(3 * (size_t)n);
    for (int q = 0; q < n; q++)
        for (int i = 0; i < 3; i++)
            send[3 * q + i] = 100 * q + i;
    COLLECTIVE(nb, MPI_Scatter, MPI_Iscatter, send, 3, MPI_INT, recv, 3, MPI_INT, root, MPI_COMM_WORLD);
    for (int i = 0; i < 3; i++)
        CHECK_INT(100 * me + i, recv[i]);
    free(send);
}

static void check_scatterv(int nb)
{
    int root = 0, total = 0;
    int *counts = ints((size_t)n), *displs = ints((size_t)n);
    for (int q = n - 1; q >= 0; q--) {
        counts[q] = q + 1;
        displs[q] = total;
        total += q + 1;
    }
    int *send = ints((size_t)total), *recv = ints((size_t)me + 2);
    for (int q = 0; q < n; q++)
        for (int i = 0; i <= q; i++)
            send[displs[q] + i] = 10 * q + i;
    COLLECTIVE(nb, MPI_Scatterv, MPI_Iscatterv, send, counts, displs, MPI_INT, recv, me + 1, MPI_INT, root,
               MPI_COMM_WORLD);
    for (int i = 0; i <= me; i++)
        CHECK_INT(10 * me + i, recv[i]);
    CHECK_INT(-1, recv[me + 1]);
    free(send);
    free(recv);
    free(counts);
    free(displs);
}

static void check_allgather(int nb, int in_place)
{
    int send[2] = {me, -me};
    int *recv = ints(2 * (size_t)n);
    if (in_place) {
        recv[2 * me] = me;
        recv[2 * me + 1] = -me;
        COLLECTIVE(nb, MPI_Allgather, MPI_Iallgather, MPI_IN_PLACE, 0, IGNORED_TYPE, recv, 2, MPI_INT,
                   MPI_COMM_WORLD);
    } else {
        COLLECTIVE(nb, MPI_Allgather, MPI_Iallgather, send, 2, MPI_INT, recv, 2, MPI_INT, MPI_COMM_WORLD);
    }
    for (int q = 0; q < n; q++) {
        CHECK_INT(q, recv[2 * q]);
        CHECK_INT(-q, recv[2 * q + 1]);
    }
    free(recv);
}

static void check_allgatherv(int nb)
{
    int total = 0;
    int *counts = ints((size_t)n), *displs = ints((size_t)n);
    for (int q = 0; q < n; q++) {
        counts[q] = q + 1;
        displs[q] = total;
        total += q + 1;
    }
    int *send = ints((size_t)me + 1), *recv = ints((size_t)total);
    for (int i = 0; i <= me; i++)
        send[i] = 10 * me + i;
    COLLECTIVE(nb, MPI_Allgatherv, MPI_Iallgatherv, send, me + 1, MPI_INT, recv, counts, displs, MPI_INT,
               MPI_COMM_WORLD);
    for (int q = 0; q < n; q++)
        for (int i = 0; i <= q; i++)
            CHECK_INT(10 * q + i, recv[displs[q] + i]);
    free(send);
    free(recv);
    free(counts);
    free(displs);
}

static void check_alltoall(int nb)
{
    int *send = ints((size_t)n), *recv = ints((size_t)n);
    for (int j = 0; j < n; j++)
        send[j] = 100 * me + j;
    COLLECTIVE(nb, MPI_Alltoall, MPI_Ialltoall, send, 1, MPI_INT, recv, 1, MPI_INT, MPI_COMM_WORLD);
    for (int j = 0; j < n; j++)
        CHECK_INT(100 * j + me, recv[j]);
    free(send);
    free(recv);
}

/* Rank a sends (a + b) % 3 + 1 values to rank b. */
static int pair_count(int a, int b)
{
    return (a + b) % 3 + 1;
}

static void check_alltoallv(int nb)
{
    int *scounts = ints((size_t)n), *sdispls = ints((size_t)n);
    int *rcounts = ints((size_t)n), *rdispls = ints((size_t)n);
    int stotal = 0, rtotal = 0;
    for (int j = 0; j < n; j++) {
        scounts[j] = pair_count(me, j);
        sdispls[j] = stotal;
        stotal += scounts[j];
        rcounts[j] = pair_count(j, me);
        rdispls[j] = rtotal;
        rtotal += rcounts[j];
    }
    int *send = ints((size_t)stotal), *recv = ints((size_t)rtotal);
    for (int j = 0; j < n; j++)
        for (int k = 0; k < scounts[j]; k++)
            send[sdispls[j] + k] = 1000 * me + 10 * j + k;
    COLLECTIVE(nb, MPI_Alltoallv, MPI_Ialltoallv, send, scounts, sdispls, MPI_INT, recv, rcounts, rdispls,
               MPI_INT, MPI_COMM_WORLD);
    for (int j = 0; j < n; j++)
        for (int k = 0; k < rcounts[j]; k++)
            CHECK_INT(1000 * j + 10 * me + k, recv[rdispls[j] + k]);
    free(send);
    free(recv);
    free(scounts);
    free(sdispls);
    free(rcounts);
    free(rdispls);
}

/* Two ints to every peer; odd peers' data arrives as one derived pair, blocks stored in reverse order. */
static void check_alltoallw(int nb)
{
    MPI_Datatype pair;
    CHECK_MPI(MPI_Type_contiguous(2, MPI_INT, &pair));
    CHECK_MPI(MPI_Type_commit(&pair));
    int *scounts = ints((size_t)n), *sdispls = ints((size_t)n);
    int *rcounts = ints((size_t)n), *rdispls = ints((size_t)n);
    MPI_Datatype *stypes = malloc((size_t)n * sizeof *stypes), *rtypes = malloc((size_t)n * sizeof *rtypes);
    CHECK(stypes && rtypes);
    for (int j = 0; j < n; j++) {
        scounts[j] = 2;
        sdispls[j] = j * 2 * (int)sizeof(int);
        stypes[j] = MPI_INT;
        rcounts[j] = j % 2 ? 1 : 2;
        rtypes[j] = j % 2 ? pair : MPI_INT;
        rdispls[j] = (n - 1 - j) * 2 * (int)sizeof(int);
    }
    int *send = ints(2 * (size_t)n), *recv = ints(2 * (size_t)n);
    for (int j = 0; j < n; j++)
        for (int k = 0; k < 2; k++)
            send[2 * j + k] = 100 * me + 10 * j + k;
    COLLECTIVE(nb, MPI_Alltoallw, MPI_Ialltoallw, send, scounts, sdispls, stypes, recv, rcounts, rdispls,
               rtypes, MPI_COMM_WORLD);
    for (int j = 0; j < n; j++)
        for (int k = 0; k < 2; k++)
            CHECK_INT(100 * j + 10 * me + k, recv[2 * (n - 1 - j) + k]);
    CHECK_MPI(MPI_Type_free(&pair));
    free(send);
    free(recv);
    free(stypes);
    free(rtypes);
    free(scounts);
    free(sdispls);
    free(rcounts);
    free(rdispls);
}

/* Integer reductions: each op gets contributions that make its result depend on every rank. */
enum { OP_SUM, OP_PROD, OP_MAX, OP_MIN, OP_LAND, OP_LOR, OP_BAND, OP_BOR, OP_BXOR, OP_COUNT };
#define VECTOR 3

static MPI_Op mpi_op(int op)
{
    switch (op) {
    case OP_SUM: return MPI_SUM;
    case OP_PROD: return MPI_PROD;
    case OP_MAX: return MPI_MAX;
    case OP_MIN: return MPI_MIN;
    case OP_LAND: return MPI_LAND;
    case OP_LOR: return MPI_LOR;
    case OP_BAND: return MPI_BAND;
    case OP_BOR: return MPI_BOR;
    default: return MPI_BXOR;
    }
}

static int contribution(int op, int rank, int i)
{
    switch (op) {
    case OP_SUM: return 3 * rank + i + 1;
    case OP_PROD: return (rank + i) % 3 + 1;
    case OP_MAX:
    case OP_MIN: return (7 * rank + 3 * i) % 11 - 5;
    case OP_LAND: return i == 0 ? rank + 1 : (i == 1 ? rank != 1 : 0);
    case OP_LOR: return i == 0 ? 0 : (i == 1 ? rank == 1 : rank + 2);
    case OP_BAND: return ~(1 << rank) & (0xff >> i);
    case OP_BOR: return 1 << (rank + i);
    default: return (rank + 1) * (i + 3);
    }
}

static int combine(int op, int a, int b)
{
    switch (op) {
    case OP_SUM: return a + b;
    case OP_PROD: return a * b;
    case OP_MAX: return a > b ? a : b;
    case OP_MIN: return a < b ? a : b;
    case OP_LAND: return a && b;
    case OP_LOR: return a || b;
    case OP_BAND: return a & b;
    case OP_BOR: return a | b;
    default: return a ^ b;
    }
}

/* The result of the reduction over ranks [0, upto). */
static int expected_reduction(int op, int upto, int i)
{
    int value = contribution(op, 0, i);
    for (int q = 1; q < upto; q++)
        value = combine(op, value, contribution(op, q, i));
    return value;
}

static void check_allreduce_ops(int nb)
{
    for (int op = 0; op < OP_COUNT; op++) {
        int send[VECTOR], recv[VECTOR] = {-1, -1, -1};
        for (int i = 0; i < VECTOR; i++)
            send[i] = contribution(op, me, i);
        COLLECTIVE(nb, MPI_Allreduce, MPI_Iallreduce, send, recv, VECTOR, MPI_INT, mpi_op(op), MPI_COMM_WORLD);
        for (int i = 0; i < VECTOR; i++)
            CHECK_INT(expected_reduction(op, n, i), recv[i]);
    }
    int inout[VECTOR];
    for (int i = 0; i < VECTOR; i++)
        inout[i] = contribution(OP_MAX, me, i);
    COLLECTIVE(nb, MPI_Allreduce, MPI_Iallreduce, MPI_IN_PLACE, inout, VECTOR, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    for (int i = 0; i < VECTOR; i++)
        CHECK_INT(expected_reduction(OP_MAX, n, i), inout[i]);
}

static void check_reduce(int nb, int in_place)
{
    int root = n - 1, send[VECTOR], recv[VECTOR] = {-1, -1, -1};
    for (int i = 0; i < VECTOR; i++)
        send[i] = contribution(OP_SUM, me, i);
    if (in_place && me == root) {
        COLLECTIVE(nb, MPI_Reduce, MPI_Ireduce, MPI_IN_PLACE, send, VECTOR, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        for (int i = 0; i < VECTOR; i++)
            CHECK_INT(expected_reduction(OP_SUM, n, i), send[i]);
        return;
    }
    COLLECTIVE(nb, MPI_Reduce, MPI_Ireduce, send, recv, VECTOR, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
    for (int i = 0; i < VECTOR; i++)
        CHECK_INT(me == root ? expected_reduction(OP_SUM, n, i) : -1, recv[i]);
}

struct int_pair { int value, index; };
struct double_int { double value; int index; };

/* Values repeat across ranks so ties resolve to the lowest index. */
static int loc_value(int rank, int i)
{
    return (3 * rank + i) % 4;
}

static void check_loc_ops(int nb)
{
    struct int_pair send[VECTOR], max[VECTOR], min[VECTOR];
    struct double_int dsend[VECTOR], dmax[VECTOR];
    for (int i = 0; i < VECTOR; i++) {
        send[i].value = loc_value(me, i);
        send[i].index = me;
        dsend[i].value = 0.5 * loc_value(me, i);
        dsend[i].index = me;
    }
    COLLECTIVE(nb, MPI_Allreduce, MPI_Iallreduce, send, max, VECTOR, MPI_2INT, MPI_MAXLOC, MPI_COMM_WORLD);
    COLLECTIVE(nb, MPI_Allreduce, MPI_Iallreduce, send, min, VECTOR, MPI_2INT, MPI_MINLOC, MPI_COMM_WORLD);
    COLLECTIVE(nb, MPI_Allreduce, MPI_Iallreduce, dsend, dmax, VECTOR, MPI_DOUBLE_INT, MPI_MAXLOC,
               MPI_COMM_WORLD);
    for (int i = 0; i < VECTOR; i++) {
        int max_value = -1, max_index = -1, min_value = 99, min_index = -1;
        for (int q = 0; q < n; q++) {
            if (loc_value(q, i) > max_value) {
                max_value = loc_value(q, i);
                max_index = q;
            }
            if (loc_value(q, i) < min_value) {
                min_value = loc_value(q, i);
                min_index = q;
            }
        }
        CHECK_INT(max_value, max[i].value);
        CHECK_INT(max_index, max[i].index);
        CHECK_INT(min_value, min[i].value);
        CHECK_INT(min_index, min[i].index);
        CHECK_DOUBLE(0.5 * max_value, dmax[i].value, 0.0);
        CHECK_INT(max_index, dmax[i].index);
    }
}

static void check_reduce_local(void)
{
    int in[VECTOR] = {1, -2, 3}, inout[VECTOR] = {10, 20, -30};
    CHECK_MPI(MPI_Reduce_local(in, inout, VECTOR, MPI_INT, MPI_SUM));
    CHECK_INT(11, inout[0]);
    CHECK_INT(18, inout[1]);
    CHECK_INT(-27, inout[2]);
    CHECK_MPI(MPI_Reduce_local(in, inout, VECTOR, MPI_INT, MPI_PROD));
    CHECK_INT(11, inout[0]);
    CHECK_INT(-36, inout[1]);
    CHECK_INT(-81, inout[2]);
    CHECK_MPI(MPI_Reduce_local(in, inout, VECTOR, MPI_INT, MPI_MAX));
    CHECK_INT(11, inout[0]);
    CHECK_INT(-2, inout[1]);
    CHECK_INT(3, inout[2]);
}

/* Element k of rank q's send buffer is q + k, so block results depend on every rank. */
static void check_reduce_scatter(int nb)
{
    int *counts = ints((size_t)n), total = 0, offset = 0;
    for (int q = 0; q < n; q++) {
        counts[q] = q + 1;
        if (q < me)
            offset += q + 1;
        total += q + 1;
    }
    int *send = ints((size_t)total), *recv = ints((size_t)me + 1);
    for (int k = 0; k < total; k++)
        send[k] = me + k;
    COLLECTIVE(nb, MPI_Reduce_scatter, MPI_Ireduce_scatter, send, recv, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i <= me; i++)
        CHECK_INT(n * (n - 1) / 2 + n * (offset + i), recv[i]);
    free(send);
    free(recv);
    free(counts);
}

static void check_reduce_scatter_block(int nb)
{
    int *send = ints(2 * (size_t)n), recv[2] = {-1, -1};
    for (int k = 0; k < 2 * n; k++)
        send[k] = me * k + 1;
    COLLECTIVE(nb, MPI_Reduce_scatter_block, MPI_Ireduce_scatter_block, send, recv, 2, MPI_INT, MPI_SUM,
               MPI_COMM_WORLD);
    for (int i = 0; i < 2; i++) {
        int k = 2 * me + i;
        CHECK_INT(k * n * (n - 1) / 2 + n, recv[i]);
    }
    free(send);
}

static void check_scans(int nb)
{
    int send[VECTOR], recv[VECTOR] = {-1, -1, -1};
    for (int i = 0; i < VECTOR; i++)
        send[i] = contribution(OP_SUM, me, i);
    COLLECTIVE(nb, MPI_Scan, MPI_Iscan, send, recv, VECTOR, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    for (int i = 0; i < VECTOR; i++)
        CHECK_INT(expected_reduction(OP_SUM, me + 1, i), recv[i]);

    for (int i = 0; i < VECTOR; i++)
        send[i] = contribution(OP_MAX, me, i);
    COLLECTIVE(nb, MPI_Exscan, MPI_Iexscan, send, recv, VECTOR, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    /* Rank 0's exclusive scan result is undefined. */
    if (me > 0)
        for (int i = 0; i < VECTOR; i++)
            CHECK_INT(expected_reduction(OP_MAX, me, i), recv[i]);
}

/* The low half's rank 0 broadcasts to the high half: MPI_ROOT there, MPI_PROC_NULL in its group. */
static void check_intercomm_bcast(int nb)
{
    if (n < 2)
        return;
    int half = n / 2, low = me < half;
    MPI_Comm local, inter;
    CHECK_MPI(MPI_Comm_split(MPI_COMM_WORLD, low, me, &local));
    CHECK_MPI(MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, low ? half : 0, 31, &inter));

    int buf[4], root;
    for (int i = 0; i < 4; i++)
        buf[i] = low && me == 0 ? 40 + i : -1;
    if (low)
        root = me == 0 ? MPI_ROOT : MPI_PROC_NULL;
    else
        root = 0;
    COLLECTIVE(nb, MPI_Bcast, MPI_Ibcast, buf, 4, MPI_INT, root, inter);
    for (int i = 0; i < 4; i++)
        CHECK_INT(low && me != 0 ? -1 : 40 + i, buf[i]);

    CHECK_MPI(MPI_Comm_free(&inter));
    CHECK_MPI(MPI_Comm_free(&local));
}

/* Open MPI's persistent collectives (MPI-4.0's under MPIX_ names), started twice. */
static void check_openmpi_persistent(void)
{
#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
    int mine = me + 1, sum = -1, value = -1;
    MPI_Request requests[2];
    CHECK_MPI(MPIX_Allreduce_init(&mine, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &requests[0]));
    CHECK_MPI(MPIX_Bcast_init(&value, 1, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &requests[1]));
    for (int round = 1; round <= 2; round++) {
        sum = -1;
        value = me == 0 ? 40 + round : -1;
        CHECK_MPI(MPI_Startall(2, requests));
        CHECK_MPI(MPI_Waitall(2, requests, MPI_STATUSES_IGNORE));
        CHECK_INT(n * (n + 1) / 2, sum);
        CHECK_INT(40 + round, value);
    }
    CHECK_MPI(MPI_Request_free(&requests[0]));
    CHECK_MPI(MPI_Request_free(&requests[1]));
#endif
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &n));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &me));

    for (int nb = 0; nb <= 1; nb++) {
        check_barrier_and_bcast(nb);
        check_gather(nb, 0);
        check_gather(nb, 1);
        check_gatherv(nb);
        check_scatter(nb);
        check_scatterv(nb);
        check_allgather(nb, 0);
        check_allgather(nb, 1);
        check_allgatherv(nb);
        check_alltoall(nb);
        check_alltoallv(nb);
        check_alltoallw(nb);
        check_allreduce_ops(nb);
        check_reduce(nb, 0);
        check_reduce(nb, 1);
        check_loc_ops(nb);
        check_reduce_scatter(nb);
        check_reduce_scatter_block(nb);
        check_scans(nb);
        check_intercomm_bcast(nb);
    }
    check_reduce_local();
    check_openmpi_persistent();

    check_report_ok("collectives");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
