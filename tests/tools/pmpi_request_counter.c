/*
 * pmpi_request_counter: a PMPI tool that counts the calls of four MPI functions pmpi_counter.c does not
 * wrap, so that both can run at once (one above the translation, one below) and each count what it
 * counts alone. Its MPI_Comm_size wrapper asks PMPI_Comm_rank for the rank it prints. It prints when
 * the process exits, since the other tool may take MPI_Finalize; one line on stdout per rank:
 *   pmpi_request_counter rank R: MPI_Comm_size=N MPI_Isend=N MPI_Irecv=N MPI_Wait=N
 * Built as a shared library with an MPI's mpicc (tests/src/test/java/org/wi4mpi/tests/tools/ToolRunTest.java).
 */
#include <mpi.h>
#include <stdio.h>

static long n_comm_size, n_isend, n_irecv, n_wait;
static int world_rank = -1;

int MPI_Comm_size(MPI_Comm comm, int *size)
{
    n_comm_size++;
    PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    return PMPI_Comm_size(comm, size);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    n_isend++;
    return PMPI_Isend(buf, count, datatype, dest, tag, comm, request);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request)
{
    n_irecv++;
    return PMPI_Irecv(buf, count, datatype, source, tag, comm, request);
}

int MPI_Wait(MPI_Request *request, MPI_Status *status)
{
    n_wait++;
    return PMPI_Wait(request, status);
}

__attribute__((destructor)) static void print_counts(void)
{
    if (world_rank < 0)
        return; /* not an MPI process (the launcher), or MPI_Comm_size was never called */
    printf("pmpi_request_counter rank %d: MPI_Comm_size=%ld MPI_Isend=%ld MPI_Irecv=%ld MPI_Wait=%ld\n",
           world_rank, n_comm_size, n_isend, n_irecv, n_wait);
    fflush(stdout);
}
