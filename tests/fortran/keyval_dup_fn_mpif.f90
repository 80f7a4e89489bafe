! The predefined keyval callbacks as Fortran procedures: a communicator keyval made with
! MPI_COMM_DUP_FN / MPI_COMM_NULL_DELETE_FN copies its attribute on MPI_Comm_dup, one made with
! MPI_COMM_NULL_COPY_FN does not, and an MPI-1 keyval made with MPI_DUP_FN copies its INTEGER. Open MPI only: MPICH 4.0's Fortran library exports these procedures
! under upper-case names only, which gfortran programs do not call.
! wi4mpi-test-families: openmpi
program keyval_dup_fn_mpif
  implicit none
  character(len=*), parameter :: program_name = 'keyval_dup_fn_mpif'
  include 'mpif.h'
  integer :: ierr, rank, copied, dropped, dup, old, ival
  integer(kind=MPI_ADDRESS_KIND) :: val
  logical :: flag

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, copied, 0_MPI_ADDRESS_KIND, ierr)
  call check(ierr == MPI_SUCCESS, 'keyval with MPI_COMM_DUP_FN')
  call MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, dropped, 0_MPI_ADDRESS_KIND, ierr)
  call check(ierr == MPI_SUCCESS, 'keyval with MPI_COMM_NULL_COPY_FN')
  call MPI_Comm_set_attr(MPI_COMM_WORLD, copied, 4242_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, dropped, 77_MPI_ADDRESS_KIND, ierr)
  call MPI_Keyval_create(MPI_DUP_FN, MPI_NULL_DELETE_FN, old, 0, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI-1 keyval with MPI_DUP_FN')
  call MPI_Attr_put(MPI_COMM_WORLD, old, 17, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Attr_get(dup, old, ival, flag, ierr)
  call check(flag .and. ival == 17, 'MPI_DUP_FN copied the MPI-1 attribute')
  val = 0
  call MPI_Comm_get_attr(dup, copied, val, flag, ierr)
  call check(flag .and. val == 4242, 'MPI_COMM_DUP_FN copied the attribute')
  call MPI_Comm_get_attr(dup, dropped, val, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. .not. flag, 'MPI_COMM_NULL_COPY_FN did not')
  call MPI_Comm_free(dup, ierr)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, copied, ierr)
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, dropped, ierr)
  call MPI_Attr_delete(MPI_COMM_WORLD, old, ierr)
  call MPI_Keyval_free(old, ierr)
  call MPI_Comm_free_keyval(copied, ierr)
  call MPI_Comm_free_keyval(dropped, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'keyval_dup_fn_mpif: ok'

contains

  include 'check.inc'

end program keyval_dup_fn_mpif
