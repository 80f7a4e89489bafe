/*
 * MPI_Abort: rank 0 aborts the job with error code 3 while the other ranks wait in a barrier.
 * The runner expects mpirun to exit with 3. Returning normally means Abort did not work,
 * so the program then exits 0, which the runner reports as a failure.
 */
#include "check.h"

#define ABORT_CODE 3

int main(int argc, char **argv)
{
    int rank = -1;
    CHECK_MPI(MPI_Init(&argc, &argv));
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    if (rank == 0)
        MPI_Abort(MPI_COMM_WORLD, ABORT_CODE);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
