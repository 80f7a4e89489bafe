/* Array lengths that depend on a communicator (docs/dictionaries.md, functions.json lengths such as
 * "@comm_size(comm)"), asked of the runtime with its communicator: the translated calls size their
 * array conversions with them. Inline: they are on the path of every v and w collective. Included by
 * the generated wi_convert.h. */
#ifndef WI_COMM_LENGTHS_H
#define WI_COMM_LENGTHS_H

#include "wi_abi.h"
#include "wi_defs.h"
#include "wi_r_functions.h"

WI_INLINE int wi_comm_size_r(R_MPI_Comm comm)
{
    int n = 0;
    R_PMPI_Comm_size(comm, &n);
    return n;
}

/* Peers addressed by per-process arrays: the remote group of an intercommunicator. */
WI_INLINE int wi_comm_peers_r(R_MPI_Comm comm)
{
    int inter = 0, n = 0;
    R_PMPI_Comm_test_inter(comm, &inter);
    if (inter)
        R_PMPI_Comm_remote_size(comm, &n);
    else
        R_PMPI_Comm_size(comm, &n);
    return n;
}

WI_INLINE int wi_comm_remote_size_r(R_MPI_Comm comm)
{
    int n = 0;
    R_PMPI_Comm_remote_size(comm, &n);
    return n;
}

/* An array significant at the root alone (MPI_Gatherv's recvcounts): one entry per peer at the root
 * (the process of rank root of an intracommunicator, the one passing MPI_ROOT on an
 * intercommunicator), none elsewhere, where it may be shorter or NULL. */
WI_INLINE int wi_root_peers_r(R_MPI_Comm comm, int root)
{
    int inter = 0, rank = -1;
    if (R_PMPI_Comm_test_inter(comm, &inter) != R_MPI_SUCCESS)
        return 0; /* an invalid communicator reaches the error handler from the call itself */
    if (inter)
        return root == R_MPI_ROOT ? wi_comm_remote_size_r(comm) : 0;
    R_PMPI_Comm_rank(comm, &rank);
    return rank == root ? wi_comm_size_r(comm) : 0;
}

/*
 * Neighbours of a topology communicator, as the neighbourhood collectives count them: received from
 * (out = 0) or sent to (out = 1). A communicator without a topology has none: the call itself fails.
 */
static inline int wi_comm_degree_r(R_MPI_Comm comm, int out)
{
    int topology = R_MPI_UNDEFINED, n = 0;
    /* a null communicator must reach the error handler once, from the call itself */
    if (comm == R_MPI_COMM_NULL || R_PMPI_Topo_test(comm, &topology) != R_MPI_SUCCESS)
        return 0;
    if (topology == R_MPI_CART) {
        if (R_PMPI_Cartdim_get(comm, &n) != R_MPI_SUCCESS)
            return 0;
        return 2 * n;
    }
    if (topology == R_MPI_GRAPH) {
        int rank = 0;
        if (R_PMPI_Comm_rank(comm, &rank) != R_MPI_SUCCESS
            || R_PMPI_Graph_neighbors_count(comm, rank, &n) != R_MPI_SUCCESS)
            return 0;
        return n;
    }
    if (topology == R_MPI_DIST_GRAPH) {
        int indegree = 0, outdegree = 0, weighted = 0;
        if (R_PMPI_Dist_graph_neighbors_count(comm, &indegree, &outdegree, &weighted) != R_MPI_SUCCESS)
            return 0;
        return out ? outdegree : indegree;
    }
    return 0;
}

#endif
