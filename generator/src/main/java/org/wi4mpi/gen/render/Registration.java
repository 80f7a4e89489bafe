package org.wi4mpi.gen.render;

/**
 * A predefined handle known to both ABIs, registered in the runtime tables at load time. object: the
 * application value is the address of one of the library's own exported objects, large enough to carry
 * the runtime value (runtime-c's wi_handle_predefined_object).
 */
public record Registration(String name, String kindEnum, String applicationWord, String runtimeWord,
                           boolean object) {}
