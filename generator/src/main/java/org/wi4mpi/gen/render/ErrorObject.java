package org.wi4mpi.gen.render;

/**
 * Where an error found before the runtime is called is raised: the first input handle whose objects
 * carry an error handler (mappers.json error_object: a communicator, window or file), by its table and
 * argument. A function without one raises it on MPI_COMM_SELF.
 */
public record ErrorObject(String table, String argument) {}
