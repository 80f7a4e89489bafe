/*
 * Process topologies: Dims_create, cartesian communicators (2-D non-periodic, 1-D periodic,
 * a grid smaller than the group), Cart_get/rank/coords/shift/sub/map, a graph ring with its
 * queries and Graph_map, Topo_test on every kind, and the neighbourhood collectives
 * (allgather(v), alltoall(v), blocking and nonblocking) on the cartesian and graph
 * communicators. MPI_PROC_NULL neighbours at a non-periodic boundary leave their receive
 * blocks untouched. Distributed graphs: a weighted and an MPI_UNWEIGHTED ring from
 * Dist_graph_create_adjacent, and a weighted one from Dist_graph_create where only rank 0
 * names edges (the others pass MPI_WEIGHTS_EMPTY), read back with Dist_graph_neighbors(_count).
 * Neighbor_alltoallw (blocking and nonblocking) on every topology, with a datatype per neighbour:
 * on the cartesian and graph communicators, and on a distributed graph whose in- and out-degrees
 * differ (rank 0 sends to every rank, which receives from rank 0 only).
 */
#include "check.h"

/* Open MPI defines MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY as small integer addresses, which GCC 12
 * takes for arrays of size 0 it would read from: a false positive. */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif

#define MAX_NEIGHBOURS 4
#define UNTOUCHED (-7)

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

/*
 * The neighbours of the caller in a topology communicator, in the order the neighbourhood
 * collectives use. In both topologies used here neighbour i sees the caller as its neighbour
 * i ^ 1 (the opposite direction of the same dimension). When both neighbours of a pair are
 * one process (a ring of 1 or 2), which of its two blocks arrives where is not specified.
 */
struct neighbours {
    MPI_Comm comm;
    int count;
    int rank[MAX_NEIGHBOURS];
};

static int pair_is_one_process(const struct neighbours *nb, int i)
{
    return nb->rank[i] != MPI_PROC_NULL && nb->rank[i] == nb->rank[i ^ 1];
}

static void check_dims_create(void)
{
    int dims2[2] = {0, 0};
    CHECK_MPI(MPI_Dims_create(n, 2, dims2));
    CHECK_INT(n, dims2[0] * dims2[1]);
    CHECK(dims2[0] >= dims2[1]);
    if (n == 1) { CHECK_INT(1, dims2[0]); CHECK_INT(1, dims2[1]); }
    if (n == 2) { CHECK_INT(2, dims2[0]); CHECK_INT(1, dims2[1]); }
    if (n == 4) { CHECK_INT(2, dims2[0]); CHECK_INT(2, dims2[1]); }

    int dims3[3] = {0, 0, 0};
    CHECK_MPI(MPI_Dims_create(12, 3, dims3));
    CHECK_INT(3, dims3[0]);
    CHECK_INT(2, dims3[1]);
    CHECK_INT(2, dims3[2]);

    /* A fixed dimension is kept; the free ones share the rest. */
    int fixed[3] = {0, 3, 0};
    CHECK_MPI(MPI_Dims_create(24, 3, fixed));
    CHECK_INT(4, fixed[0]);
    CHECK_INT(3, fixed[1]);
    CHECK_INT(2, fixed[2]);

    int prime[2] = {0, 0};
    CHECK_MPI(MPI_Dims_create(7, 2, prime));
    CHECK_INT(7, prime[0]);
    CHECK_INT(1, prime[1]);
}

