! The MPI-1 datatype calls (deleted in MPI-3, still in both families' mpif.h) whose addresses are
! plain INTEGERs in Fortran where C has MPI_Aint: MPI_Type_hindexed, MPI_Type_hvector,
! MPI_Type_extent. (Not MPI_Address: a 64-bit address does not fit an INTEGER, and MPICH's own
! binding then returns an error.) Not in the standard ABI, so not run in interface mode.
program mpi1_types_mpif
  implicit none
  include 'mpif.h'
  character(len=*), parameter :: program_name = 'mpi1_types_mpif'
  integer :: ierr, rank
  integer :: hdispls(3), hcounts(3), htype, hextent, packed(3), hpos, isize, row(3)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  ! Elements 3, 1, 2 of a row in that order, packed.
  call MPI_Type_size(MPI_INTEGER, isize, ierr)
  hcounts = 1
  hdispls = [2 * isize, 0, isize]
  call MPI_Type_hindexed(3, hcounts, hdispls, MPI_INTEGER, htype, ierr)
  call MPI_Type_commit(htype, ierr)
  call MPI_Type_extent(htype, hextent, ierr)
  call check(ierr == MPI_SUCCESS .and. hextent == 3 * isize, 'MPI_Type_extent of an hindexed type')
  row = [7, 8, 9]
  hpos = 0
  packed = 0
  call MPI_Pack(row, 1, htype, packed, 3 * isize, hpos, MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS .and. hpos == 3 * isize .and. all(packed == [9, 7, 8]), 'MPI_Type_hindexed')
  call MPI_Type_free(htype, ierr)
  call MPI_Type_hvector(2, 1, 2 * isize, MPI_INTEGER, htype, ierr)
  call MPI_Type_commit(htype, ierr)
  call MPI_Type_extent(htype, hextent, ierr)
  call check(hextent == 3 * isize, 'MPI_Type_hvector stride')
  call MPI_Type_free(htype, ierr)

  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'mpi1_types_mpif: ok'

contains

  include 'check.inc'

end program mpi1_types_mpif
