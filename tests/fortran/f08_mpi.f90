! The mpi_f08 module: derived-type handles and statuses, ierror left out and given, MPI_IN_PLACE,
! MPI_STATUS_IGNORE, nonblocking requests, a user reduction, a vector datatype, communicator
! split/dup/compare/name, an error class through MPI_ERRORS_RETURN, MPI_Wtime, contiguous and
! non-contiguous array sections as buffers (MPICH's module passes buffers as array descriptors,
! Open MPI's as addresses of copies).
module f08_ops
  use mpi_f08
  implicit none
  logical :: datatype_ok = .true.
contains
  ! An MPI_User_function of mpi_f08: buffers as C pointers by value, the datatype as TYPE(MPI_Datatype).
  subroutine max_op(invec, inoutvec, len, datatype)
    use, intrinsic :: iso_c_binding, only : c_ptr, c_f_pointer
    type(c_ptr), value :: invec, inoutvec
    integer :: len
    type(MPI_Datatype) :: datatype
    integer, pointer :: a(:), b(:)
    if (datatype /= MPI_INTEGER) datatype_ok = .false.
    call c_f_pointer(invec, a, [len])
    call c_f_pointer(inoutvec, b, [len])
    b = max(a, b)
  end subroutine max_op
end module f08_ops

program f08_mpi
  use mpi_f08
  use f08_ops
  implicit none
  character(len=*), parameter :: program_name = 'f08_mpi'
  integer :: ierr, rank, nprocs, right, left, count, i, hrank, hsize, cmp, eclass, namelen, sizes
  integer :: sendval, recvval, total(3)
  integer :: matrix(3, 4), column(4), strided(10), five(5)
  type(MPI_Status) :: status, statuses(2)
  type(MPI_Request) :: requests(2)
  type(MPI_Comm) :: half, dup
  type(MPI_Datatype) :: vec
  type(MPI_Op) :: maxop
  character(len=MPI_MAX_OBJECT_NAME) :: name
  double precision :: t0, t1
  logical :: flag

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call check(ierr == MPI_SUCCESS, 'ierror given')
  right = mod(rank + 1, nprocs)
  left = mod(rank + nprocs - 1, nprocs)
  t0 = MPI_Wtime()

  ! Ring with nonblocking calls and statuses from MPI_Waitall.
  sendval = 100 + rank
  recvval = -1
  call MPI_Irecv(recvval, 1, MPI_INTEGER, left, 7, MPI_COMM_WORLD, requests(1))
  call MPI_Isend(sendval, 1, MPI_INTEGER, right, 7, MPI_COMM_WORLD, requests(2))
  call MPI_Waitall(2, requests, statuses)
  call check(recvval == 100 + left, 'ring value')
  call check(statuses(1)%MPI_SOURCE == left .and. statuses(1)%MPI_TAG == 7, 'Waitall status')
  call check(requests(1) == MPI_REQUEST_NULL .and. requests(2) == MPI_REQUEST_NULL, 'requests freed')

  ! Blocking ring with a status, then with MPI_STATUS_IGNORE.
  call MPI_Sendrecv(sendval, 1, MPI_INTEGER, right, 8, recvval, 1, MPI_INTEGER, left, MPI_ANY_TAG, &
                    MPI_COMM_WORLD, status)
  call check(status%MPI_SOURCE == left .and. status%MPI_TAG == 8, 'Sendrecv status')
  call MPI_Get_count(status, MPI_INTEGER, count)
  call check(count == 1, 'MPI_Get_count')
  call MPI_Isend(sendval, 1, MPI_INTEGER, right, 9, MPI_COMM_WORLD, requests(1))
  flag = .false.
  do while (.not. flag)
    call MPI_Iprobe(left, 9, MPI_COMM_WORLD, flag, status)
  end do
  call MPI_Recv(recvval, 1, MPI_INTEGER, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call check(recvval == 100 + left, 'Recv with MPI_STATUS_IGNORE')
  call MPI_Wait(requests(1), MPI_STATUS_IGNORE)

  ! In-place reduction of an array.
  total = [rank, 1, 2 * rank]
  call MPI_Allreduce(MPI_IN_PLACE, total, 3, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS, 'Allreduce ierror')
  call check(all(total == [nprocs * (nprocs - 1) / 2, nprocs, nprocs * (nprocs - 1)]), 'Allreduce in place')

  ! A user reduction written against mpi_f08's MPI_User_function.
  call MPI_Op_create(max_op, .true., maxop)
  total = [rank, -rank, 5]
  call MPI_Allreduce(MPI_IN_PLACE, total, 3, MPI_INTEGER, maxop, MPI_COMM_WORLD)
  call check(all(total == [nprocs - 1, 0, 5]), 'Allreduce with an mpi_f08 user op')
  call check(datatype_ok, 'the op received MPI_INTEGER')
  call MPI_Op_free(maxop)
  call check(maxop == MPI_OP_NULL, 'MPI_Op_free')

  ! A column-strided vector: row 2 of a 3x4 matrix.
  call MPI_Type_vector(4, 1, 3, MPI_INTEGER, vec)
  call MPI_Type_commit(vec)
  matrix = reshape([(i, i = 1, 12)], [3, 4])
  column = 0
  call MPI_Sendrecv(matrix(2, 1), 1, vec, rank, 10, column, 4, MPI_INTEGER, rank, 10, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call check(all(column == [2, 5, 8, 11]), 'vector datatype')
  column = 0
  call MPI_Sendrecv(matrix(:, 3:4), 4, MPI_INTEGER, rank, 11, column, 4, MPI_INTEGER, rank, 11, &
                    MPI_COMM_WORLD, status)
  call MPI_Get_count(status, MPI_INTEGER, count)
  call check(count == 4 .and. all(column == [7, 8, 9, 10]), 'contiguous 2-D section')
  call MPI_Type_free(vec)
  call check(vec == MPI_DATATYPE_NULL, 'MPI_Type_free')

  ! Non-contiguous array sections as buffers: a strided send, a reversed strided receive, a matrix
  ! row (MPICH passes them as descriptors, described by a datatype built for the section).
  strided = [(i, i = 1, 10)]
  five = 0
  call MPI_Sendrecv(strided(1:10:2), 5, MPI_INTEGER, rank, 12, five, 5, MPI_INTEGER, rank, 12, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call check(all(five == [1, 3, 5, 7, 9]), 'strided section sent')
  strided = 0
  call MPI_Sendrecv(five, 5, MPI_INTEGER, rank, 13, strided(10:2:-2), 5, MPI_INTEGER, rank, 13, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call check(all(strided(10:2:-2) == [1, 3, 5, 7, 9]) .and. all(strided(1:9:2) == 0), 'reversed section received')
  call MPI_Irecv(column, 4, MPI_INTEGER, rank, 14, MPI_COMM_WORLD, requests(1))
  call MPI_Send(matrix(2, :), 4, MPI_INTEGER, rank, 14, MPI_COMM_WORLD)
  call MPI_Wait(requests(1), MPI_STATUS_IGNORE)
  call check(all(column == [2, 5, 8, 11]), 'a matrix row as a buffer')

  ! Split into even and odd ranks, dup, compare, name.
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), -rank, half)
  call MPI_Comm_size(half, hsize)
  call MPI_Comm_rank(half, hrank)
  call check(hsize == (nprocs + 1 - mod(rank, 2)) / 2, 'split size')
  call check(hrank == (hsize - 1) - rank / 2, 'split rank ordered by key')
  call MPI_Comm_dup(half, dup)
  call MPI_Comm_compare(half, dup, cmp)
  call check(cmp == MPI_CONGRUENT, 'dup is congruent')
  call MPI_Comm_set_name(dup, 'f08 half')
  call MPI_Comm_get_name(dup, name, namelen)
  call check(name(1:namelen) == 'f08 half' .and. namelen == 8, 'communicator name')
  call MPI_Comm_free(dup)
  call MPI_Comm_free(half)
  call check(half == MPI_COMM_NULL .and. dup == MPI_COMM_NULL, 'Comm_free')

  ! An invalid rank returns an error whose class is MPI_ERR_RANK.
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  call MPI_Send(sendval, 1, MPI_INTEGER, nprocs + 5, 1, MPI_COMM_WORLD, ierr)
  call check(ierr /= MPI_SUCCESS, 'invalid rank fails')
  call MPI_Error_class(ierr, eclass)
  call check(eclass == MPI_ERR_RANK, 'MPI_ERR_RANK')

  ! Fortran-only routines: MPI_Sizeof of a scalar and of an array, MPI_F_sync_reg.
  call MPI_Sizeof(t0, sizes)
  call check(sizes == 8, 'MPI_Sizeof of a DOUBLE PRECISION')
  call MPI_Sizeof(column, sizes, ierr)
  call check(ierr == MPI_SUCCESS .and. sizes == 4, 'MPI_Sizeof of an INTEGER array')
  call MPI_F_sync_reg(column)

  t1 = MPI_Wtime()
  call check(t1 >= t0, 'MPI_Wtime')
  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Finalize()
  if (rank == 0) print '(a)', 'f08_mpi: ok'

contains

  include 'check.inc'

end program f08_mpi
