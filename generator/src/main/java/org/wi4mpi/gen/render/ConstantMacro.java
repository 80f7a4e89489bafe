package org.wi4mpi.gen.render;

/** A_MPI_X / R_MPI_X macro: the constant's C expression on one side. */
public record ConstantMacro(String name, String expression) {}
