package org.wi4mpi.gen.dict;

import java.util.List;

/** One entry of functions.json: an MPI function described argument by argument, each with a role. */
public record FunctionSpec(String name, String returns, List<ArgSpec> args, String hook) {}
