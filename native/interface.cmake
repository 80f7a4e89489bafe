# Interface mode (docs/interface.md): the MPI-5.0 standard ABI's mpi.h and libmpi_abi.so.1, which
# programs compiled once link against; the standard_<to> pairs in pairs.cmake do the translation.
set(WI4MPI_INTERFACE_DIR "${WI4MPI_GENERATED}/interface")

# Every MPI symbol of the standard ABI as a stub that names the missing target and exits; soname
# libmpi_abi.so.1 (the ABI major version), link name libmpi_abi.so.
add_library(mpi_abi SHARED "${WI4MPI_INTERFACE_DIR}/wi_abi_stubs.c")
set_target_properties(mpi_abi PROPERTIES OUTPUT_NAME mpi_abi VERSION 1 SOVERSION 1)
target_compile_options(mpi_abi PRIVATE -Wall -Wextra -Werror)
target_link_options(mpi_abi PRIVATE -Wl,--no-undefined -Wl,-z,noexecstack)
install(TARGETS mpi_abi LIBRARY DESTINATION lib NAMELINK_COMPONENT Unspecified)
install(FILES "${WI4MPI_INTERFACE_DIR}/include/mpi.h" DESTINATION include)

# The Fortran side: every Fortran symbol of the standard ABI's functions as the same kind of stub in
# libmpifort_abi.so.1 (the pair libraries hold the wrappers), mpif.h, and the mpi module compiled by
# the Fortran compiler bin/mpifort uses (a .mod file is compiler-specific: gfortran's here).
add_library(mpifort_abi SHARED "${WI4MPI_INTERFACE_DIR}/wi_abi_fortran_stubs.c")
set_target_properties(mpifort_abi PROPERTIES OUTPUT_NAME mpifort_abi VERSION 1 SOVERSION 1)
target_compile_options(mpifort_abi PRIVATE -Wall -Wextra -Werror)
target_link_options(mpifort_abi PRIVATE -Wl,--no-undefined -Wl,-z,noexecstack)
install(TARGETS mpifort_abi LIBRARY DESTINATION lib NAMELINK_COMPONENT Unspecified)
install(FILES "${WI4MPI_INTERFACE_DIR}/include/mpif.h" DESTINATION include)

enable_language(Fortran)
set(WI4MPI_MODULE_DIR "${CMAKE_CURRENT_BINARY_DIR}/interface-modules")
add_library(wi4mpi_mpi_module OBJECT "${WI4MPI_INTERFACE_DIR}/mpi_module.f90")
target_include_directories(wi4mpi_mpi_module PRIVATE "${WI4MPI_INTERFACE_DIR}/include")
set_target_properties(wi4mpi_mpi_module PROPERTIES Fortran_MODULE_DIRECTORY "${WI4MPI_MODULE_DIR}")
# Built by default, so that the install below finds mpi.mod.
add_custom_target(wi4mpi_mpi_module_all ALL DEPENDS wi4mpi_mpi_module)
install(FILES "${WI4MPI_MODULE_DIR}/mpi.mod" DESTINATION include)

# Compiler wrappers (bin/mpicc, its mpicxx and mpifort names) and the pkg-config file for building such programs.
install(PROGRAMS "${CMAKE_CURRENT_SOURCE_DIR}/../bin/mpicc" "${CMAKE_CURRENT_SOURCE_DIR}/../bin/mpicxx"
    "${CMAKE_CURRENT_SOURCE_DIR}/../bin/mpifort" DESTINATION bin)
install(FILES "${CMAKE_CURRENT_SOURCE_DIR}/mpi.pc" DESTINATION lib/pkgconfig)
