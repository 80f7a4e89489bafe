package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/** {@code typedef struct { enum CXTypeKind kind; void *data[2]; } CXType;} */
public final class CXType {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            ValueLayout.JAVA_INT.withName("kind"),
            MemoryLayout.paddingLayout(4),
            MemoryLayout.sequenceLayout(2, ValueLayout.ADDRESS).withName("data")).withName("CXType");

    private CXType() {}

    public static int kind(MemorySegment type) {
        return type.get(ValueLayout.JAVA_INT, 0);
    }
}
