package org.wi4mpi.gen.render;

import java.util.List;

/**
 * A function the application's family declares and the runtime's does not: its A_ function raises
 * an error instead of calling the runtime (runtime-c/wi_lacking.h).
 *
 * @param report     how the error is raised: "comm", "win" or "file" (on the argument {@code object}),
 *                   "self" (MPI_COMM_SELF), "fallback" (no
 *                   error: the dictionary's {@code fallback} expression is the result), "tool" (an MPI_T error code) or "fatal" (no error code to
 *                   return: the process stops)
 * @param object     the argument whose error handler is invoked, for "comm", "win" and "file"
 * @param argNames   every argument, so that the unused ones are marked as such
 * @param fallback   the C expression returned, for "fallback"
 */
public record LackingFunctionView(String name, String applicationReturn, String applicationParams,
                                  List<String> argNames, String report, String object,
                                  String fallback) {}
