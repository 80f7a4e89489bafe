! Fortran and C agree on handles: predefined, created in Fortran and passed to C, created in C and
! passed to Fortran (the C half is c2f_mpif.c).
program c2f_mpif
  implicit none
  character(len=*), parameter :: program_name = 'c2f_mpif'
  include 'mpif.h'
  integer :: ierr, rank, nprocs, dup, cdup, n, vec
  integer, external :: c_world_c2f, c_comm_size_of_f, c_dup_world_c2f, c_type_size_of_f

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

  call check(c_world_c2f() == MPI_COMM_WORLD, 'MPI_Comm_c2f(MPI_COMM_WORLD) is the Fortran MPI_COMM_WORLD')
  call check(c_comm_size_of_f(MPI_COMM_WORLD) == nprocs, 'MPI_Comm_f2c of the Fortran MPI_COMM_WORLD')
  call check(c_type_size_of_f(MPI_INTEGER) == 4, 'MPI_Type_f2c(MPI_INTEGER)')

  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call check(c_comm_size_of_f(dup) == nprocs, 'a Fortran-created communicator seen from C')
  call MPI_Comm_free(dup, ierr)

  cdup = c_dup_world_c2f()
  call MPI_Comm_size(cdup, n, ierr)
  call check(ierr == MPI_SUCCESS .and. n == nprocs, 'a C-created communicator used from Fortran')
  call MPI_Comm_free(cdup, ierr)
  call check(cdup == MPI_COMM_NULL, 'MPI_Comm_free of a C-created communicator')

  call MPI_Type_contiguous(3, MPI_INTEGER, vec, ierr)
  call MPI_Type_commit(vec, ierr)
  call check(c_type_size_of_f(vec) == 12, 'a Fortran-created datatype seen from C')
  call MPI_Type_free(vec, ierr)

  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'c2f_mpif: ok'

contains

  include 'check.inc'

end program c2f_mpif
