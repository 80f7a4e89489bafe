! Callbacks written in Fortran: a commutative user reduction on MPI_INTEGER, an associative but
! non-commutative one on a derived datatype (pairs), a communicator error handler, and the query,
! free and cancel functions of a generalized request (whose extra state is the caller's variable
! itself, as in both vendors' bindings: the free function's change reaches it). The procedures
! receive the application's Fortran handles (checked against MPI_INTEGER, the derived type and the
! communicator), call MPI themselves, and give the results of the native run.
module callback_state
  implicit none
  integer :: pair_type = -1, handler_comm = -1
  integer :: handler_calls = 0, handler_class = -1
  logical :: datatype_seen_ok = .true.
  integer :: queries = 0, frees = 0, cancels = 0
  integer(kind=8) :: grequest_extra = -1
end module callback_state

! A generalized request's callbacks: query fills the status (3 integers, tag 9).
subroutine query(extra_state, status, ierr)
  use callback_state
  implicit none
  include 'mpif.h'
  integer(kind=MPI_ADDRESS_KIND) :: extra_state
  integer :: status(MPI_STATUS_SIZE), ierr
  queries = queries + 1
  grequest_extra = extra_state
  call MPI_Status_set_elements(status, MPI_INTEGER, 3, ierr)
  call MPI_Status_set_cancelled(status, .false., ierr)
  status(MPI_SOURCE) = 0
  status(MPI_TAG) = 9
  ierr = MPI_SUCCESS
end subroutine query

subroutine free_state(extra_state, ierr)
  use callback_state
  implicit none
  include 'mpif.h'
  integer(kind=MPI_ADDRESS_KIND) :: extra_state
  integer :: ierr
  frees = frees + 1
  if (extra_state /= grequest_extra) frees = frees + 100
  extra_state = extra_state + 1
  ierr = MPI_SUCCESS
end subroutine free_state

subroutine cancel(extra_state, complete, ierr)
  use callback_state
  implicit none
  include 'mpif.h'
  integer(kind=MPI_ADDRESS_KIND) :: extra_state
  logical :: complete
  integer :: ierr
  cancels = cancels + 1
  if (complete .or. extra_state /= 99) cancels = cancels + 100
  ierr = MPI_SUCCESS
end subroutine cancel

! inoutvec(i) = max(|invec(i)|, |inoutvec(i)|)
subroutine max_abs(invec, inoutvec, len, datatype)
  use callback_state
  implicit none
  include 'mpif.h'
  integer :: len, datatype, i
  integer :: invec(len), inoutvec(len)
  if (datatype /= MPI_INTEGER) datatype_seen_ok = .false.
  do i = 1, len
    inoutvec(i) = max(abs(invec(i)), abs(inoutvec(i)))
  end do
end subroutine max_abs

! Digit strings as (value, 10**length) pairs: (a, pa) . (b, pb) = (a * pb + b, pa * pb).
subroutine concat(invec, inoutvec, len, datatype)
  use callback_state
  implicit none
  include 'mpif.h'
  integer :: len, datatype, i, size_bytes, ierr
  integer :: invec(2, len), inoutvec(2, len)
  if (datatype /= pair_type) datatype_seen_ok = .false.
  call MPI_Type_size(datatype, size_bytes, ierr) ! MPI from inside the callback
  if (ierr /= MPI_SUCCESS .or. size_bytes /= 8) datatype_seen_ok = .false.
  do i = 1, len
    inoutvec(1, i) = invec(1, i) * inoutvec(2, i) + inoutvec(1, i)
    inoutvec(2, i) = invec(2, i) * inoutvec(2, i)
  end do
end subroutine concat

subroutine on_error(comm, code)
  use callback_state
  implicit none
  include 'mpif.h'
  integer :: comm, code, ierr
  handler_calls = handler_calls + 1
  if (comm /= handler_comm) handler_calls = handler_calls + 100
  call MPI_Error_class(code, handler_class, ierr)
end subroutine on_error