/* 2-D non-periodic grid, rows of dims[1] processes, ranks kept (reorder = 0). */
static void check_cart_2d(struct neighbours *nb)
{
    int dims[2] = {0, 0}, periods[2] = {0, 0};
    MPI_Comm cart = MPI_COMM_NULL;
    CHECK_MPI(MPI_Dims_create(n, 2, dims));
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart));
    CHECK(cart != MPI_COMM_NULL);

    int status = -1, ndims = -1, size = -1, rank = -1;
    CHECK_MPI(MPI_Topo_test(cart, &status));
    CHECK_INT(MPI_CART, status);
    CHECK_MPI(MPI_Cartdim_get(cart, &ndims));
    CHECK_INT(2, ndims);
    CHECK_MPI(MPI_Comm_size(cart, &size));
    CHECK_INT(n, size);
    CHECK_MPI(MPI_Comm_rank(cart, &rank));
    CHECK_INT(me, rank);

    int got_dims[2] = {-1, -1}, got_periods[2] = {-1, -1}, coords[2] = {-1, -1};
    CHECK_MPI(MPI_Cart_get(cart, 2, got_dims, got_periods, coords));
    CHECK_INT(dims[0], got_dims[0]);
    CHECK_INT(dims[1], got_dims[1]);
    CHECK_INT(0, got_periods[0]);
    CHECK_INT(0, got_periods[1]);
    CHECK_INT(me / dims[1], coords[0]);
    CHECK_INT(me % dims[1], coords[1]);

    /* Cart_rank and Cart_coords are inverse for every process of the grid. */
    for (int r = 0; r < n; r++) {
        int c[2] = {-1, -1}, back = -1;
        CHECK_MPI(MPI_Cart_coords(cart, r, 2, c));
        CHECK_INT(r / dims[1], c[0]);
        CHECK_INT(r % dims[1], c[1]);
        CHECK_MPI(MPI_Cart_rank(cart, c, &back));
        CHECK_INT(r, back);
    }

    /* Shifts by one in each dimension: MPI_PROC_NULL beyond the non-periodic edges. */
    int stride[2] = {dims[1], 1};
    for (int d = 0; d < 2; d++) {
        int source = -5, dest = -5;
        CHECK_MPI(MPI_Cart_shift(cart, d, 1, &source, &dest));
        CHECK_INT(coords[d] == 0 ? MPI_PROC_NULL : me - stride[d], source);
        CHECK_INT(coords[d] == dims[d] - 1 ? MPI_PROC_NULL : me + stride[d], dest);
        nb->rank[2 * d] = source;
        nb->rank[2 * d + 1] = dest;
    }
    /* A shift past the whole grid has no neighbour at all. */
    int source = -5, dest = -5;
    CHECK_MPI(MPI_Cart_shift(cart, 0, dims[0], &source, &dest));
    CHECK_INT(MPI_PROC_NULL, source);
    CHECK_INT(MPI_PROC_NULL, dest);
    /* Row 0 of a non-periodic grid has no upper neighbour, whatever the grid. */
    if (coords[0] == 0)
        CHECK_INT(MPI_PROC_NULL, nb->rank[0]);

    /* Sub-grids: one row (dimension 1 kept) and one column (dimension 0 kept). */
    for (int keep = 0; keep < 2; keep++) {
        int remain[2] = {keep == 0, keep == 1};
        MPI_Comm sub = MPI_COMM_NULL;
        int sub_size = -1, sub_rank = -1, sub_ndims = -1, sub_dims = -1, sub_periods = -1, sub_coords = -1;
        CHECK_MPI(MPI_Cart_sub(cart, remain, &sub));
        CHECK(sub != MPI_COMM_NULL);
        CHECK_MPI(MPI_Topo_test(sub, &status));
        CHECK_INT(MPI_CART, status);
        CHECK_MPI(MPI_Cartdim_get(sub, &sub_ndims));
        CHECK_INT(1, sub_ndims);
        CHECK_MPI(MPI_Comm_size(sub, &sub_size));
        CHECK_INT(dims[keep], sub_size);
        CHECK_MPI(MPI_Comm_rank(sub, &sub_rank));
        CHECK_INT(coords[keep], sub_rank);
        CHECK_MPI(MPI_Cart_get(sub, 1, &sub_dims, &sub_periods, &sub_coords));
        CHECK_INT(dims[keep], sub_dims);
        CHECK_INT(0, sub_periods);
        CHECK_INT(coords[keep], sub_coords);
        int sum = -1;
        CHECK_MPI(MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, sub));
        int expected = 0;
        for (int i = 0; i < dims[keep]; i++)
            expected += keep == 1 ? coords[0] * dims[1] + i : i * dims[1] + coords[1];
        CHECK_INT(expected, sum);
        CHECK_MPI(MPI_Comm_free(&sub));
        CHECK_HANDLE(MPI_COMM_NULL, sub);
    }

    /* Not a distributed graph: the query fails with a topology error. */
    int indegree = -1, outdegree = -1, weighted = -1;
    CHECK_MPI(MPI_Comm_set_errhandler(cart, MPI_ERRORS_RETURN));
    CHECK_ERROR_CLASS(MPI_ERR_TOPOLOGY, MPI_Dist_graph_neighbors_count(cart, &indegree, &outdegree, &weighted));

    nb->comm = cart;
    nb->count = 4;
}

