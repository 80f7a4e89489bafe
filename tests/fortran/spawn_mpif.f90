! MPI_Comm_spawn and MPI_Comm_spawn_multiple from Fortran: argv as CHARACTER arrays ended by a blank
! element, ARGV(count, *) for several commands, an error-code array and MPI_ERRCODES_IGNORE. Each
! child checks its arguments, its MPI_APPNUM and its parent intercommunicator, receives a value and
! disconnects. MPICH built with ch4:ucx cannot spawn (MPI_ERR_OTHER, natively too): the parents then
! expect that class.
! wi4mpi-test-retry-on-timeout: Open MPI 4.1.4 hangs a spawned child in PMIx_Init now and then,
! natively too (docs/launcher.md, vendor issues).
program spawn_mpif
  implicit none
  character(len=*), parameter :: program_name = 'spawn_mpif'
  include 'mpif.h'
  integer :: ierr, rank, parent, inter, remote, value, eclass, vlen
  integer :: errcodes(1), maxprocs(2), infos(2)
  integer(kind=MPI_ADDRESS_KIND) :: appnum
  character(len=32) :: argv(2), arg1, arg2
  character(len=32) :: argvs(2, 3)
  character(len=256) :: command, commands(2)
  character(len=MPI_MAX_LIBRARY_VERSION_STRING) :: version
  logical :: flag, supported

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_get_parent(parent, ierr)

  if (parent /= MPI_COMM_NULL) then
    call get_command_argument(1, arg1)
    call get_command_argument(2, arg2)
    call check(arg1 == 'wi4mpi-child', 'the child''s first argument')
    if (arg2 /= ' ') then
      ! started by MPI_Comm_spawn_multiple: command i is application i
      call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_APPNUM, appnum, flag, ierr)
      call check(flag .and. arg2 == 'command-' // achar(iachar('0') + int(appnum)), 'argument and MPI_APPNUM')
    end if
    call MPI_Comm_remote_size(parent, remote, ierr)
    call check(remote >= 1, 'the parent group')
    call MPI_Recv(value, 1, MPI_INTEGER, 0, 11, parent, MPI_STATUS_IGNORE, ierr)
    call check(ierr == MPI_SUCCESS .and. value == 4242, 'the value from the parents')
    call MPI_Comm_disconnect(parent, ierr)
    call check(parent == MPI_COMM_NULL, 'MPI_Comm_disconnect')
    call MPI_Finalize(ierr)
    stop
  end if

  call MPI_Get_library_version(version, vlen, ierr)
  supported = index(version(1:vlen), 'MPICH') == 0 .or. index(version(1:vlen), 'ch4:ucx') == 0
  call MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN, ierr)
  call get_command_argument(0, command)

  ! One child, argv ended by a blank element.
  argv(1) = 'wi4mpi-child'
  argv(2) = ' '
  errcodes = -12345
  call MPI_Comm_spawn(command, argv, 1, MPI_INFO_NULL, 0, MPI_COMM_WORLD, inter, errcodes, ierr)
  if (.not. supported) then
    call MPI_Error_class(ierr, eclass, ierr)
    call check(eclass == MPI_ERR_OTHER, 'MPI_Comm_spawn refused on ch4:ucx')
  else
    call check(ierr == MPI_SUCCESS .and. errcodes(1) == MPI_SUCCESS, 'MPI_Comm_spawn')
    call MPI_Comm_remote_size(inter, remote, ierr)
    call check(remote == 1, 'one child')
    if (rank == 0) call MPI_Send(4242, 1, MPI_INTEGER, 0, 11, inter, ierr)
    call MPI_Comm_disconnect(inter, ierr)
  end if

  ! Two commands with their own arguments: ARGV(count, *), column by column.
  commands = command
  argvs(:, 1) = 'wi4mpi-child'
  argvs(1, 2) = 'command-0'
  argvs(2, 2) = 'command-1'
  argvs(:, 3) = ' '
  maxprocs = 1
  infos = MPI_INFO_NULL
  call MPI_Comm_spawn_multiple(2, commands, argvs, maxprocs, infos, 0, MPI_COMM_WORLD, inter, &
                               MPI_ERRCODES_IGNORE, ierr)
  if (.not. supported) then
    call MPI_Error_class(ierr, eclass, ierr)
    call check(eclass == MPI_ERR_OTHER, 'MPI_Comm_spawn_multiple refused on ch4:ucx')
  else
    call check(ierr == MPI_SUCCESS, 'MPI_Comm_spawn_multiple')
    call MPI_Comm_remote_size(inter, remote, ierr)
    call check(remote == 2, 'two children')
    if (rank == 0) then
      call MPI_Send(4242, 1, MPI_INTEGER, 0, 11, inter, ierr)
      call MPI_Send(4242, 1, MPI_INTEGER, 1, 11, inter, ierr)
    end if
    call MPI_Comm_disconnect(inter, ierr)
  end if

  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Finalize(ierr)
  if (rank == 0) print '(a)', 'spawn_mpif: ok'

contains

  include 'check.inc'

end program spawn_mpif
