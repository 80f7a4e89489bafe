package org.wi4mpi.gen.render;

/**
 * A predefined handle of the application's ABI that the runtime lacks, and what stands for it
 * (runtime-c/wi_substitutes.h): {@code count} 0 for an alias of the runtime handle {@code runtimeWord}
 * (also registered with the predefined handles), else a datatype of {@code count} elements of the
 * runtime datatype {@code runtimeWord}, created after MPI_Init.
 */
public record SubstituteView(String name, String kindEnum, String applicationWord, int count, String runtimeWord) {}
