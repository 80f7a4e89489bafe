/*
 * The program pmpi_counter.c is run with: a token goes ROUNDS times around the ring of ranks (to itself
 * and back with one rank), then two barriers. Each rank calls MPI_Comm_rank twice, MPI_Send and MPI_Recv ROUNDS
 * times, MPI_Barrier twice. Rank 0 prints "tool_ring: ok" when every token came back right.
 */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 5

int main(int argc, char **argv)
{
    int rank, again, size, token = 0, ok = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_rank(MPI_COMM_WORLD, &again);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    for (int round = 0; round < ROUNDS; round++) {
        if (size == 1) {
            /* To itself: a blocking send to oneself may wait for its receive (MPICH does), so the
             * other side of each call is a request posted first. */
            MPI_Request request;
            int back = -1;
            token = round * 100;
            MPI_Irecv(&back, 1, MPI_INT, 0, round, MPI_COMM_WORLD, &request);
            MPI_Send(&token, 1, MPI_INT, 0, round, MPI_COMM_WORLD);
            MPI_Wait(&request, MPI_STATUS_IGNORE);
            ok = ok && back == token;
            MPI_Isend(&token, 1, MPI_INT, 0, round, MPI_COMM_WORLD, &request);
            MPI_Recv(&back, 1, MPI_INT, 0, round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Wait(&request, MPI_STATUS_IGNORE);
            ok = ok && back == token;
        } else if (rank == 0) {
            token = round * 100;
            MPI_Send(&token, 1, MPI_INT, next, round, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, prev, round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            ok = ok && token == round * 100 + size - 1;
        } else {
            MPI_Recv(&token, 1, MPI_INT, prev, round, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            token++;
            MPI_Send(&token, 1, MPI_INT, next, round, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && again == rank) {
        if (ok)
            printf("tool_ring: ok\n");
        else
            printf("tool_ring: wrong token\n");
    }
    fflush(stdout);
    MPI_Finalize();
    return ok ? 0 : 1;
}
