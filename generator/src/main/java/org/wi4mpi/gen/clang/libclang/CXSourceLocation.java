package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/** {@code typedef struct { const void *ptr_data[2]; unsigned int_data; } CXSourceLocation;} */
public final class CXSourceLocation {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(2, ValueLayout.ADDRESS).withName("ptr_data"),
            ValueLayout.JAVA_INT.withName("int_data"),
            MemoryLayout.paddingLayout(4)).withName("CXSourceLocation");

    private CXSourceLocation() {}
}
