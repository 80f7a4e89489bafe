package org.wi4mpi.gen.render;

/** A predefined handle known to both ABIs, registered in the runtime tables at load time. */
public record Registration(String name, String kindEnum, String applicationWord, String runtimeWord) {}
