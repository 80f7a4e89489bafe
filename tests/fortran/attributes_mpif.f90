! Attributes from Fortran: predefined communicator attributes (values, not pointers) through
! MPI_Comm_get_attr and the MPI-1 MPI_Attr_get, window attributes of an allocated window (base
! address, size, displacement unit, flavor, model), and a user attribute set and read in Fortran, and set from C and read from
! Fortran (the C part creates the keyval: Fortran keyval callbacks are not translated).
program attributes_mpif
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, nprocs, keyval, ival, win
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

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'attributes_mpif: ok'

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    integer :: e
    if (.not. ok) then
      print '(a,i0,2a)', 'attributes_mpif: rank ', rank, ': FAILED: ', what
      call MPI_Abort(MPI_COMM_WORLD, 1, e)
      stop 1
    end if
  end subroutine check

end program attributes_mpif
