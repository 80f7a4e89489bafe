package org.wi4mpi.gen.render;

import org.wi4mpi.gen.dict.MapperKind;

/**
 * A translated function's result: its type on each side and how it is converted back (an error code
 * through its class, a handle through its table, anything else cast).
 *
 * @param table the handle table of a returned handle, else null
 */
public record ReturnView(String application, String runtime, MapperKind kind, String table) {}
