! The large-count procedures of the mpi_f08 module (wi4mpi-test-families: mpich): counts of
! INTEGER(KIND=MPI_COUNT_KIND) select MPI-4.0's MPI_Send_c & co., which MPICH's module calls as
! mpi_send_f08ts_large_ (choice buffers as array descriptors) or mpi_get_count_f08_large_.
! They work, a non-contiguous array section included: on a runtime that lacks them (Open MPI 4.1)
! through its MPI_Count (_x) or int forms while the counts fit (count arrays and output counts too);
! a count beyond returns a code of class MPI_ERR_UNSUPPORTED_OPERATION and leaves the output alone.
program large_count_f08
  use mpi_f08
  implicit none
  character(len=*), parameter :: program_name = 'large_count_f08'
  integer :: ierr, rank, nprocs, right, left, i, vlen
  integer(kind=MPI_COUNT_KIND) :: got, three, four, one
  integer(kind=MPI_COUNT_KIND), allocatable :: counts(:), huge_block(:), at_zero(:)
  integer(kind=MPI_ADDRESS_KIND), allocatable :: displs(:)
  integer, allocatable :: gathered(:)
  double precision :: out(3), in(3)
  integer :: strided(8)
  type(MPI_Status) :: status
  type(MPI_Request) :: request
  type(MPI_Datatype) :: pair
  character(len=MPI_MAX_LIBRARY_VERSION_STRING) :: version
  logical :: lacking

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN)
  call MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN)
  call MPI_Get_library_version(version, vlen)
  lacking = index(version(1:vlen), 'Open MPI') > 0
  right = mod(rank + 1, nprocs)
  left = mod(rank + nprocs - 1, nprocs)
  three = 3
  four = 4

  ! Ring: MPI_Isend_c, MPI_Recv_c (Open MPI 4.1: its MPI_Isend, MPI_Recv, the counts fitting an int),
  ! MPI_Get_count_c (its count is an output: Open MPI 4.1's MPI_Get_count into an int).
  out = [1.5d0, 2.5d0, 3.5d0] + rank
  in = -1
  got = -7
  call MPI_Isend(out, three, MPI_DOUBLE_PRECISION, right, 5, MPI_COMM_WORLD, request, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Isend_c')
  call MPI_Recv(in, three, MPI_DOUBLE_PRECISION, left, 5, MPI_COMM_WORLD, status, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Recv_c')
  call MPI_Wait(request, MPI_STATUS_IGNORE)
  call check(all(in == [1.5d0, 2.5d0, 3.5d0] + left), 'ring data')
  call check(status%MPI_SOURCE == left .and. status%MPI_TAG == 5, 'ring status')
  call MPI_Get_count(status, MPI_DOUBLE_PRECISION, got, ierr)
  call check(ierr == MPI_SUCCESS .and. got == 3, 'MPI_Get_count_c')

  ! Count and displacement arrays: MPI_Allgatherv_c, rank r contributing r + 1 integers.
  allocate(counts(nprocs), displs(nprocs), gathered(nprocs * (nprocs + 1) / 2))
  counts = [(int(i, MPI_COUNT_KIND), i = 1, nprocs)]
  displs = [(int(i * (i - 1) / 2, MPI_ADDRESS_KIND), i = 1, nprocs)]
  gathered = -1
  call MPI_Allgatherv([(rank, i = 0, rank)], int(rank + 1, MPI_COUNT_KIND), MPI_INTEGER, gathered, counts, &
                      displs, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Allgatherv_c')
  call check(gathered(size(gathered)) == nprocs - 1 .and. gathered(1) == 0, 'MPI_Allgatherv_c data')

  ! A block length beyond the int range: Open MPI 4.1 cannot take it.
  one = 1
  allocate(huge_block(1), at_zero(1))
  huge_block = int(huge(0), MPI_COUNT_KIND) + 1
  at_zero = 0
  pair = MPI_DATATYPE_NULL
  call MPI_Type_indexed(one, huge_block, at_zero, MPI_BYTE, pair, ierr)
  if (lacking) then
    call check_lacking(ierr, 'MPI_Type_indexed_c with an array_of_blocklengths entry beyond the int range')
    call check(pair == MPI_DATATYPE_NULL, 'no type created')
  else
    call check(ierr == MPI_SUCCESS, 'MPI_Type_indexed_c beyond the int range')
    call MPI_Type_free(pair)
  end if

  ! A non-contiguous section as a large-count buffer: every other element of strided.
  strided = [(100 * rank + i, i = 1, 8)]
  call MPI_Bcast(strided(1:8:2), four, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Bcast_c of a section')
  do i = 1, 8
    if (mod(i, 2) == 1) then
      call check(strided(i) == i, 'broadcast element')
    else
      call check(strided(i) == 100 * rank + i, 'element between the section''s left alone')
    end if
  end do

  ! A type constructor with a large count: MPI_Type_contiguous_c; MPI_Type_size_c (Open MPI 4.1: its
  ! MPI_Type_size_x).
  call MPI_Type_contiguous(three, MPI_INTEGER, pair, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Type_contiguous_c')
  got = -7
  call MPI_Type_size(pair, got, ierr)
  call check(ierr == MPI_SUCCESS .and. got == 12, 'MPI_Type_size_c of the new type')
  call MPI_Type_free(pair)

  call MPI_Barrier(MPI_COMM_WORLD)
  call MPI_Finalize()
  if (rank == 0) print '(a)', 'large_count_f08: ok'

contains

  include 'check.inc'

  ! The code names its class; its string names the function and the runtime.
  subroutine check_lacking(code, function)
    integer, intent(in) :: code
    character(len=*), intent(in) :: function
    character(len=MPI_MAX_ERROR_STRING) :: text
    integer :: cls, length
    call MPI_Error_class(code, cls)
    call check(cls == MPI_ERR_UNSUPPORTED_OPERATION, function // ' fails with MPI_ERR_UNSUPPORTED_OPERATION')
    call MPI_Error_string(code, text, length)
    call check(index(text(1:length), function) > 0 .and. index(text(1:length), 'Open MPI') > 0, &
               function // '''s error string names it and the runtime')
  end subroutine check_lacking

end program large_count_f08