/* 1-D periodic ring over every process. */
static void check_cart_periodic(struct neighbours *nb)
{
    int dims[1] = {n}, periods[1] = {1};
    MPI_Comm ring = MPI_COMM_NULL;
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring));
    CHECK(ring != MPI_COMM_NULL);

    int status = -1, ndims = -1, got_dims = -1, got_periods = -1, coords = -1;
    CHECK_MPI(MPI_Topo_test(ring, &status));
    CHECK_INT(MPI_CART, status);
    CHECK_MPI(MPI_Cartdim_get(ring, &ndims));
    CHECK_INT(1, ndims);
    CHECK_MPI(MPI_Cart_get(ring, 1, &got_dims, &got_periods, &coords));
    CHECK_INT(n, got_dims);
    CHECK(got_periods != 0);
    CHECK_INT(me, coords);

    /* Periodic coordinates out of range wrap around. */
    int c = -1, r = -5;
    CHECK_MPI(MPI_Cart_rank(ring, &c, &r));
    CHECK_INT(n - 1, r);
    c = n;
    CHECK_MPI(MPI_Cart_rank(ring, &c, &r));
    CHECK_INT(0, r);

    int source = -5, dest = -5;
    CHECK_MPI(MPI_Cart_shift(ring, 0, 1, &source, &dest));
    CHECK_INT((me + n - 1) % n, source);
    CHECK_INT((me + 1) % n, dest);
    nb->rank[0] = source;
    nb->rank[1] = dest;
    CHECK_MPI(MPI_Cart_shift(ring, 0, -3, &source, &dest));
    CHECK_INT((me + 3) % n, source);
    CHECK_INT(((me - 3) % n + n) % n, dest);

    nb->comm = ring;
    nb->count = 2;
}

/* A grid of n - 1 processes leaves the last one out: it gets MPI_COMM_NULL. */
static void check_cart_smaller_grid(void)
{
    if (n < 2)
        return;
    int dims[1] = {n - 1}, periods[1] = {0};
    MPI_Comm line = MPI_COMM_NULL;
    CHECK_MPI(MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &line));
    if (me == n - 1) {
        CHECK_HANDLE(MPI_COMM_NULL, line);
        return;
    }
    CHECK(line != MPI_COMM_NULL);
    int size = -1, status = -1;
    CHECK_MPI(MPI_Comm_size(line, &size));
    CHECK_INT(n - 1, size);
    CHECK_MPI(MPI_Topo_test(line, &status));
    CHECK_INT(MPI_CART, status);
    CHECK_MPI(MPI_Comm_free(&line));
}

/*
 * newrank from every process: the processes placed in a grid or graph of `placed` nodes get a
 * permutation of 0..placed-1; the others get MPI_UNDEFINED. Open MPI 4.1 does not leave them
 * out and returns their own rank, which is then beyond the grid.
 */
static void check_placement(int newrank, int placed)
{
    int *all = malloc((size_t)n * sizeof *all);
    int *seen = calloc((size_t)n, sizeof *seen);
    CHECK(all != NULL && seen != NULL);
    CHECK_MPI(MPI_Allgather(&newrank, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD));
    int count = 0;
    for (int i = 0; i < n; i++) {
        if (all[i] == MPI_UNDEFINED)
            continue;
        CHECK(all[i] >= 0 && all[i] < n);
        if (all[i] >= placed) {
            CHECK_INT(i, all[i]);
            continue;
        }
        CHECK_INT(0, seen[all[i]]);
        seen[all[i]] = 1;
        count++;
    }
    CHECK_INT(placed, count);
    free(all);
    free(seen);
}

static void check_cart_map(void)
{
    int dims[2] = {0, 0}, periods[2] = {1, 0}, newrank = -5;
    CHECK_MPI(MPI_Dims_create(n, 2, dims));
    CHECK_MPI(MPI_Cart_map(MPI_COMM_WORLD, 2, dims, periods, &newrank));
    CHECK(newrank >= 0 && newrank < n);
    check_placement(newrank, n);

    /* A grid of one process: the others are left out. */
    int line = 1, line_period = 0;
    newrank = -5;
    CHECK_MPI(MPI_Cart_map(MPI_COMM_WORLD, 1, &line, &line_period, &newrank));
    check_placement(newrank, line);
}

