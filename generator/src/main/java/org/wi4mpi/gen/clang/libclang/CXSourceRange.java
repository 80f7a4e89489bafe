package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/** {@code typedef struct { const void *ptr_data[2]; unsigned begin_int_data; unsigned end_int_data; } CXSourceRange;} */
public final class CXSourceRange {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            MemoryLayout.sequenceLayout(2, ValueLayout.ADDRESS).withName("ptr_data"),
            ValueLayout.JAVA_INT.withName("begin_int_data"),
            ValueLayout.JAVA_INT.withName("end_int_data")).withName("CXSourceRange");

    private CXSourceRange() {}
}
