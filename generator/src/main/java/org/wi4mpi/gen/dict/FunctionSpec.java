package org.wi4mpi.gen.dict;

import java.util.List;

/**
 * One entry of functions.json: an MPI function described argument by argument, each with a role.
 *
 * @param hook     extra work around the runtime call (templates/hooks.ftl), or null
 * @param local    for what the application's ABI alone defines (MPI_Aint_add, MPI_Comm_c2f, MPI_Status_c2f):
 *                 the C expression over the arguments that cross pairs return instead of calling the
 *                 runtime's function, or null
 * @param variadic the prototype ends with "..." after {@code args} (MPI_Pcontrol); the translation
 *                 passes the named arguments only
 */
public record FunctionSpec(String name, String returns, List<ArgSpec> args, String hook, String local,
                           boolean variadic) {}