/* A ring graph: node i is linked to i - 1 and i + 1 (in this order). */
static void ring_graph(int nodes, int *index, int *edges)
{
    for (int i = 0; i < nodes; i++) {
        index[i] = 2 * (i + 1);
        edges[2 * i] = (i + nodes - 1) % nodes;
        edges[2 * i + 1] = (i + 1) % nodes;
    }
}

static void check_graph(struct neighbours *nb)
{
    int *index = malloc((size_t)n * sizeof *index);
    int *edges = malloc((size_t)2 * n * sizeof *edges);
    int *got_index = malloc((size_t)n * sizeof *got_index);
    int *got_edges = malloc((size_t)2 * n * sizeof *got_edges);
    CHECK(index && edges && got_index && got_edges);
    ring_graph(n, index, edges);

    MPI_Comm graph = MPI_COMM_NULL;
    CHECK_MPI(MPI_Graph_create(MPI_COMM_WORLD, n, index, edges, 0, &graph));
    CHECK(graph != MPI_COMM_NULL);

    int status = -1, nnodes = -1, nedges = -1;
    CHECK_MPI(MPI_Topo_test(graph, &status));
    CHECK_INT(MPI_GRAPH, status);
    CHECK_MPI(MPI_Graphdims_get(graph, &nnodes, &nedges));
    CHECK_INT(n, nnodes);
    CHECK_INT(2 * n, nedges);
    for (int i = 0; i < n; i++)
        got_index[i] = got_edges[2 * i] = got_edges[2 * i + 1] = -1;
    CHECK_MPI(MPI_Graph_get(graph, n, 2 * n, got_index, got_edges));
    for (int i = 0; i < n; i++) {
        CHECK_INT(index[i], got_index[i]);
        CHECK_INT(edges[2 * i], got_edges[2 * i]);
        CHECK_INT(edges[2 * i + 1], got_edges[2 * i + 1]);
    }

    for (int r = 0; r < n; r++) {
        int count = -1, neighbours[2] = {-1, -1};
        CHECK_MPI(MPI_Graph_neighbors_count(graph, r, &count));
        CHECK_INT(2, count);
        CHECK_MPI(MPI_Graph_neighbors(graph, r, 2, neighbours));
        CHECK_INT((r + n - 1) % n, neighbours[0]);
        CHECK_INT((r + 1) % n, neighbours[1]);
        if (r == me) {
            nb->rank[0] = neighbours[0];
            nb->rank[1] = neighbours[1];
        }
    }

    /* Graph_map of the same ring places everyone; a ring of n - 1 leaves one out. */
    int newrank = -5;
    CHECK_MPI(MPI_Graph_map(MPI_COMM_WORLD, n, index, edges, &newrank));
    check_placement(newrank, n);
    if (n > 1) {
        ring_graph(n - 1, index, edges);
        newrank = -5;
        CHECK_MPI(MPI_Graph_map(MPI_COMM_WORLD, n - 1, index, edges, &newrank));
        check_placement(newrank, n - 1);
    }

    free(index);
    free(edges);
    free(got_index);
    free(got_edges);
    nb->comm = graph;
    nb->count = 2;
}

/* The value a process puts at position e of its block b. */
static int block_value(int rank, int b, int e)
{
    return 1000 * (rank + 1) + 10 * b + e;
}

#define GATHER_COUNT 3

