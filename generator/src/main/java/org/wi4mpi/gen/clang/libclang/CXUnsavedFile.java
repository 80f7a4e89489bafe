package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;

/** {@code struct CXUnsavedFile { const char *Filename; const char *Contents; unsigned long Length; };} */
public final class CXUnsavedFile {

    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            ValueLayout.ADDRESS.withName("Filename"),
            ValueLayout.ADDRESS.withName("Contents"),
            ValueLayout.JAVA_LONG.withName("Length")).withName("CXUnsavedFile");

    private CXUnsavedFile() {}

    public static void set(MemorySegment file, MemorySegment filename, MemorySegment contents, long length) {
        file.set(ValueLayout.ADDRESS, 0, filename);
        file.set(ValueLayout.ADDRESS, 8, contents);
        file.set(ValueLayout.JAVA_LONG, 16, length);
    }
}
