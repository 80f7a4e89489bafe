/* Array lengths that depend on a communicator (wi_comm_lengths.h), against a scripted runtime. */
#include <string.h>

#include "wi_comm_lengths.h"
#include "wi_test.h"

/* The one communicator the fake runtime knows: its sizes, the caller's rank, its topology. */
static struct {
    int inter, size, remote_size, rank;
    int topology, ndims, graph_neighbors, indegree, outdegree;
    int test_inter_fails, topo_test_fails;
    int graph_rank_asked, calls;
} comm;

static int fake_comm_size(R_MPI_Comm c, int *n)
{
    (void)c;
    comm.calls++;
    *n = comm.size;
    return R_MPI_SUCCESS;
}

static int fake_comm_remote_size(R_MPI_Comm c, int *n)
{
    (void)c;
    comm.calls++;
    *n = comm.remote_size;
    return R_MPI_SUCCESS;
}

static int fake_comm_test_inter(R_MPI_Comm c, int *flag)
{
    (void)c;
    comm.calls++;
    if (comm.test_inter_fails)
        return R_MPI_ERR_OTHER;
    *flag = comm.inter;
    return R_MPI_SUCCESS;
}

static int fake_comm_rank(R_MPI_Comm c, int *rank)
{
    (void)c;
    *rank = comm.rank;
    return R_MPI_SUCCESS;
}

static int fake_topo_test(R_MPI_Comm c, int *topology)
{
    (void)c;
    comm.calls++;
    if (comm.topo_test_fails)
        return R_MPI_ERR_OTHER;
    *topology = comm.topology;
    return R_MPI_SUCCESS;
}

static int fake_cartdim_get(R_MPI_Comm c, int *ndims)
{
    (void)c;
    *ndims = comm.ndims;
    return R_MPI_SUCCESS;
}

static int fake_graph_neighbors_count(R_MPI_Comm c, int rank, int *n)
{
    (void)c;
    comm.graph_rank_asked = rank;
    *n = comm.graph_neighbors;
    return R_MPI_SUCCESS;
}

static int fake_dist_graph_neighbors_count(R_MPI_Comm c, int *in, int *out, int *weighted)
{
    (void)c;
    *in = comm.indegree;
    *out = comm.outdegree;
    *weighted = 0;
    return R_MPI_SUCCESS;
}

static void reset(void)
{
    memset(&comm, 0, sizeof comm);
    comm.size = 6;
    comm.remote_size = 4;
    comm.rank = 2;
    comm.topology = R_MPI_UNDEFINED;
}

static void sizes_and_peers(void)
{
    reset();
    CHECK_EQ(wi_comm_size_r(R_MPI_COMM_WORLD), 6);
    CHECK_EQ(wi_comm_remote_size_r(R_MPI_COMM_WORLD), 4);
    CHECK_EQ(wi_comm_peers_r(R_MPI_COMM_WORLD), 6); /* an intracommunicator: its group */
    comm.inter = 1;
    CHECK_EQ(wi_comm_peers_r(R_MPI_COMM_WORLD), 4); /* an intercommunicator: the remote group */
}

static void root_peers_only_at_the_root(void)
{
    reset();
    CHECK_EQ(wi_root_peers_r(R_MPI_COMM_WORLD, 2), 6); /* rank 2 is the root */
    CHECK_EQ(wi_root_peers_r(R_MPI_COMM_WORLD, 0), 0);
    comm.inter = 1;
    CHECK_EQ(wi_root_peers_r(R_MPI_COMM_WORLD, R_MPI_ROOT), 4);
    CHECK_EQ(wi_root_peers_r(R_MPI_COMM_WORLD, R_MPI_PROC_NULL), 0);
    CHECK_EQ(wi_root_peers_r(R_MPI_COMM_WORLD, 2), 0);
    comm.test_inter_fails = 1; /* an invalid communicator: the call itself reports it */
    CHECK_EQ(wi_root_peers_r(R_MPI_COMM_WORLD, R_MPI_ROOT), 0);
}

static void degrees_by_topology(void)
{
    reset(); /* no topology */
    CHECK_EQ(wi_comm_degree_r(R_MPI_COMM_WORLD, 0), 0);
    comm.topology = R_MPI_CART;
    comm.ndims = 3;
    CHECK_EQ(wi_comm_degree_r(R_MPI_COMM_WORLD, 0), 6); /* two neighbours per dimension */
    CHECK_EQ(wi_comm_degree_r(R_MPI_COMM_WORLD, 1), 6);
    comm.topology = R_MPI_GRAPH;
    comm.graph_neighbors = 5;
    CHECK_EQ(wi_comm_degree_r(R_MPI_COMM_WORLD, 1), 5);
    CHECK_EQ(comm.graph_rank_asked, 2); /* the caller's own neighbours */
    comm.topology = R_MPI_DIST_GRAPH;
    comm.indegree = 7;
    comm.outdegree = 1;
    CHECK_EQ(wi_comm_degree_r(R_MPI_COMM_WORLD, 0), 7);
    CHECK_EQ(wi_comm_degree_r(R_MPI_COMM_WORLD, 1), 1);
    comm.topo_test_fails = 1;
    CHECK_EQ(wi_comm_degree_r(R_MPI_COMM_WORLD, 0), 0);
    comm.calls = 0; /* the null communicator reaches the error handler from the call alone */
    CHECK_EQ(wi_comm_degree_r(R_MPI_COMM_NULL, 0), 0);
    CHECK_EQ(comm.calls, 0);
}

int main(void)
{
    R_PMPI_Comm_size = fake_comm_size;
    R_PMPI_Comm_remote_size = fake_comm_remote_size;
    R_PMPI_Comm_test_inter = fake_comm_test_inter;
    R_PMPI_Comm_rank = fake_comm_rank;
    R_PMPI_Topo_test = fake_topo_test;
    R_PMPI_Cartdim_get = fake_cartdim_get;
    R_PMPI_Graph_neighbors_count = fake_graph_neighbors_count;
    R_PMPI_Dist_graph_neighbors_count = fake_dist_graph_neighbors_count;
    sizes_and_peers();
    root_peers_only_at_the_root();
    degrees_by_topology();
    return wi_test_finish("communicator lengths (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