static void check_neighbor_allgather(const struct neighbours *nb, int nonblocking)
{
    int send[GATHER_COUNT], recv[MAX_NEIGHBOURS * GATHER_COUNT];
    for (int e = 0; e < GATHER_COUNT; e++)
        send[e] = block_value(me, 7, e);
    for (int i = 0; i < MAX_NEIGHBOURS * GATHER_COUNT; i++)
        recv[i] = UNTOUCHED;
    COLLECTIVE(nonblocking, MPI_Neighbor_allgather, MPI_Ineighbor_allgather,
               send, GATHER_COUNT, MPI_INT, recv, GATHER_COUNT, MPI_INT, nb->comm);
    for (int i = 0; i < nb->count; i++)
        for (int e = 0; e < GATHER_COUNT; e++)
            CHECK_INT(nb->rank[i] == MPI_PROC_NULL ? UNTOUCHED : block_value(nb->rank[i], 7, e),
                      recv[i * GATHER_COUNT + e]);

    /* v: each block at a displacement leaving a gap of 2 before it; the gaps stay untouched. */
    int counts[MAX_NEIGHBOURS], displs[MAX_NEIGHBOURS];
    int total = 0;
    for (int i = 0; i < nb->count; i++) {
        counts[i] = GATHER_COUNT;
        displs[i] = total + 2;
        total = displs[i] + GATHER_COUNT;
    }
    int wide[MAX_NEIGHBOURS * (GATHER_COUNT + 2)];
    for (int i = 0; i < total; i++)
        wide[i] = UNTOUCHED;
    COLLECTIVE(nonblocking, MPI_Neighbor_allgatherv, MPI_Ineighbor_allgatherv,
               send, GATHER_COUNT, MPI_INT, wide, counts, displs, MPI_INT, nb->comm);
    for (int i = 0; i < nb->count; i++) {
        CHECK_INT(UNTOUCHED, wide[displs[i] - 2]);
        CHECK_INT(UNTOUCHED, wide[displs[i] - 1]);
        for (int e = 0; e < GATHER_COUNT; e++)
            CHECK_INT(nb->rank[i] == MPI_PROC_NULL ? UNTOUCHED : block_value(nb->rank[i], 7, e),
                      wide[displs[i] + e]);
    }
}

/*
 * Received block i with its count elements, from the neighbour's block i ^ 1, or from either
 * of its blocks when both directions lead to the same process.
 */
static void check_received_block(const struct neighbours *nb, int i, const int *block, int count)
{
    if (nb->rank[i] == MPI_PROC_NULL) {
        for (int e = 0; e < count; e++)
            CHECK_INT(UNTOUCHED, block[e]);
        return;
    }
    int from = i ^ 1;
    if (pair_is_one_process(nb, i) && block[0] == block_value(nb->rank[i], i, 0))
        from = i;
    for (int e = 0; e < count; e++)
        CHECK_INT(block_value(nb->rank[i], from, e), block[e]);
}

static void check_neighbor_alltoall(const struct neighbours *nb, int nonblocking)
{
    enum { COUNT = 2 };
    int send[MAX_NEIGHBOURS * COUNT], recv[MAX_NEIGHBOURS * COUNT];
    for (int b = 0; b < nb->count; b++)
        for (int e = 0; e < COUNT; e++)
            send[b * COUNT + e] = block_value(me, b, e);
    for (int i = 0; i < MAX_NEIGHBOURS * COUNT; i++)
        recv[i] = UNTOUCHED;
    COLLECTIVE(nonblocking, MPI_Neighbor_alltoall, MPI_Ineighbor_alltoall,
               send, COUNT, MPI_INT, recv, COUNT, MPI_INT, nb->comm);
    for (int i = 0; i < nb->count; i++)
        check_received_block(nb, i, recv + i * COUNT, COUNT);
    /* Both blocks of a process that is both neighbours arrived, one in each place. */
    for (int i = 0; i < nb->count; i += 2)
        if (pair_is_one_process(nb, i))
            CHECK(recv[i * COUNT] != recv[(i + 1) * COUNT]);

    /* v: block b has 2 + b / 2 elements (the same in both directions of a dimension), gaps of 1. */
    int scounts[MAX_NEIGHBOURS], sdispls[MAX_NEIGHBOURS], rcounts[MAX_NEIGHBOURS], rdispls[MAX_NEIGHBOURS];
    int vsend[MAX_NEIGHBOURS * 5], vrecv[MAX_NEIGHBOURS * 5];
    int stotal = 0, rtotal = 0;
    for (int b = 0; b < nb->count; b++) {
        scounts[b] = rcounts[b] = 2 + b / 2;
        sdispls[b] = stotal + 1;
        stotal = sdispls[b] + scounts[b];
        rdispls[b] = rtotal + 1;
        rtotal = rdispls[b] + rcounts[b];
    }
    for (int i = 0; i < MAX_NEIGHBOURS * 5; i++)
        vsend[i] = vrecv[i] = UNTOUCHED;
    for (int b = 0; b < nb->count; b++)
        for (int e = 0; e < scounts[b]; e++)
            vsend[sdispls[b] + e] = block_value(me, b, e);
    COLLECTIVE(nonblocking, MPI_Neighbor_alltoallv, MPI_Ineighbor_alltoallv,
               vsend, scounts, sdispls, MPI_INT, vrecv, rcounts, rdispls, MPI_INT, nb->comm);
    for (int i = 0; i < nb->count; i++) {
        CHECK_INT(UNTOUCHED, vrecv[rdispls[i] - 1]);
        check_received_block(nb, i, vrecv + rdispls[i], rcounts[i]);
    }
    for (int i = 0; i < nb->count; i += 2)
        if (pair_is_one_process(nb, i))
            CHECK(vrecv[rdispls[i]] != vrecv[rdispls[i + 1]]);
}

