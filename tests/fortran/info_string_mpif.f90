! MPI-4.0's MPI_Info_get_string from Fortran: buflen is the Fortran length on entry and the length the
! value needs on return; a short buffer gets the value truncated, buflen 0 only asks the length.
! On a runtime without it (Open MPI 4.1) wi4mpi computes it from MPI_Info_get_valuelen and MPI_Info_get.
! wi4mpi-test-families: mpich
program info_string_mpif
  implicit none
  include 'mpif.h'
  character(len=*), parameter :: program_name = 'info_string_mpif'
  integer :: ierr, rank, info, buflen
  character(len=16) :: value
  character(len=4) :: short
  logical :: flag

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN, ierr)
  call MPI_Info_create(info, ierr)
  call MPI_Info_set(info, 'wi4mpi_key', 'abcdef', ierr)
  buflen = len(value)
  value = 'unchanged'
  call MPI_Info_get_string(info, 'wi4mpi_key', buflen, value, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. flag .and. value == 'abcdef' .and. buflen == 6, 'the value and its length')
  buflen = len(short)
  call MPI_Info_get_string(info, 'wi4mpi_key', buflen, short, flag, ierr)
  call check(flag .and. short == 'abcd' .and. buflen == 6, 'a truncated value')
  buflen = 0
  value = 'unchanged'
  call MPI_Info_get_string(info, 'wi4mpi_key', buflen, value, flag, ierr)
  call check(flag .and. buflen == 6 .and. value == 'unchanged', 'buflen 0 asks the length only')
  buflen = len(value)
  call MPI_Info_get_string(info, 'no_such_key', buflen, value, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. .not. flag .and. value == 'unchanged', 'a missing key leaves value')
  call MPI_Info_free(info, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'info_string_mpif: ok'

contains

  include 'check.inc'

end program info_string_mpif
