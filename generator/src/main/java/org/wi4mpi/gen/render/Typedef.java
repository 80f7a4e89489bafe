package org.wi4mpi.gen.render;

/** typedef <cType> <name>; for one side. */
public record Typedef(String name, String cType) {}
