/* C part of attributes_mpif.f90: a communicator keyval created in C (Fortran keyval callbacks are not
 * translated), and an attribute set from C, which Fortran reads as the pointer's address. */
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

void make_keyval_(int *keyval, int *ierr)
{
    *ierr = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, keyval, NULL);
}

/* Sets the attribute from C to the address of a static int. */
static int c_object = 77;

void c_set_attribute_(int *keyval, int64_t *address, int *ierr)
{
    *ierr = MPI_Comm_set_attr(MPI_COMM_WORLD, *keyval, &c_object);
    *address = (int64_t)(intptr_t)&c_object;
}