/*
 * w: block b (2 + b / 2 ints, as in the v case) is sent as one contiguous datatype and received
 * as ints into even blocks and as that datatype into odd ones, so every entry of both type arrays
 * matters. Displacements are in bytes, with a gap of one int before each block.
 */
static void check_neighbor_alltoallw(const struct neighbours *nb, int nonblocking)
{
    MPI_Datatype blocks[MAX_NEIGHBOURS / 2];
    for (int d = 0; d < MAX_NEIGHBOURS / 2; d++) {
        CHECK_MPI(MPI_Type_contiguous(2 + d, MPI_INT, &blocks[d]));
        CHECK_MPI(MPI_Type_commit(&blocks[d]));
    }
    int scounts[MAX_NEIGHBOURS], rcounts[MAX_NEIGHBOURS];
    MPI_Aint sdispls[MAX_NEIGHBOURS], rdispls[MAX_NEIGHBOURS];
    MPI_Datatype stypes[MAX_NEIGHBOURS], rtypes[MAX_NEIGHBOURS];
    int send[MAX_NEIGHBOURS * 5], recv[MAX_NEIGHBOURS * 5];
    int offset[MAX_NEIGHBOURS];
    int total = 0;
    for (int b = 0; b < nb->count; b++) {
        int length = 2 + b / 2;
        offset[b] = total + 1;
        total = offset[b] + length;
        scounts[b] = 1;
        stypes[b] = blocks[b / 2];
        sdispls[b] = rdispls[b] = (MPI_Aint)sizeof(int) * offset[b];
        rcounts[b] = b % 2 ? 1 : length;
        rtypes[b] = b % 2 ? blocks[b / 2] : MPI_INT;
    }
    for (int i = 0; i < MAX_NEIGHBOURS * 5; i++)
        send[i] = recv[i] = UNTOUCHED;
    for (int b = 0; b < nb->count; b++)
        for (int e = 0; e < 2 + b / 2; e++)
            send[offset[b] + e] = block_value(me, b, e);
    COLLECTIVE(nonblocking, MPI_Neighbor_alltoallw, MPI_Ineighbor_alltoallw,
               send, scounts, sdispls, stypes, recv, rcounts, rdispls, rtypes, nb->comm);
    for (int i = 0; i < nb->count; i++) {
        CHECK_INT(UNTOUCHED, recv[offset[i] - 1]);
        check_received_block(nb, i, recv + offset[i], 2 + i / 2);
    }
    for (int i = 0; i < nb->count; i += 2)
        if (pair_is_one_process(nb, i))
            CHECK(recv[offset[i]] != recv[offset[i + 1]]);
    for (int d = 0; d < MAX_NEIGHBOURS / 2; d++)
        CHECK_MPI(MPI_Type_free(&blocks[d]));
}

/*
 * Rank 0 sends to every rank, each of which receives from rank 0 only: rank 0 has out-degree n,
 * the others out-degree 0, and every rank in-degree 1. Block i (HUB_COUNT ints, for rank i) is
 * sent as ints to even ranks and as one pair datatype to odd ones, with a gap of one int before
 * each block. MPICH 4.0 mixes up the degrees when they differ (it receives too little or fails with
 * "Invalid communicator"), so on an MPICH runtime (as MPI_Get_library_version reports it) the
 * graph is made symmetric: every rank also sends to rank 0, which receives from all.
 */
#define HUB_COUNT 2

static int runtime_is_mpich(void)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    CHECK_MPI(MPI_Get_library_version(version, &length));
    return strncmp(version, "MPICH", 5) == 0;
}

