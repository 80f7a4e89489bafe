/*
 * The MPI-1 collectives that libdumpi records, each once on MPI_COMM_WORLD with fixed roots, counts
 * and datatypes, checked, so that a trace of it has known argument values. tests/c/collectives.c
 * covers more, but passes a placeholder datatype where MPI_IN_PLACE makes the send type ignored, and
 * libdumpi asks MPI_Type_size for every datatype argument, so both MPIs abort it under libdumpi.
 */
#include "../c/check.h"

#define COUNT 3

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    int rank = -1, size = -1;
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));
    int root = size - 1;

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));

    int value = rank == root ? 42 : -1;
    CHECK_MPI(MPI_Bcast(&value, 1, MPI_INT, root, MPI_COMM_WORLD));
    CHECK_INT(42, value);

    int mine[COUNT], sum[COUNT];
    for (int i = 0; i < COUNT; i++)
        mine[i] = rank + i;
    CHECK_MPI(MPI_Reduce(mine, sum, COUNT, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD));
    if (rank == 0)
        for (int i = 0; i < COUNT; i++)
            CHECK_INT(size * (size - 1) / 2 + size * i, sum[i]);

    double local = rank, largest = -1;
    CHECK_MPI(MPI_Allreduce(&local, &largest, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD));
    CHECK_DOUBLE(size - 1, largest, 0);

    int *all = malloc(sizeof(int) * COUNT * size);
    int *counts = malloc(sizeof(int) * size), *displs = malloc(sizeof(int) * size);
    CHECK(all && counts && displs);
    for (int r = 0; r < size; r++) {
        counts[r] = COUNT;
        displs[r] = COUNT * r;
    }

    CHECK_MPI(MPI_Gather(mine, COUNT, MPI_INT, all, COUNT, MPI_INT, root, MPI_COMM_WORLD));
    if (rank == root)
        for (int r = 0; r < size; r++)
            CHECK_INT(r + 1, all[COUNT * r + 1]);

    int part[COUNT];
    CHECK_MPI(MPI_Scatter(all, COUNT, MPI_INT, part, COUNT, MPI_INT, root, MPI_COMM_WORLD));
    CHECK_INT(rank, part[0]);

    CHECK_MPI(MPI_Allgather(mine, COUNT, MPI_INT, all, COUNT, MPI_INT, MPI_COMM_WORLD));
    CHECK_INT(size - 1, all[COUNT * (size - 1)]);

    int *exchanged = malloc(sizeof(int) * COUNT * size);
    CHECK(exchanged);
    CHECK_MPI(MPI_Alltoall(all, COUNT, MPI_INT, exchanged, COUNT, MPI_INT, MPI_COMM_WORLD));
    CHECK_INT(rank, exchanged[COUNT * (size - 1)]);
    free(exchanged);
    CHECK_MPI(MPI_Gatherv(mine, COUNT, MPI_INT, all, counts, displs, MPI_INT, 0, MPI_COMM_WORLD));
    CHECK_MPI(MPI_Allgatherv(mine, COUNT, MPI_INT, all, counts, displs, MPI_INT, MPI_COMM_WORLD));
    CHECK_INT(size - 1 + 2, all[COUNT * (size - 1) + 2]);

    int prefix = -1;
    CHECK_MPI(MPI_Scan(&rank, &prefix, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    CHECK_INT(rank * (rank + 1) / 2, prefix);

    CHECK_MPI(MPI_Barrier(MPI_COMM_WORLD));
    free(all);
    free(counts);
    free(displs);
    check_report_ok("collective_calls");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
