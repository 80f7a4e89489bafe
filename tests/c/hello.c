/*
 * The README's first example: every rank says which MPI library it is really running on, and an
 * Allreduce of the ranks is checked. Built with one MPI, run through wi4mpi on the other, rank 0
 * reports the target library.
 */
#include "check.h"

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    int rank = -1, size = -1, len = 0;
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));

    char library[MPI_MAX_LIBRARY_VERSION_STRING];
    CHECK_MPI(MPI_Get_library_version(library, &len));
    library[strcspn(library, "\n,")] = '\0'; /* first line, first clause */
    printf("hello: rank %d of %d on %s\n", rank, size, library);

    int sum = -1;
    CHECK_MPI(MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
    CHECK_INT(size * (size - 1) / 2, sum);

    check_report_ok("hello");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
