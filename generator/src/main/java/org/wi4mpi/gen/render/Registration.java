package org.wi4mpi.gen.render;

/**
 * A predefined handle known to both ABIs (name), registered in the runtime tables of its kind at load
 * time with the runtime's handle of runtimeName (the same name, or the one a substitute aliases).
 * object: the application value is the address of one of the library's own exported objects, large
 * enough to carry the runtime value (runtime-c's wi_handle_predefined_object).
 */
public record Registration(String name, HandleKind kind, String runtimeName, boolean object) {}
