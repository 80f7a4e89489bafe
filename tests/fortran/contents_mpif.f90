! Outputs a Fortran binding shapes itself: MPI_Info_get (value sized by valuelen, blank-padded to the
! Fortran length; a value longer than valuelen is an error in MPICH 4.0, not tried; leading and
! trailing blanks of keys and values stripped, as MPI requires), MPI_Buffer_attach/detach around a buffered send, and MPI_Type_get_envelope /
! MPI_Type_get_contents of a vector, a subarray (MPI_ORDER_FORTRAN among the integers) and a struct
! holding a derived type (a new handle, freed here).
program contents_mpif
  implicit none
  character(len=*), parameter :: program_name = 'contents_mpif'
  include 'mpif.h'
  integer :: ierr, rank, info, nkeys, bsize
  integer :: ni, na, nd, combiner, vec, sub, pair, st
  integer :: ints(8), types(4), sizes
  integer(kind=MPI_ADDRESS_KIND) :: addrs(4), displs(2)
  integer :: blocklens(2), stypes(2)
  character(len=64) :: value
  character(len=MPI_MAX_INFO_KEY) :: key
  logical :: flag
  integer :: buffer(1000), sendval, recvval, vlen

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)

  ! MPI_Info_get: the value, a truncated value, a missing key.
  call MPI_Info_create(info, ierr)
  call MPI_Info_set(info, 'wi4mpi_key', 'value one', ierr)
  value = 'garbage'
  call MPI_Info_get(info, 'wi4mpi_key', 64, value, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. flag .and. value == 'value one', 'MPI_Info_get')
  value = 'garbage'
  call MPI_Info_get(info, 'wi4mpi_key', 9, value, flag, ierr)
  call check(flag .and. value == 'value one', 'MPI_Info_get with valuelen the value length')
  value = 'untouched'
  call MPI_Info_get(info, 'no_such_key', 64, value, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. .not. flag .and. value == 'untouched', 'MPI_Info_get of a missing key')
  call MPI_Info_get_nkeys(info, nkeys, ierr)
  call MPI_Info_get_nthkey(info, 0, key, ierr)
  call check(nkeys == 1 .and. key == 'wi4mpi_key', 'MPI_Info_get_nthkey')
  call MPI_Info_set(info, '  padded key ', '  padded value ', ierr)
  call MPI_Info_get_valuelen(info, 'padded key', vlen, flag, ierr)
  call check(ierr == MPI_SUCCESS .and. flag .and. vlen == 12, 'blanks around an info key and value are stripped')
  call MPI_Info_get_nthkey(info, 1, key, ierr)
  call check(key == 'padded key', 'the stored key has no leading blanks')
  call MPI_Info_delete(info, ' padded key', ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Info_delete of a key given with a leading blank')
  call MPI_Info_free(info, ierr)

  ! Buffered send to self through an attached buffer; detach returns its size.
  call MPI_Buffer_attach(buffer, 4000, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Buffer_attach')
  sendval = 42 + rank
  call MPI_Bsend(sendval, 1, MPI_INTEGER, rank, 3, MPI_COMM_WORLD, ierr)
  call MPI_Recv(recvval, 1, MPI_INTEGER, rank, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
  call check(recvval == 42 + rank, 'buffered send')
  bsize = -1
  call MPI_Buffer_detach(buffer, bsize, ierr)
  call check(ierr == MPI_SUCCESS .and. bsize == 4000, 'MPI_Buffer_detach size')

  ! A vector: count, blocklength, stride, and MPI_INTEGER back as the Fortran handle.
  call MPI_Type_vector(4, 1, 3, MPI_INTEGER, vec, ierr)
  call MPI_Type_get_envelope(vec, ni, na, nd, combiner, ierr)
  call check(combiner == MPI_COMBINER_VECTOR .and. ni == 3 .and. na == 0 .and. nd == 1, 'vector envelope')
  types = -7
  ! (max_* as the envelope says: Open MPI 4.1's Fortran binding converts max_datatypes entries.)
  call MPI_Type_get_contents(vec, ni, na, nd, ints, addrs, types, ierr)
  call check(ierr == MPI_SUCCESS .and. all(ints(1:3) == [4, 1, 3]), 'vector integers')
  call check(types(1) == MPI_INTEGER, 'vector old type is MPI_INTEGER')

  ! A subarray in Fortran order: the order constant is among the integers.
  call MPI_Type_create_subarray(2, [4, 5], [2, 3], [1, 1], MPI_ORDER_FORTRAN, MPI_REAL, sub, ierr)
  call MPI_Type_get_envelope(sub, ni, na, nd, combiner, ierr)
  call check(combiner == MPI_COMBINER_SUBARRAY .and. ni == 8 .and. nd == 1, 'subarray envelope')
  call MPI_Type_get_contents(sub, ni, na, nd, ints, addrs, types, ierr)
  call check(all(ints == [2, 4, 5, 2, 3, 1, 1, MPI_ORDER_FORTRAN]), 'subarray integers')
  call check(types(1) == MPI_REAL, 'subarray old type is MPI_REAL')

  ! A struct of a derived type and MPI_DOUBLE_PRECISION: the derived one comes back as a new handle.
  call MPI_Type_contiguous(2, MPI_INTEGER, pair, ierr)
  blocklens = [1, 2]
  displs = [0_MPI_ADDRESS_KIND, 8_MPI_ADDRESS_KIND]
  stypes = [pair, MPI_DOUBLE_PRECISION]
  call MPI_Type_create_struct(2, blocklens, displs, stypes, st, ierr)
  call MPI_Type_get_envelope(st, ni, na, nd, combiner, ierr)
  call check(combiner == MPI_COMBINER_STRUCT .and. ni == 3 .and. na == 2 .and. nd == 2, 'struct envelope')
  call MPI_Type_get_contents(st, ni, na, nd, ints, addrs, types, ierr)
  call check(all(ints(1:3) == [2, 1, 2]) .and. all(addrs(1:2) == displs), 'struct integers and addresses')
  call check(types(2) == MPI_DOUBLE_PRECISION, 'struct second type')
  call MPI_Type_size(types(1), sizes, ierr)
  call check(ierr == MPI_SUCCESS .and. sizes == 8, 'the derived member type, by its new handle')
  call MPI_Type_free(types(1), ierr)
  call MPI_Type_free(st, ierr)
  call MPI_Type_free(pair, ierr)
  call MPI_Type_free(sub, ierr)
  call MPI_Type_free(vec, ierr)

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'contents_mpif: ok'

contains

  include 'check.inc'

end program contents_mpif