static void check_dist_graph_alltoallw(void)
{
    int symmetric = runtime_is_mpich();
    int outdegree = me == 0 ? n : (symmetric ? 1 : 0), indegree = me == 0 && symmetric ? n : 1, zero = 0;
    int *destinations = malloc((size_t)n * sizeof *destinations);
    int *scounts = malloc((size_t)n * sizeof *scounts);
    MPI_Aint *sdispls = malloc((size_t)n * sizeof *sdispls);
    MPI_Datatype *stypes = malloc((size_t)n * sizeof *stypes);
    int *send = malloc((size_t)n * (HUB_COUNT + 1) * sizeof *send);
    int *recv = malloc((size_t)n * (HUB_COUNT + 1) * sizeof *recv);
    int *rcounts = malloc((size_t)n * sizeof *rcounts);
    MPI_Aint *rdispls = malloc((size_t)n * sizeof *rdispls);
    MPI_Datatype *rtypes = malloc((size_t)n * sizeof *rtypes);
    CHECK(destinations && scounts && sdispls && stypes && send && recv && rcounts && rdispls && rtypes);
    MPI_Datatype pair = MPI_DATATYPE_NULL;
    CHECK_MPI(MPI_Type_contiguous(HUB_COUNT, MPI_INT, &pair));
    CHECK_MPI(MPI_Type_commit(&pair));
    for (int i = 0; i < n; i++) {
        /* rank 0 sends block i to rank i, the others (symmetric graph) their block 0 to rank 0 */
        destinations[i] = me == 0 ? i : 0;
        scounts[i] = i % 2 ? 1 : HUB_COUNT;
        stypes[i] = i % 2 ? pair : MPI_INT;
        sdispls[i] = (MPI_Aint)sizeof(int) * (i * (HUB_COUNT + 1) + 1);
        /* received the other way round: as one pair from even sources, as ints from odd ones */
        rcounts[i] = i % 2 ? HUB_COUNT : 1;
        rtypes[i] = i % 2 ? MPI_INT : pair;
        rdispls[i] = sdispls[i];
        send[i * (HUB_COUNT + 1)] = UNTOUCHED;
        for (int e = 0; e < HUB_COUNT; e++)
            send[i * (HUB_COUNT + 1) + 1 + e] = block_value(me, i, e);
    }

    MPI_Comm hub = MPI_COMM_NULL;
    /* rank 0 hears from every rank (symmetric graph) or from itself only; the others from rank 0 */
    CHECK_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, indegree, me == 0 ? destinations : &zero, MPI_UNWEIGHTED,
                                             outdegree, destinations, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &hub));
    int got_in = -1, got_out = -1, weighted = -1;
    CHECK_MPI(MPI_Dist_graph_neighbors_count(hub, &got_in, &got_out, &weighted));
    CHECK_INT(indegree, got_in);
    CHECK_INT(outdegree, got_out);

    for (int nonblocking = 0; nonblocking < 2; nonblocking++) {
        for (int i = 0; i < n * (HUB_COUNT + 1); i++)
            recv[i] = UNTOUCHED;
        COLLECTIVE(nonblocking, MPI_Neighbor_alltoallw, MPI_Ineighbor_alltoallw,
                   send, scounts, sdispls, stypes, recv, rcounts, rdispls, rtypes, hub);
        /* source k's block sits at position k: the source's block for this rank */
        for (int k = 0; k < n; k++) {
            int from = me == 0 ? k : 0;
            int expected = k < indegree;
            CHECK_INT(UNTOUCHED, recv[k * (HUB_COUNT + 1)]);
            for (int e = 0; e < HUB_COUNT; e++)
                CHECK_INT(expected ? block_value(from, from == 0 ? me : 0, e) : UNTOUCHED,
                          recv[k * (HUB_COUNT + 1) + 1 + e]);
        }
    }

    CHECK_MPI(MPI_Comm_free(&hub));
    CHECK_MPI(MPI_Type_free(&pair));
    free(destinations);
    free(scounts);
    free(sdispls);
    free(stypes);
    free(send);
    free(recv);
    free(rcounts);
    free(rdispls);
    free(rtypes);
}