program callbacks_mpif
  use callback_state
  implicit none
  character(len=*), parameter :: program_name = 'callbacks_mpif'
  include 'mpif.h'
  external max_abs, concat, on_error, query, free_state, cancel
  integer :: ierr, rank, nprocs, maxop, catop, errh, expected, i
  integer :: values(3), result(3), pair(2), joined(2), greq, gstatus(MPI_STATUS_SIZE), count
  integer(kind=MPI_ADDRESS_KIND) :: greq_state

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)

  ! Commutative: the largest magnitude of each column.
  call MPI_Op_create(max_abs, .true., maxop, ierr)
  call check(ierr == MPI_SUCCESS .and. maxop /= MPI_OP_NULL, 'MPI_Op_create (commutative)')
  values = [-(rank + 1), rank * 2, 7]
  call MPI_Allreduce(values, result, 3, MPI_INTEGER, maxop, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS, 'Allreduce with a Fortran op')
  ! With one rank MPI applies no operation: the result is the rank's own values.
  if (nprocs == 1) then
    call check(all(result == values), 'max_abs result (one rank)')
  else
    call check(all(result == [nprocs, 2 * (nprocs - 1), 7]), 'max_abs result')
  end if

  ! Non-commutative on a derived type: rank order is kept, "12...n".
  call MPI_Type_contiguous(2, MPI_INTEGER, pair_type, ierr)
  call MPI_Type_commit(pair_type, ierr)
  call MPI_Op_create(concat, .false., catop, ierr)
  pair = [rank + 1, 10]
  joined = -1
  call MPI_Reduce(pair, joined, 1, pair_type, catop, 0, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS, 'Reduce with a non-commutative Fortran op')
  if (rank == 0) then
    expected = 0
    do i = 1, nprocs
      expected = expected * 10 + i
    end do
    call check(joined(1) == expected .and. joined(2) == 10**nprocs, 'concat result in rank order')
  end if
  call check(datatype_seen_ok, 'the ops received the Fortran datatype handles')
  call MPI_Op_free(maxop, ierr)
  call MPI_Op_free(catop, ierr)
  call check(maxop == MPI_OP_NULL .and. catop == MPI_OP_NULL, 'MPI_Op_free')
  call MPI_Type_free(pair_type, ierr)

  ! A Fortran error handler on a duplicate of MPI_COMM_WORLD.
  call MPI_Comm_dup(MPI_COMM_WORLD, handler_comm, ierr)
  call MPI_Comm_create_errhandler(on_error, errh, ierr)
  call check(ierr == MPI_SUCCESS .and. errh /= MPI_ERRHANDLER_NULL, 'MPI_Comm_create_errhandler')
  call MPI_Comm_set_errhandler(handler_comm, errh, ierr)
  call MPI_Errhandler_free(errh, ierr)
  call MPI_Send(values, 1, MPI_INTEGER, nprocs + 3, 0, handler_comm, ierr)
  call check(ierr /= MPI_SUCCESS, 'send to an invalid rank fails')
  call check(handler_calls == 1, 'the handler ran once, with the communicator')
  call check(handler_class == MPI_ERR_RANK, 'the handler saw MPI_ERR_RANK')
  call MPI_Comm_free(handler_comm, ierr)

  ! A generalized request with Fortran callbacks: cancelled while pending, completed, waited for.
  greq_state = 99
  call MPI_Grequest_start(query, free_state, cancel, greq_state, greq, ierr)
  call check(ierr == MPI_SUCCESS .and. greq /= MPI_REQUEST_NULL, 'MPI_Grequest_start')
  call MPI_Cancel(greq, ierr)
  call check(cancels == 1, 'the cancel callback ran, with complete .false. and the extra state')
  call MPI_Grequest_complete(greq, ierr)
  call MPI_Wait(greq, gstatus, ierr)
  call check(ierr == MPI_SUCCESS .and. greq == MPI_REQUEST_NULL, 'MPI_Wait of the generalized request')
  call check(queries == 1 .and. grequest_extra == 99 .and. frees == 1, 'query and free ran once')
  call check(greq_state == 100, 'the free callback changed the caller''s extra state')
  call MPI_Get_count(gstatus, MPI_INTEGER, count, ierr)
  call check(count == 3 .and. gstatus(MPI_TAG) == 9, 'the status the query callback filled')

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'callbacks_mpif: ok'

contains

  include 'check.inc'

end program callbacks_mpif
