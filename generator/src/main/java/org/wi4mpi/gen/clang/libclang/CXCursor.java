package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/** {@code typedef struct { enum CXCursorKind kind; int xdata; const void *data[3]; } CXCursor;} */
public final class CXCursor {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            ValueLayout.JAVA_INT.withName("kind"),
            ValueLayout.JAVA_INT.withName("xdata"),
            MemoryLayout.sequenceLayout(3, ValueLayout.ADDRESS).withName("data")).withName("CXCursor");

    private CXCursor() {}

    public static int kind(MemorySegment cursor) {
        return cursor.get(ValueLayout.JAVA_INT, 0);
    }
}