/* Each rank's one in-neighbour is its left, its one out-neighbour its right. */
static void check_dist_ring(MPI_Comm ring, int weighted_expected)
{
    int left = (me + n - 1) % n, right = (me + 1) % n;
    int status = -1, indegree = -1, outdegree = -1, weighted = -1;
    CHECK_MPI(MPI_Topo_test(ring, &status));
    CHECK_INT(MPI_DIST_GRAPH, status);
    CHECK_MPI(MPI_Dist_graph_neighbors_count(ring, &indegree, &outdegree, &weighted));
    CHECK_INT(1, indegree);
    CHECK_INT(1, outdegree);
    CHECK_INT(weighted_expected, weighted != 0);
    /* MPICH 4.0 fills the arrays up to maxindegree/maxoutdegree: exactly the degree is asked for. */
    int sources[1] = {UNTOUCHED}, destinations[1] = {UNTOUCHED};
    int sourceweights[1] = {UNTOUCHED}, destweights[1] = {UNTOUCHED};
    if (weighted_expected) {
        CHECK_MPI(MPI_Dist_graph_neighbors(ring, 1, sources, sourceweights, 1, destinations, destweights));
        CHECK_INT(10 + left, sourceweights[0]);
        CHECK_INT(10 + me, destweights[0]);
    } else {
        CHECK_MPI(MPI_Dist_graph_neighbors(ring, 1, sources, MPI_UNWEIGHTED, 1, destinations, MPI_UNWEIGHTED));
        CHECK_INT(UNTOUCHED, sourceweights[0]);
    }
    CHECK_INT(left, sources[0]);
    CHECK_INT(right, destinations[0]);

    /* The ring carries neighbourhood collectives: each rank receives its left's value. */
    int mine = 100 + me, got = UNTOUCHED;
    CHECK_MPI(MPI_Neighbor_allgather(&mine, 1, MPI_INT, &got, 1, MPI_INT, ring));
    CHECK_INT(100 + left, got);
}

static void check_dist_graph(void)
{
    int left = (me + n - 1) % n, right = (me + 1) % n;
    int sourceweight = 10 + left, destweight = 10 + me;
    MPI_Comm ring = MPI_COMM_NULL;
    CHECK_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, &sourceweight, 1, &right, &destweight,
                                             MPI_INFO_NULL, 0, &ring));
    check_dist_ring(ring, 1);
    CHECK_MPI(MPI_Comm_free(&ring));

    CHECK_MPI(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, MPI_UNWEIGHTED, 1, &right,
                                             MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &ring));
    check_dist_ring(ring, 0);
    CHECK_MPI(MPI_Comm_free(&ring));

    /* Rank 0 names every edge i -> i+1, of weight 10 + i; the others name none. */
    int nodes[64], degrees[64], targets[64], weights[64];
    int count = me == 0 ? (n < 64 ? n : 64) : 0;
    for (int i = 0; i < count; i++) {
        nodes[i] = i;
        degrees[i] = 1;
        targets[i] = (i + 1) % n;
        weights[i] = 10 + i;
    }
    CHECK_MPI(MPI_Dist_graph_create(MPI_COMM_WORLD, count, nodes, degrees, targets,
                                    count ? weights : MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &ring));
    if (n <= 64)
        check_dist_ring(ring, 1);
    CHECK_MPI(MPI_Comm_free(&ring));
}

static void check_neighbour_collectives(const struct neighbours *nb)
{
    for (int nonblocking = 0; nonblocking < 2; nonblocking++) {
        check_neighbor_allgather(nb, nonblocking);
        check_neighbor_alltoall(nb, nonblocking);
        check_neighbor_alltoallw(nb, nonblocking);
    }
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &n));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &me));

    int status = -1;
    CHECK_MPI(MPI_Topo_test(MPI_COMM_WORLD, &status));
    CHECK_INT(MPI_UNDEFINED, status);

    check_dims_create();

    struct neighbours grid, ring, graph;
    check_cart_2d(&grid);
    check_cart_periodic(&ring);
    check_cart_smaller_grid();
    check_cart_map();
    check_graph(&graph);
    check_dist_graph();

    check_neighbour_collectives(&grid);
    check_neighbour_collectives(&ring);
    check_neighbour_collectives(&graph);
    check_dist_graph_alltoallw();

    /* The duplicate of a topology communicator keeps its topology. */
    MPI_Comm dup = MPI_COMM_NULL;
    CHECK_MPI(MPI_Comm_dup(graph.comm, &dup));
    CHECK_MPI(MPI_Topo_test(dup, &status));
    CHECK_INT(MPI_GRAPH, status);
    CHECK_MPI(MPI_Comm_free(&dup));

    CHECK_MPI(MPI_Comm_free(&grid.comm));
    CHECK_MPI(MPI_Comm_free(&ring.comm));
    CHECK_MPI(MPI_Comm_free(&graph.comm));
    CHECK_HANDLE(MPI_COMM_NULL, graph.comm);

    check_report_ok("topology");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
