! Point-to-point through the mpi module: statuses and MPI_STATUS_IGNORE, nonblocking requests with
! Waitall statuses, logical flags, a vector datatype, communicator split, dup and free, and a
! neighbour exchange on a ring (MPI_Neighbor_alltoallw on a distributed graph), MPI_Aint_add and
! MPI_Aint_diff (functions of the Fortran library only, in Open MPI), and the request indices of
! MPI_Waitany, MPI_Testany, MPI_Waitsome and MPI_Testsome (Fortran counts them from 1, C from 0).
program p2p_mpi
  use mpi
  implicit none
  character(len=*), parameter :: program_name = 'p2p_mpi'
  integer :: ierr, rank, nprocs, right, left, count, i
  integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 2), requests(2)
  integer :: sendval, recvval, half, hrank, hsize, dup, vec
  integer :: matrix(3, 4), column(4)
  logical :: flag
  integer :: ring, ncounts(1), ntypes(1), nsend(1), nrecv(1)
  integer(kind=MPI_ADDRESS_KIND) :: ndispls(1), base, moved
  integer :: some(3), idx, outcount, indices(3), some_statuses(MPI_STATUS_SIZE, 3)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  right = mod(rank + 1, nprocs)
  left = mod(rank + nprocs - 1, nprocs)

  ! Ring with nonblocking calls and statuses from MPI_Waitall.
  sendval = 100 + rank
  recvval = -1
  call MPI_Irecv(recvval, 1, MPI_INTEGER, left, 7, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Isend(sendval, 1, MPI_INTEGER, right, 7, MPI_COMM_WORLD, requests(2), ierr)
  call MPI_Waitall(2, requests, statuses, ierr)
  call check(ierr == MPI_SUCCESS .and. recvval == 100 + left, 'ring value')
  call check(statuses(MPI_SOURCE, 1) == left .and. statuses(MPI_TAG, 1) == 7, 'Waitall status')
  call check(requests(1) == MPI_REQUEST_NULL .and. requests(2) == MPI_REQUEST_NULL, 'requests freed')

  ! Blocking ring with a status, then with MPI_STATUS_IGNORE.
  call MPI_Sendrecv(sendval, 1, MPI_INTEGER, right, 8, recvval, 1, MPI_INTEGER, left, MPI_ANY_TAG, &
                    MPI_COMM_WORLD, status, ierr)
  call check(status(MPI_SOURCE) == left .and. status(MPI_TAG) == 8, 'Sendrecv status')
  call MPI_Get_count(status, MPI_INTEGER, count, ierr)
  call check(count == 1, 'MPI_Get_count')
  call MPI_Isend(sendval, 1, MPI_INTEGER, right, 9, MPI_COMM_WORLD, requests(1), ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_Iprobe(left, 9, MPI_COMM_WORLD, flag, status, ierr)
  end do
  call check(status(MPI_SOURCE) == left, 'MPI_Iprobe status')
  call MPI_Recv(recvval, 1, MPI_INTEGER, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call check(ierr == MPI_SUCCESS .and. recvval == 100 + left, 'Recv with MPI_STATUS_IGNORE')
  call MPI_Wait(requests(1), MPI_STATUS_IGNORE, ierr)
  call MPI_Test(requests(1), flag, status, ierr)
  call check(flag .and. requests(1) == MPI_REQUEST_NULL, 'MPI_Test of a null request')

  ! A column-strided vector: row 2 of a 3x4 matrix.
  call MPI_Type_vector(4, 1, 3, MPI_INTEGER, vec, ierr)
  call MPI_Type_commit(vec, ierr)
  matrix = reshape([(i, i = 1, 12)], [3, 4])
  column = 0
  call MPI_Sendrecv(matrix(2, 1), 1, vec, rank, 10, column(1), 4, MPI_INTEGER, rank, 10, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call check(all(column == [2, 5, 8, 11]), 'vector datatype')
  call MPI_Type_free(vec, ierr)
  call check(vec == MPI_DATATYPE_NULL, 'MPI_Type_free')

  ! Split into even and odd ranks; MPI_UNDEFINED colours nothing here.
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), -rank, half, ierr)
  call MPI_Comm_size(half, hsize, ierr)
  call MPI_Comm_rank(half, hrank, ierr)
  call check(hsize == (nprocs + 1 - mod(rank, 2)) / 2, 'split size')
  call check(hrank == (hsize - 1) - rank / 2, 'split rank ordered by key')
  call MPI_Comm_dup(half, dup, ierr)
  call MPI_Comm_compare(half, dup, i, ierr)
  call check(i == MPI_CONGRUENT, 'dup is congruent')
  call MPI_Comm_free(dup, ierr)
  call MPI_Comm_free(half, ierr)
  call check(half == MPI_COMM_NULL .and. dup == MPI_COMM_NULL, 'Comm_free')

  ! Neighbour exchange on a ring as a distributed graph (one source: left, one destination: right):
  ! MPI_Neighbor_alltoallw's datatype arrays are as long as the degree. (A cartesian ring would have
  ! degree 2, more than one rank: Open MPI 4.1's own Fortran binding converts only as many
  ! datatypes as the communicator has ranks.)
  call MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, [left], MPI_UNWEIGHTED, 1, [right], &
                                      MPI_UNWEIGHTED, MPI_INFO_NULL, .false., ring, ierr)
  ncounts = 1
  ndispls = 0
  ntypes = MPI_INTEGER
  nsend = rank
  nrecv = -1
  call MPI_Neighbor_alltoallw(nsend, ncounts, ndispls, ntypes, nrecv, ncounts, ndispls, ntypes, ring, ierr)
  call check(ierr == MPI_SUCCESS .and. nrecv(1) == left, 'MPI_Neighbor_alltoallw')
  call MPI_Comm_free(ring, ierr)

  ! Request indices: one active receive from self among null requests, at a known position.
  some = MPI_REQUEST_NULL
  call MPI_Irecv(recvval, 1, MPI_INTEGER, rank, 20, MPI_COMM_WORLD, some(2), ierr)
  call MPI_Send(sendval, 1, MPI_INTEGER, rank, 20, MPI_COMM_WORLD, ierr)
  idx = -7
  call MPI_Waitany(3, some, idx, status, ierr)
  call check(ierr == MPI_SUCCESS .and. idx == 2 .and. status(MPI_TAG) == 20, 'MPI_Waitany index')
  ! (Not Testany of null requests only: MPICH 4.0.2's own binding returns MPI_UNDEFINED + 1 there.)
  call MPI_Irecv(recvval, 1, MPI_INTEGER, rank, 23, MPI_COMM_WORLD, some(1), ierr)
  call MPI_Send(sendval, 1, MPI_INTEGER, rank, 23, MPI_COMM_WORLD, ierr)
  idx = -7
  flag = .false.
  do while (.not. flag)
    call MPI_Testany(3, some, idx, flag, status, ierr)
  end do
  call check(idx == 1 .and. status(MPI_TAG) == 23, 'MPI_Testany index')
  call MPI_Irecv(recvval, 1, MPI_INTEGER, rank, 21, MPI_COMM_WORLD, some(3), ierr)
  call MPI_Send(sendval, 1, MPI_INTEGER, rank, 21, MPI_COMM_WORLD, ierr)
  indices = -7
  call MPI_Waitsome(3, some, outcount, indices, some_statuses, ierr)
  call check(outcount == 1 .and. indices(1) == 3 .and. some_statuses(MPI_TAG, 1) == 21, 'MPI_Waitsome indices')
  call MPI_Irecv(recvval, 1, MPI_INTEGER, rank, 22, MPI_COMM_WORLD, some(2), ierr)
  call MPI_Send(sendval, 1, MPI_INTEGER, rank, 22, MPI_COMM_WORLD, ierr)
  outcount = 0
  do while (outcount == 0)
    call MPI_Testsome(3, some, outcount, indices, some_statuses, ierr)
  end do
  call check(outcount == 1 .and. indices(1) == 2 .and. some_statuses(MPI_TAG, 1) == 22, 'MPI_Testsome indices')
  call MPI_Waitsome(3, some, outcount, indices, some_statuses, ierr)
  call check(outcount == MPI_UNDEFINED, 'MPI_Waitsome of null requests')

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  base = 4096
  moved = MPI_Aint_add(base, 24_MPI_ADDRESS_KIND)
  call check(moved == 4120_MPI_ADDRESS_KIND, 'MPI_Aint_add')
  call check(MPI_Aint_diff(moved, base) == 24_MPI_ADDRESS_KIND, 'MPI_Aint_diff')

  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'p2p_mpi: ok'

contains

  include 'check.inc'

end program p2p_mpi
