package org.wi4mpi.gen.dict;

import java.util.List;

/**
 * One entry of functions.json: an MPI function described argument by argument, each with a role.
 *
 * @param hook     extra work around the runtime call (templates/hooks.ftl), or null
 * @param fallback for a computation that needs no MPI library (MPI_Aint_add): the C expression over the
 *                 arguments that is returned where the runtime lacks the function, or null
 * @param variadic the prototype ends with "..." after {@code args} (MPI_Pcontrol); the translation
 *                 passes the named arguments only
 */
public record FunctionSpec(String name, String returns, List<ArgSpec> args, String hook, String fallback,
                           boolean variadic) {}
