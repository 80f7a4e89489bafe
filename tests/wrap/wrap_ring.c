/*
 * The C program the wrap-generated tools are preloaded into (WrapEquivalenceTest): a token goes around
 * the ring of ranks with MPI_Sendrecv and with MPI_Isend/MPI_Irecv/MPI_Waitall, then MPI_Bcast,
 * MPI_Allreduce, a derived datatype, a duplicated communicator and MPI_Barrier. Every rank prints its
 * results as one line, "wrap_ring rank R: ..."; rank 0 ends with "wrap_ring: ok" when every value was
 * right. Works with any number of ranks.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 3

static void check(int ok, const char *what, int rank)
{
    if (!ok) {
        printf("wrap_ring rank %d: CHECK FAILED: %s\n", rank, what);
        fflush(stdout);
        MPI_Abort(MPI_COMM_WORLD, 17);
    }
}

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;

    int received = -1;
    for (int round = 0; round < ROUNDS; round++) {
        int token = rank * 10 + round;
        MPI_Status status;
        MPI_Sendrecv(&token, 1, MPI_INT, next, round, &received, 1, MPI_INT, prev, round, MPI_COMM_WORLD, &status);
        check(received == prev * 10 + round && status.MPI_SOURCE == prev, "sendrecv token", rank);
    }

    int out = rank + 100, in = -1;
    MPI_Request requests[2];
    MPI_Status statuses[2];
    MPI_Irecv(&in, 1, MPI_INT, prev, 7, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(&out, 1, MPI_INT, next, 7, MPI_COMM_WORLD, &requests[1]);
    MPI_Waitall(2, requests, statuses);
    check(in == prev + 100 && statuses[0].MPI_TAG == 7, "isend/irecv token", rank);

    int root_value = rank == 0 ? 4242 : 0;
    MPI_Bcast(&root_value, 1, MPI_INT, 0, MPI_COMM_WORLD);
    check(root_value == 4242, "bcast", rank);

    int one = rank + 1, sum = 0;
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    check(sum == size * (size + 1) / 2, "allreduce", rank);

    MPI_Datatype pair;
    int type_size = 0;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Type_size(pair, &type_size);
    MPI_Type_free(&pair);
    check(type_size == 2 * (int) sizeof(int), "type size", rank);

    MPI_Comm dup;
    int dup_size = 0;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_size(dup, &dup_size);
    MPI_Comm_free(&dup);
    check(dup_size == size, "dup size", rank);

    MPI_Barrier(MPI_COMM_WORLD);
    printf("wrap_ring rank %d: size=%d received=%d in=%d bcast=%d sum=%d type_size=%d\n", rank, size, received, in,
           root_value, sum, type_size);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("wrap_ring: ok\n");
    MPI_Finalize();
    return 0;
}
