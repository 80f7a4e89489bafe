/* A fake MPI library: only its soname matters (see native/CMakeLists.txt). */
typedef int wi4mpi_fake_library;
