! MPI-4.0's MPI_Isendrecv and MPI_Isendrecv_replace from Fortran, completed by MPI_Wait, MPI_Waitall and
! an MPI_Test loop. On a runtime without them (Open MPI 4.1) wi4mpi runs each as a receive and a send
! under one request. Only the data is checked: MPICH 4.0.2's own statuses of these requests are wrong.
! wi4mpi-test-families: mpich
program isendrecv_mpif
  implicit none
  include 'mpif.h'
  character(len=*), parameter :: program_name = 'isendrecv_mpif'
  integer :: ierr, rank, size, right, left, request, requests(2)
  integer :: out, in, values(2)
  logical :: flag

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  right = mod(rank + 1, size)
  left = mod(rank + size - 1, size)

  out = 100 + rank
  in = -1
  call MPI_Isendrecv(out, 1, MPI_INTEGER, right, 7, in, 1, MPI_INTEGER, left, 7, MPI_COMM_WORLD, request, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Isendrecv starts')
  call MPI_Wait(request, MPI_STATUS_IGNORE, ierr)
  call check(ierr == MPI_SUCCESS .and. in == 100 + left .and. request == MPI_REQUEST_NULL, 'MPI_Wait completes it')

  values(1) = 200 + rank
  values(2) = 300 + rank
  call MPI_Isendrecv_replace(values(1), 1, MPI_INTEGER, right, 8, left, 8, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Isendrecv_replace(values(2), 1, MPI_INTEGER, left, 9, right, 9, MPI_COMM_WORLD, requests(2), ierr)
  call MPI_Waitall(2, requests, MPI_STATUSES_IGNORE, ierr)
  call check(ierr == MPI_SUCCESS .and. values(1) == 200 + left .and. values(2) == 300 + right, &
             'MPI_Waitall completes two in place')

  in = -1
  flag = .false.
  call MPI_Isendrecv(out, 1, MPI_INTEGER, right, 10, in, 1, MPI_INTEGER, left, 10, MPI_COMM_WORLD, request, ierr)
  do while (.not. flag)
    call MPI_Test(request, flag, MPI_STATUS_IGNORE, ierr)
  end do
  call check(in == 100 + left .and. request == MPI_REQUEST_NULL, 'an MPI_Test loop completes it')

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'isendrecv_mpif: ok'

contains

  include 'check.inc'

end program isendrecv_mpif
