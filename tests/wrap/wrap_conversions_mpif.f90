! A Fortran program (mpif.h, one rank) whose calls need the handle and integer conversions that wrap.py's
! Fortran wrappers get wrong; WrapEquivalenceTest runs it natively and with each generator's -f tool
! (count_time) preloaded, and compares each line ("wrap_conversions_mpif <key> rank R: ...") with the native
! run. Each line says what the program saw rather than checking it, so that a wrong conversion shows as a
! different line; the keys:
!   count_x:  MPI_STATUS_SET_ELEMENTS_X takes an INTEGER(KIND=MPI_COUNT_KIND) by value in C (MPI_Count);
!   contents: MPI_TYPE_GET_CONTENTS fills max_datatypes handles (here 1 with no integers);
!   message:  MPI_MPROBE/MPI_MRECV go through an MPI_Message handle (a pointer in Open MPI's C);
!   address:  the MPI-1 MPI_TYPE_EXTENT returns a default INTEGER where C has an MPI_Aint;
!   strings:  MPI_COMM_SET_NAME/GET_NAME take CHARACTER arguments (blank-padded, with hidden lengths);
!   alltoallw: MPI_ALLTOALLW's arrays of datatype handles (last: a wrong conversion may end the program).
program wrap_conversions_mpif
    implicit none
    include 'mpif.h'
    integer :: ierr, rank, request, value, received
    integer :: status(MPI_STATUS_SIZE)
    integer(kind=MPI_COUNT_KIND) :: elements
    integer(kind=MPI_ADDRESS_KIND) :: lb, extent, addresses(2)
    integer :: resized, ni, na, nd, combiner, integers(1), datatypes(1)
    ! The message handle's neighbour takes what a wrapper writing a C MPI_Message (8 bytes) spills over.
    integer :: message(2)
    integer :: counts(1), displs(1), types(2), sendv(1), recvv(1)
    ! The extent's neighbour takes what a wrapper writing a C MPI_Aint (8 bytes) spills over.
    integer :: extent_int(2)
    integer :: resultlen
    character(len=16) :: set_name
    character(len=MPI_MAX_OBJECT_NAME) :: got_name

    call MPI_INIT(ierr)
    call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)

    elements = 5000000000_MPI_COUNT_KIND
    call MPI_STATUS_SET_ELEMENTS_X(status, MPI_BYTE, elements, ierr)
    elements = -1
    call MPI_GET_ELEMENTS_X(status, MPI_BYTE, elements, ierr)
    write (*, '(A,I0,A,I0)') 'wrap_conversions_mpif count_x rank ', rank, ': elements=', elements

    lb = 0
    extent = 16
    call MPI_TYPE_CREATE_RESIZED(MPI_INTEGER, lb, extent, resized, ierr)
    call MPI_TYPE_GET_ENVELOPE(resized, ni, na, nd, combiner, ierr)
    datatypes(1) = -1
    call MPI_TYPE_GET_CONTENTS(resized, ni, na, nd, integers, addresses, datatypes, ierr)
    write (*, '(A,I0,A,I0,A,I0,A,I0,A,L1,A,I0)') 'wrap_conversions_mpif contents rank ', rank, ': ni=', ni, ' na=', na, &
        ' nd=', nd, ' datatype_is_integer=', datatypes(1) == MPI_INTEGER, ' extent=', addresses(2)
    call MPI_TYPE_FREE(resized, ierr)

    value = 31
    received = -1
    call MPI_ISEND(value, 1, MPI_INTEGER, rank, 5, MPI_COMM_WORLD, request, ierr)
    message = -1
    call MPI_MPROBE(rank, 5, MPI_COMM_WORLD, message(1), status, ierr)
    call MPI_MRECV(received, 1, MPI_INTEGER, message(1), status, ierr)
    call MPI_WAIT(request, status, ierr)
    write (*, '(A,I0,A,I0,A,L1,A,I0)') 'wrap_conversions_mpif message rank ', rank, ': received=', received, &
        ' null_after_mrecv=', message(1) == MPI_MESSAGE_NULL, ' neighbour=', message(2)

    extent_int = -1
    call MPI_TYPE_EXTENT(MPI_INTEGER, extent_int(1), ierr)
    write (*, '(A,I0,A,I0,A,I0)') 'wrap_conversions_mpif address rank ', rank, ': extent=', extent_int(1), &
        ' neighbour=', extent_int(2)

    set_name = 'wrap ring'
    got_name = 'untouched'
    resultlen = -1
    call MPI_COMM_SET_NAME(MPI_COMM_WORLD, set_name, ierr)
    call MPI_COMM_GET_NAME(MPI_COMM_WORLD, got_name, resultlen, ierr)
    write (*, '(A,I0,A,I0,A,L1)') 'wrap_conversions_mpif strings rank ', rank, ': resultlen=', resultlen, &
        ' same_name=', got_name == set_name

    counts = 1
    displs = 0
    ! types(2) is not read by a right conversion of one rank's array; a wrong one may read it.
    types = (/ MPI_INTEGER, 0 /)
    sendv = 77
    recvv = -1
    call MPI_ALLTOALLW(sendv, counts, displs, types, recvv, counts, displs, types, MPI_COMM_WORLD, ierr)
    write (*, '(A,I0,A,I0)') 'wrap_conversions_mpif alltoallw rank ', rank, ': received=', recvv(1)
    if (rank == 0) write (*, '(A)') 'wrap_conversions_mpif: ok'

    call MPI_FINALIZE(ierr)
end program wrap_conversions_mpif
