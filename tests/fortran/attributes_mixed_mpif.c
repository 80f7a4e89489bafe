/* C part of attributes_mixed_mpif.f90: reads attributes Fortran set the way C code does, through
 * the pointer both vendors give C (MPI-4.1 §20.3.7), and creates keyvals with C callbacks. */
#include <mpi.h>
#include <stddef.h>
#include <stdint.h>

/* MPI_Comm_get_attr(MPI_COMM_WORLD) from C (no MPI_Fint: the standard ABI's header has none): the
 * value a pointer to the MPI_Aint Fortran set; -1 if there is none. */
void c_read_attribute_(int *keyval, int64_t *value, int *flag, int *ierr)
{
    void *attribute = NULL;
    *ierr = MPI_Comm_get_attr(MPI_COMM_WORLD, *keyval, &attribute, flag);
    *value = *flag ? (int64_t) * (MPI_Aint *)attribute : -1;
}

/* After MPI_ATTR_PUT from Fortran (MPI-1): a pointer to the INTEGER. */
void c_read_int_attribute_(int *keyval, int *value, int *flag, int *ierr)
{
    void *attribute = NULL;
    *ierr = MPI_Comm_get_attr(MPI_COMM_WORLD, *keyval, &attribute, flag);
    *value = *flag ? *(int *)attribute : -1;
}

/* C callbacks of an attribute Fortran set get a pointer to the integer: they record it (the copy
 * makes no copy: what a C copy could hand on differs between the vendors). */
static MPI_Aint seen_by_copy = -1, seen_by_delete = -1;

static int record_copy(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)comm, (void)keyval, (void)extra, (void)out;
    seen_by_copy = *(MPI_Aint *)in;
    *flag = 0;
    return MPI_SUCCESS;
}

static int record_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)extra;
    seen_by_delete = *(MPI_Aint *)value;
    return MPI_SUCCESS;
}

void c_recording_keyval_(int *keyval, int *ierr)
{
    *ierr = MPI_Comm_create_keyval(record_copy, record_delete, keyval, NULL);
}

void c_seen_(int64_t *by_copy, int64_t *by_delete)
{
    *by_copy = seen_by_copy;
    *by_delete = seen_by_delete;
}

/* The predefined callbacks, named in C (MPICH's Fortran library has no lower-case MPI_COMM_DUP_FN). */
void c_dup_fn_keyval_(int *keyval, int *ierr)
{
    *ierr = MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, keyval, NULL);
}
