package org.wi4mpi.gen.render;

/** One constant of one side of a pair: its MPI name (the macro is A_ or R_ and the name) and its value. */
public record PairConstant(String name, ConstantValue value) {}
