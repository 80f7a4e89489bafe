/* Built with an application-side soname (libmpi.so.40, libmpi_mpifh.so.40):
 * a process linked to it looks like an MPI application to wi_application_uses_mpi. */
__attribute__((visibility("default"))) int wi_test_fake_application_marker;
