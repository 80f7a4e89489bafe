! Attributes from Fortran: predefined communicator attributes (values, not pointers) through
! MPI_Comm_get_attr and the MPI-1 MPI_Attr_get, window attributes of an allocated window (base
! address, size, displacement unit, flavor, model), and a user attribute set and read in Fortran, and set from C and read from
! Fortran (the C part creates the keyval: Fortran keyval callbacks are not translated).
module keyval_callbacks
  implicit none
  integer :: copies = 0, deletes = 0
  integer(kind=8) :: last_deleted = -1, seen_extra = -1
  integer :: seen_keyval = -1
  integer :: int_copies = 0, int_deletes = 0, last_int_deleted = -1
  logical :: handles_ok = .true.
contains
  ! Copies the attribute to the new communicator, one more than it was.
  subroutine copy_plus_one(oldcomm, keyval, extra_state, attr_in, attr_out, flag, ierr)
    include 'mpif.h'
    integer :: oldcomm, keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: extra_state, attr_in, attr_out
    logical :: flag
    copies = copies + 1
    seen_extra = extra_state
    seen_keyval = keyval
    if (oldcomm == MPI_COMM_NULL) handles_ok = .false.
    attr_out = attr_in + 1
    flag = .true.
    ierr = MPI_SUCCESS
  end subroutine copy_plus_one

  subroutine record_delete(comm, keyval, attr, extra_state, ierr)
    include 'mpif.h'
    integer :: comm, keyval, ierr
    integer(kind=MPI_ADDRESS_KIND) :: attr, extra_state
    deletes = deletes + 1
    last_deleted = attr
    if (comm == MPI_COMM_NULL .or. keyval /= seen_keyval .or. extra_state /= 77) handles_ok = .false.
    ierr = MPI_SUCCESS
  end subroutine record_delete

  ! MPI-1 (MPI_KEYVAL_CREATE): every value an INTEGER; the copy doubles the attribute.
  subroutine copy_twice(oldcomm, keyval, extra_state, attr_in, attr_out, flag, ierr)
    include 'mpif.h'
    integer :: oldcomm, keyval, extra_state, attr_in, attr_out, ierr
    logical :: flag
    int_copies = int_copies + 1
    if (oldcomm == MPI_COMM_NULL .or. keyval == MPI_KEYVAL_INVALID .or. extra_state /= 5) handles_ok = .false.
    attr_out = 2 * attr_in
    flag = .true.
    ierr = MPI_SUCCESS
  end subroutine copy_twice

  subroutine record_int_delete(comm, keyval, attr, extra_state, ierr)
    include 'mpif.h'
    integer :: comm, keyval, attr, extra_state, ierr
    int_deletes = int_deletes + 1
    last_int_deleted = attr
    if (comm == MPI_COMM_NULL .or. keyval == MPI_KEYVAL_INVALID .or. extra_state /= 5) handles_ok = .false.
    ierr = MPI_SUCCESS
  end subroutine record_int_delete
end module keyval_callbacks

