/* The C half of c2f_mpif.f90: what C sees of the handles the Fortran half holds. */
#include <mpi.h>

/* MPI_COMM_WORLD's Fortran handle as C computes it. */
int c_world_c2f_(void)
{
    return (int)MPI_Comm_c2f(MPI_COMM_WORLD);
}

/* The size of the communicator behind a Fortran handle. */
int c_comm_size_of_f_(const MPI_Fint *comm)
{
    int n = -1;
    MPI_Comm_size(MPI_Comm_f2c(*comm), &n);
    return n;
}

/* A communicator created in C, handed to Fortran. */
int c_dup_world_c2f_(void)
{
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    return (int)MPI_Comm_c2f(dup);
}

/* The size in bytes of the datatype behind a Fortran handle. */
int c_type_size_of_f_(const MPI_Fint *type)
{
    int n = -1;
    MPI_Type_size(MPI_Type_f2c(*type), &n);
    return n;
}
