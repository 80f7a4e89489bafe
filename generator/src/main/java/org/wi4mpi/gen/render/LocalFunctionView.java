package org.wi4mpi.gen.render;

import java.util.List;

/**
 * An A_ function that does not call the runtime's function: the runtime family lacks it, so it raises
 * an error (runtime-c/wi_lacking.h), or the dictionary computes it locally ({@code local}). (A function
 * runtime-c computes from the runtime's other functions, {@code emulation}, is translated: a
 * {@link FunctionView} whose callee is that function.)
 *
 * @param report     how the error is raised: "comm", "win" or "file" (on the argument {@code object}),
 *                   "self" (MPI_COMM_SELF), "local" (the
 *                   dictionary's {@code local} function gives the result), "tool" (an MPI_T error code) or
 *                   "fatal" (no error code to
 *                   return: the process stops)
 * @param object     the argument whose error handler is invoked, for "comm", "win" and "file"
 * @param argNames   every argument, so that the unused ones are marked as such
 * @param local      for "local": the C function (runtime-c/wi_local.h, a handle's wi_<kind>_c2f/f2c) called
 *                   with every argument, whose result is returned
 */
public record LocalFunctionView(String name, String applicationReturn, String applicationParams,
                                  List<String> argNames, String report, String object,
                                  String local) {}
