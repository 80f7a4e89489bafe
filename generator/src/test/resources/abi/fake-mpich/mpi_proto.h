/* Prototypes of the fake MPICH-shaped header (MPICH keeps them in mpi_proto.h). */
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_File_close(MPI_File *fh);
int MPI_Session_finalize(MPI_Session *session);
int MPIX_Comm_fake(MPI_Comm comm, MPI_Count count);
