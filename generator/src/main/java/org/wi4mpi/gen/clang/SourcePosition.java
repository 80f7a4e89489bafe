package org.wi4mpi.gen.clang;

/** Where a cursor comes from once macros are expanded; file is empty for built-in definitions. */
public record SourcePosition(String file, int line, int column) {}
