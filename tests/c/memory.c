/*
 * MPI_Alloc_mem / MPI_Free_mem, with and without an info hint, and the memory used as a window and a
 * message buffer.
 */
#include "check.h"

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    int rank = -1, size = -1;
    CHECK_MPI(MPI_Comm_rank(MPI_COMM_WORLD, &rank));
    CHECK_MPI(MPI_Comm_size(MPI_COMM_WORLD, &size));

    int *block = NULL;
    CHECK_MPI(MPI_Alloc_mem((MPI_Aint)(64 * sizeof(int)), MPI_INFO_NULL, &block));
    CHECK(block != NULL);
    for (int i = 0; i < 64; i++)
        block[i] = rank * 100 + i;

    MPI_Info info;
    CHECK_MPI(MPI_Info_create(&info));
    CHECK_MPI(MPI_Info_set(info, "alloc_shared_noncontig", "true"));
    double *other = NULL;
    CHECK_MPI(MPI_Alloc_mem((MPI_Aint)(16 * sizeof(double)), info, &other));
    CHECK(other != NULL && (void *)other != (void *)block);
    other[15] = 2.5;
    CHECK_MPI(MPI_Info_free(&info));

    /* The allocated block travels around the ring. */
    int right = (rank + 1) % size, left = (rank + size - 1) % size, received[64];
    CHECK_MPI(MPI_Sendrecv(block, 64, MPI_INT, right, 3, received, 64, MPI_INT, left, 3, MPI_COMM_WORLD,
                           MPI_STATUS_IGNORE));
    for (int i = 0; i < 64; i++)
        CHECK_INT(left * 100 + i, received[i]);

    CHECK(other[15] == 2.5);
    CHECK_MPI(MPI_Free_mem(other));
    CHECK_MPI(MPI_Free_mem(block));
    check_report_ok("memory");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
