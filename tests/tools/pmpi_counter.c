/*
 * pmpi_counter: a PMPI tool that counts the calls of six MPI functions and forwards each to its PMPI_
 * entry point. Its MPI_Send wrapper also calls PMPI_Comm_rank itself, as tools that look at their
 * arguments do. At MPI_Finalize each rank prints one line on stdout:
 *   pmpi_counter rank R: MPI_Init=N MPI_Comm_rank=N MPI_Send=N MPI_Recv=N MPI_Barrier=N MPI_Finalize=N inner_rank_ok=N
 * where inner_rank_ok counts the PMPI_Comm_rank calls of the MPI_Send wrapper that gave the rank
 * MPI_Init's wrapper saw. Built as a shared library with an MPI's mpicc and preloaded
 * (tests/src/test/java/org/wi4mpi/tests/tools/ToolRunTest.java).
 */
#include <mpi.h>
#include <stdio.h>

static long n_init, n_comm_rank, n_send, n_recv, n_barrier, n_finalize, n_inner_rank_ok;
static int world_rank = -1;

int MPI_Init(int *argc, char ***argv)
{
    n_init++;
    int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS)
        PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    return rc;
}

int MPI_Comm_rank(MPI_Comm comm, int *rank)
{
    n_comm_rank++;
    return PMPI_Comm_rank(comm, rank);
}

int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    n_send++;
    int rank = -2;
    if (PMPI_Comm_rank(MPI_COMM_WORLD, &rank) == MPI_SUCCESS && rank == world_rank)
        n_inner_rank_ok++;
    return PMPI_Send(buf, count, datatype, dest, tag, comm);
}

int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    n_recv++;
    return PMPI_Recv(buf, count, datatype, source, tag, comm, status);
}

int MPI_Barrier(MPI_Comm comm)
{
    n_barrier++;
    return PMPI_Barrier(comm);
}

int MPI_Finalize(void)
{
    n_finalize++;
    printf("pmpi_counter rank %d: MPI_Init=%ld MPI_Comm_rank=%ld MPI_Send=%ld MPI_Recv=%ld MPI_Barrier=%ld"
           " MPI_Finalize=%ld inner_rank_ok=%ld\n",
           world_rank, n_init, n_comm_rank, n_send, n_recv, n_barrier, n_finalize, n_inner_rank_ok);
    fflush(stdout);
    return PMPI_Finalize();
}
