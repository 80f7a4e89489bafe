package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/** {@code typedef struct { unsigned int_data[4]; void *ptr_data; } CXToken;} */
public final class CXToken {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(4, ValueLayout.JAVA_INT).withName("int_data"),
            ValueLayout.ADDRESS.withName("ptr_data")).withName("CXToken");

    private CXToken() {}
}
