! Environment through mpif.h: init, rank and size, a reduction with MPI_IN_PLACE, character
! arguments in and out, an error code through MPI_ERRORS_RETURN, MPI_Wtime, MPI_Allgather in place
! (its ignored send type not converted).
program hello_mpif
  implicit none
  character(len=*), parameter :: program_name = 'hello_mpif'
  include 'mpif.h'
  integer :: ierr, rank, nprocs, total, namelen, errclass, dup, buf, i
  integer :: allranks(64)
  logical :: flag
  character(len=MPI_MAX_PROCESSOR_NAME) :: host
  character(len=MPI_MAX_OBJECT_NAME) :: cname
  double precision :: t0, t1

  call MPI_Initialized(flag, ierr)
  call check(.not. flag .and. ierr == MPI_SUCCESS, 'MPI_Initialized before MPI_Init')
  call MPI_Init(ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Init')
  call MPI_Initialized(flag, ierr)
  call check(flag, 'MPI_Initialized after MPI_Init')
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call check(rank >= 0 .and. rank < nprocs, 'rank within size')

  total = rank + 1
  call MPI_Allreduce(MPI_IN_PLACE, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS .and. total == nprocs * (nprocs + 1) / 2, 'MPI_Allreduce in place')

  ! With MPI_IN_PLACE the send count and type are ignored: any INTEGER will do.
  allranks = -1
  allranks(rank + 1) = rank
  call MPI_Allgather(MPI_IN_PLACE, 0, -12345, allranks, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS .and. all(allranks(1:nprocs) == [(i, i = 0, nprocs - 1)]), &
             'MPI_Allgather in place, send type ignored')

  host = '#'
  call MPI_Get_processor_name(host, namelen, ierr)
  call check(namelen > 0 .and. namelen == len_trim(host), 'processor name length')
  call check(host(namelen+1:) == ' ', 'processor name padded with blanks')

  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Comm_set_name(dup, 'wi4mpi dup   ', ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Comm_set_name')
  cname = '#'
  call MPI_Comm_get_name(dup, cname, namelen, ierr)
  call check(cname == 'wi4mpi dup' .and. namelen == 10, 'MPI_Comm_get_name returns the trimmed name')
  call MPI_Comm_free(dup, ierr)
  call check(dup == MPI_COMM_NULL, 'MPI_Comm_free sets MPI_COMM_NULL')

  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  buf = 0
  call MPI_Send(buf, 1, MPI_INTEGER, nprocs, 0, MPI_COMM_WORLD, ierr)
  call check(ierr /= MPI_SUCCESS, 'send to a rank out of range fails')
  call MPI_Error_class(ierr, errclass, ierr)
  call check(errclass == MPI_ERR_RANK, 'the error class is MPI_ERR_RANK')

  t0 = MPI_Wtime()
  t1 = MPI_Wtime()
  call check(t0 >= 0.0d0 .and. t1 >= t0 .and. MPI_Wtick() > 0.0d0, 'MPI_Wtime and MPI_Wtick')

  call MPI_Finalize(ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Finalize')
  if (rank == 0) print '(a)', 'hello_mpif: ok'

contains

  include 'check.inc'

end program hello_mpif
