! The Fortran program the -f tools are preloaded into (WrapEquivalenceTest), built with the family's
! mpifort: mpif.h calls that the tools' Fortran wrappers turn into C calls, handles and statuses converted
! on the way (MPI_WAITALL's request and status arrays). Every rank prints its values,
! "wrap_ring_mpif rank R: ...", and what MPI_WAITALL left in the receive's status, "wrap_ring_mpif statuses rank R:
! ..." (printed rather than checked: wrap.py's wrappers write the statuses one MPI_Fint apart instead of
! MPI_STATUS_SIZE apart); rank 0 ends with "wrap_ring_mpif: ok".
program wrap_ring_mpif
    implicit none
    include 'mpif.h'
    integer :: ierr, rank, size, next, prev, token, received, outv, inv, one, total, dup, dup_size
    integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 2), requests(2)

    call MPI_INIT(ierr)
    call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
    call MPI_COMM_SIZE(MPI_COMM_WORLD, size, ierr)
    next = mod(rank + 1, size)
    prev = mod(rank + size - 1, size)

    token = rank * 10
    received = -1
    call MPI_SENDRECV(token, 1, MPI_INTEGER, next, 3, received, 1, MPI_INTEGER, prev, 3, &
                      MPI_COMM_WORLD, status, ierr)
    call check(received == prev * 10 .and. status(MPI_SOURCE) == prev, 'sendrecv token')

    outv = rank + 100
    inv = -1
    call MPI_IRECV(inv, 1, MPI_INTEGER, prev, 7, MPI_COMM_WORLD, requests(1), ierr)
    call MPI_ISEND(outv, 1, MPI_INTEGER, next, 7, MPI_COMM_WORLD, requests(2), ierr)
    call MPI_WAITALL(2, requests, statuses, ierr)
    call check(inv == prev + 100, 'isend/irecv token')
    call check(requests(1) == MPI_REQUEST_NULL .and. requests(2) == MPI_REQUEST_NULL, 'requests freed')

    one = rank + 1
    total = 0
    call MPI_ALLREDUCE(one, total, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
    call check(total == size * (size + 1) / 2, 'allreduce')

    call MPI_COMM_DUP(MPI_COMM_WORLD, dup, ierr)
    call MPI_COMM_SIZE(dup, dup_size, ierr)
    call MPI_COMM_FREE(dup, ierr)
    call check(dup_size == size .and. dup == MPI_COMM_NULL, 'dup')

    call MPI_BARRIER(MPI_COMM_WORLD, ierr)
    write (*, '(A,I0,A,I0,A,I0,A,I0,A,I0)') 'wrap_ring_mpif rank ', rank, ': size=', size, ' received=', &
        received, ' in=', inv, ' sum=', total
    write (*, '(A,I0,A,I0,A,I0)') 'wrap_ring_mpif statuses rank ', rank, ': source=', statuses(MPI_SOURCE, 1), &
        ' tag=', statuses(MPI_TAG, 1)
    flush (6)
    call MPI_BARRIER(MPI_COMM_WORLD, ierr)
    if (rank == 0) write (*, '(A)') 'wrap_ring_mpif: ok'
    call MPI_FINALIZE(ierr)

contains

    subroutine check(ok, what)
        logical, intent(in) :: ok
        character(len=*), intent(in) :: what
        integer :: abort_ierr
        if (.not. ok) then
            write (*, '(A,I0,A,A)') 'wrap_ring_mpif rank ', rank, ': CHECK FAILED: ', what
            flush (6)
            call MPI_ABORT(MPI_COMM_WORLD, 17, abort_ierr)
        end if
    end subroutine check
end program wrap_ring_mpif
