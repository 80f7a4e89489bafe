package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/** {@code typedef struct { const void *data; unsigned private_flags; } CXString;} */
public final class CXString {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            ValueLayout.ADDRESS.withName("data"),
            ValueLayout.JAVA_INT.withName("private_flags"),
            MemoryLayout.paddingLayout(4)).withName("CXString");

    private CXString() {}
}
