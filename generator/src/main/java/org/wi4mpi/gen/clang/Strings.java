package org.wi4mpi.gen.clang;

import java.lang.foreign.MemorySegment;
import org.wi4mpi.gen.clang.libclang.Index_h;

/** Turns a CXString into a Java string and releases it. */
final class Strings {

    private Strings() {}

    static String take(Index_h api, MemorySegment cxString) {
        try {
            MemorySegment chars = api.clang_getCString(cxString);
            return chars.equals(MemorySegment.NULL) ? "" : chars.reinterpret(Long.MAX_VALUE).getString(0);
        } finally {
            api.clang_disposeString(cxString);
        }
    }
}
