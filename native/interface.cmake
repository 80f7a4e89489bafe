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

# Compiler wrappers (bin/mpicc, its mpicxx name) and the pkg-config file for building such programs.
install(PROGRAMS "${CMAKE_CURRENT_SOURCE_DIR}/../bin/mpicc" "${CMAKE_CURRENT_SOURCE_DIR}/../bin/mpicxx" DESTINATION bin)
install(FILES "${CMAKE_CURRENT_SOURCE_DIR}/mpi.pc" DESTINATION lib/pkgconfig)
