package org.wi4mpi.gen.render;

/**
 * A predefined handle of the application's ABI that the runtime lacks, and what stands for it
 * (runtime-c/wi_substitutes.h): {@code count} 0 for an alias of the runtime's handle {@code base}
 * (also registered with the predefined handles), else a datatype of {@code count} elements of the
 * runtime datatype {@code base}, created after MPI_Init.
 */
public record SubstituteView(String name, HandleKind kind, int count, String base) {}
