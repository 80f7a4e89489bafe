! The calls trace_fortran.sh traces from Fortran (mpif.h), on 2 ranks: every kind of argument the
! tools' Fortran entry points convert. Status arrays are set before use, so that fields an MPI leaves
! alone hold the same values in every run; no polling loop, so that every run makes the same calls.
program trace_fortran_program
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, nprocs, right, left, total, value, got(2), half, dup, vec, idx, outcount, n
  integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 2), requests(2), indices(2)
  integer :: matrix(3, 2), column(2)
  character(len=MPI_MAX_OBJECT_NAME) :: cname

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  right = mod(rank + 1, nprocs)
  left = mod(rank + nprocs - 1, nprocs)
  status = 0
  statuses = 0

  ! MPI_IN_PLACE, a datatype, an op and the world communicator.
  total = rank + 1
  call MPI_Allreduce(MPI_IN_PLACE, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  value = 40 + total
  call MPI_Bcast(value, 1, MPI_INTEGER, 1, MPI_COMM_WORLD, ierr)

  ! A status written back, then MPI_STATUS_IGNORE; MPI_ANY_TAG and MPI_ANY_SOURCE.
  call MPI_Sendrecv(rank, 1, MPI_INTEGER, right, 5, value, 1, MPI_INTEGER, left, MPI_ANY_TAG, &
                    MPI_COMM_WORLD, status, ierr)
  call MPI_Get_count(status, MPI_INTEGER, n, ierr)
  call MPI_Sendrecv(rank, 1, MPI_INTEGER, right, 6, value, 1, MPI_INTEGER, MPI_ANY_SOURCE, 6, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)

  ! Requests: two receives completed by MPI_Waitall with statuses, then by MPI_Waitany (its index
  ! counts from 1 in Fortran, from 0 in C and in the trace) and MPI_Waitsome, then ignored statuses.
  call MPI_Irecv(got(1), 1, MPI_INTEGER, left, 7, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Irecv(got(2), 1, MPI_INTEGER, left, 8, MPI_COMM_WORLD, requests(2), ierr)
  call MPI_Send(rank, 1, MPI_INTEGER, right, 8, MPI_COMM_WORLD, ierr)
  call MPI_Send(rank, 1, MPI_INTEGER, right, 7, MPI_COMM_WORLD, ierr)
  call MPI_Waitall(2, requests, statuses, ierr)
  requests(1) = MPI_REQUEST_NULL
  call MPI_Irecv(got(2), 1, MPI_INTEGER, left, 9, MPI_COMM_WORLD, requests(2), ierr)
  call MPI_Send(rank, 1, MPI_INTEGER, right, 9, MPI_COMM_WORLD, ierr)
  call MPI_Waitany(2, requests, idx, status, ierr)
  if (idx /= 2) print '(a,i0)', 'trace_fortran_program: MPI_Waitany index ', idx
  call MPI_Irecv(got(1), 1, MPI_INTEGER, left, 10, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Send(rank, 1, MPI_INTEGER, right, 10, MPI_COMM_WORLD, ierr)
  call MPI_Waitsome(2, requests, outcount, indices, statuses, ierr)
  if (outcount /= 1 .or. indices(1) /= 1) print '(a,2i6)', 'trace_fortran_program: MPI_Waitsome ', outcount, indices(1)
  call MPI_Irecv(got(1), 1, MPI_INTEGER, left, 11, MPI_COMM_WORLD, requests(1), ierr)
  call MPI_Send(rank, 1, MPI_INTEGER, right, 11, MPI_COMM_WORLD, ierr)
  call MPI_Waitall(2, requests, MPI_STATUSES_IGNORE, ierr)

  ! A derived datatype: created, committed, used, freed.
  matrix = reshape([1, 2, 3, 4, 5, 6], [3, 2])
  call MPI_Type_vector(2, 1, 3, MPI_INTEGER, vec, ierr)
  call MPI_Type_commit(vec, ierr)
  call MPI_Sendrecv(matrix(2, 1), 1, vec, rank, 12, column(1), 2, MPI_INTEGER, rank, 12, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call MPI_Type_free(vec, ierr)

  ! Communicators: created, named (a CHARACTER argument in, one out), compared, freed.
  call MPI_Comm_split(MPI_COMM_WORLD, 0, -rank, half, ierr)
  call MPI_Comm_dup(half, dup, ierr)
  call MPI_Comm_set_name(dup, 'traced dup  ', ierr)
  cname = '#'
  call MPI_Comm_get_name(dup, cname, n, ierr)
  if (cname /= 'traced dup') print '(a,a)', 'trace_fortran_program: MPI_Comm_get_name ', trim(cname)
  call MPI_Comm_free(dup, ierr)
  call MPI_Comm_free(half, ierr)

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0 .and. got(1) == left .and. column(1) == 2 .and. column(2) == 5) &
      print '(a)', 'trace_fortran_program: ok'
end program trace_fortran_program
