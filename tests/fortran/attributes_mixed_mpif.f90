! Attributes across languages (MPI-4.1 §20.3.7): a value Fortran sets is, in C, a pointer to the
! integer (MPI_Comm_set_attr: an MPI_Aint; MPI_Attr_put: an INTEGER), C copy and delete callbacks
! get that pointer too;
! freeing a copy MPI_COMM_DUP_FN made leaves the original.
program attributes_mixed_mpif
  implicit none
  character(len=*), parameter :: program_name = 'attributes_mixed_mpif'
  include 'mpif.h'
  integer :: ierr, rank, keyval, dup, ival, cival
  integer(kind=MPI_ADDRESS_KIND) :: val
  integer(kind=8) :: cval, seen_copy, seen_delete
  logical :: flag
  integer :: cflag

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)

  ! Set in Fortran, read in C through the pointer.
  call MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, keyval, 0_MPI_ADDRESS_KIND, ierr)
  val = 1234567890123_8 + rank
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, val, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Comm_set_attr')
  call c_read_attribute(keyval, cval, cflag, ierr)
  call check(ierr == MPI_SUCCESS .and. cflag /= 0 .and. cval == 1234567890123_8 + rank, &
             'C reads the MPI_Aint Fortran set through the pointer')
  call MPI_Comm_get_attr(MPI_COMM_WORLD, keyval, val, flag, ierr)
  call check(flag .and. val == 1234567890123_8 + rank, 'Fortran reads the integer back')
  ! Replaced, then MPI-1.
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, -5_MPI_ADDRESS_KIND, ierr)
  call c_read_attribute(keyval, cval, cflag, ierr)
  call check(cflag /= 0 .and. cval == -5, 'a replaced value, read in C')
  ival = 4321
  call MPI_Attr_put(MPI_COMM_WORLD, keyval, ival, ierr)
  call c_read_int_attribute(keyval, cival, cflag, ierr)
  call check(ierr == MPI_SUCCESS .and. cflag /= 0 .and. cival == 4321, 'C reads the INTEGER MPI_Attr_put set')
  call MPI_Attr_get(MPI_COMM_WORLD, keyval, ival, flag, ierr)
  call check(flag .and. ival == 4321, 'MPI_Attr_get reads it back')
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval, ierr)
  call c_read_attribute(keyval, cval, cflag, ierr)
  call check(ierr == MPI_SUCCESS .and. cflag == 0, 'deleted')
  call MPI_Comm_free_keyval(keyval, ierr)

  ! C callbacks get the pointer too.
  call c_recording_keyval(keyval, ierr)
  call check(ierr == MPI_SUCCESS, 'keyval with C callbacks')
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, 500_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call c_seen(seen_copy, seen_delete)
  call check(seen_copy == 500, 'the C copy callback read the value through the pointer')
  call MPI_Comm_get_attr(dup, keyval, val, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. .not. flag, 'the C copy callback made no copy')
  call MPI_Comm_free(dup, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, 600_MPI_ADDRESS_KIND, ierr)
  call c_seen(seen_copy, seen_delete)
  call check(seen_delete == 500, 'the C delete callback read the replaced value through the pointer')
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval, ierr)
  call c_seen(seen_copy, seen_delete)
  call check(seen_delete == 600, 'the C delete callback read the deleted value through the pointer')
  call MPI_Comm_free_keyval(keyval, ierr)

  ! MPI_COMM_DUP_FN: freeing the copy leaves the original's value.
  call c_dup_fn_keyval(keyval, ierr)
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, 777_MPI_ADDRESS_KIND, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Comm_dup with MPI_COMM_DUP_FN')
  ! (How the copy reads differs between the vendors: Open MPI gives C the original's pointer,
  ! MPICH a pointer to a copy it made on its stack.)
  call MPI_Comm_free(dup, ierr)
  call c_read_attribute(keyval, cval, cflag, ierr)
  call check(cflag /= 0 .and. cval == 777, 'the original, read in C after the copy was freed')
  call MPI_Comm_get_attr(MPI_COMM_WORLD, keyval, val, flag, ierr)
  call check(flag .and. val == 777, 'the original, read in Fortran')
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval, ierr)
  call MPI_Comm_free_keyval(keyval, ierr)

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'attributes_mixed_mpif: ok'

contains

  include 'check.inc'

end program attributes_mixed_mpif