program attributes_mpif
  use keyval_callbacks
  implicit none
  character(len=*), parameter :: program_name = 'attributes_mpif'
  include 'mpif.h'
  integer :: ierr, rank, nprocs, keyval, ival, win, dup
  integer(kind=MPI_ADDRESS_KIND) :: val, winsize, baseptr
  integer(kind=8) :: c_address
  logical :: flag

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

  ! Predefined attributes are values in Fortran.
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, val, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. flag, 'MPI_TAG_UB is set')
  call check(val >= 32767 .and. val < 2_8**31, 'MPI_TAG_UB value')
  call MPI_Attr_get(MPI_COMM_WORLD, MPI_TAG_UB, ival, flag, ierr)
  call check(flag .and. ival == val, 'MPI_Attr_get(MPI_TAG_UB)')
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_HOST, val, flag, ierr)
  call check(flag .and. (val == MPI_PROC_NULL .or. (val >= 0 .and. val < nprocs)), 'MPI_HOST')
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, val, flag, ierr)
  call check(.not. flag .or. val == 0 .or. val == 1, 'MPI_WTIME_IS_GLOBAL')

  ! Window attributes: the base address and the values of size, unit, flavor and model.
  ! (An allocated window: Debian's Open MPI 4.1 creates no window over user memory for one process.)
  winsize = 40
  call MPI_Win_allocate(winsize, 4, MPI_INFO_NULL, MPI_COMM_WORLD, baseptr, win, ierr)
  call check(ierr == MPI_SUCCESS .and. baseptr /= 0, 'MPI_Win_allocate')
  call MPI_Win_get_attr(win, MPI_WIN_BASE, val, flag, ierr)
  ! (MPICH 4.0 reports another base than baseptr on ranks > 0 of a shared-memory node, natively.)
  call check(flag .and. val /= 0 .and. (nprocs > 1 .or. val == baseptr), 'MPI_WIN_BASE is a base address')
  call MPI_Win_get_attr(win, MPI_WIN_SIZE, val, flag, ierr)
  call check(flag .and. val == 40, 'MPI_WIN_SIZE')
  call MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, val, flag, ierr)
  call check(flag .and. val == 4, 'MPI_WIN_DISP_UNIT')
  call MPI_Win_get_attr(win, MPI_WIN_CREATE_FLAVOR, val, flag, ierr)
  call check(flag .and. val == MPI_WIN_FLAVOR_ALLOCATE, 'MPI_WIN_CREATE_FLAVOR')
  call MPI_Win_get_attr(win, MPI_WIN_MODEL, val, flag, ierr)
  call check(flag .and. (val == MPI_WIN_SEPARATE .or. val == MPI_WIN_UNIFIED), 'MPI_WIN_MODEL')
  call MPI_Win_free(win, ierr)

  ! A user attribute: Fortran sets an integer, C sees it as the pointer value.
  call make_keyval(keyval, ierr)
  call check(ierr == MPI_SUCCESS, 'keyval created in C')
  call MPI_Comm_get_attr(MPI_COMM_WORLD, keyval, val, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. .not. flag, 'a new keyval has no attribute')
  val = 1234567890123_8
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, val, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Comm_set_attr')
  val = 0
  call MPI_Comm_get_attr(MPI_COMM_WORLD, keyval, val, flag, ierr)
  call check(flag .and. val == 1234567890123_8, 'the value read back in Fortran')
  ival = 4321
  call MPI_Attr_put(MPI_COMM_WORLD, keyval, ival, ierr)
  call MPI_Attr_get(MPI_COMM_WORLD, keyval, ival, flag, ierr)
  call check(flag .and. ival == 4321, 'MPI_Attr_put / MPI_Attr_get')
  ! Set from C (a pointer): Fortran gets the address.
  call c_set_attribute(keyval, c_address, ierr)
  call MPI_Comm_get_attr(MPI_COMM_WORLD, keyval, val, flag, ierr)
  call check(flag .and. val == c_address, 'a C pointer attribute is its address in Fortran')
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval, ierr)
  call MPI_Comm_get_attr(MPI_COMM_WORLD, keyval, val, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. .not. flag, 'MPI_Comm_delete_attr')
  call MPI_Comm_free_keyval(keyval, ierr)
  call check(keyval == MPI_KEYVAL_INVALID, 'MPI_Comm_free_keyval')

  ! A keyval with copy and delete callbacks written in Fortran.
  call MPI_Comm_create_keyval(copy_plus_one, record_delete, keyval, 77_MPI_ADDRESS_KIND, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Comm_create_keyval with Fortran callbacks')
  val = 1000
  call MPI_Comm_set_attr(MPI_COMM_WORLD, keyval, val, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call check(copies == 1 .and. seen_extra == 77 .and. seen_keyval == keyval, 'the copy callback ran with the extra state')
  call MPI_Comm_get_attr(dup, keyval, val, flag, ierr)
  call check(flag .and. val == 1001, 'the copied attribute')
  call MPI_Comm_free(dup, ierr)
  call check(deletes == 1 .and. last_deleted == 1001, 'the delete callback ran on Comm_free')
  call MPI_Comm_delete_attr(MPI_COMM_WORLD, keyval, ierr)
  call check(deletes == 2 .and. last_deleted == 1000, 'the delete callback ran on Comm_delete_attr')
  call MPI_Comm_free_keyval(keyval, ierr)

  ! The same with MPI-1's MPI_Keyval_create, whose callbacks take INTEGER values.
  call MPI_Keyval_create(copy_twice, record_int_delete, keyval, 5, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Keyval_create with Fortran callbacks')
  call MPI_Attr_put(MPI_COMM_WORLD, keyval, 21, ierr)
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call check(int_copies == 1, 'the MPI-1 copy callback ran')
  call MPI_Attr_get(dup, keyval, ival, flag, ierr)
  call check(flag .and. ival == 42, 'the doubled attribute')
  call MPI_Comm_free(dup, ierr)
  call check(int_deletes == 1 .and. last_int_deleted == 42, 'the MPI-1 delete callback ran on Comm_free')
  call MPI_Attr_delete(MPI_COMM_WORLD, keyval, ierr)
  call check(int_deletes == 2 .and. last_int_deleted == 21, 'the MPI-1 delete callback ran on Attr_delete')
  call MPI_Keyval_free(keyval, ierr)
  call check(handles_ok, 'the callbacks saw the communicators, keyvals and extra states')

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'attributes_mpif: ok'

contains

  include 'check.inc'

end program attributes_mpif
