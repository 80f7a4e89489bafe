package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;

/** Binding a libclang entry point and rethrowing what a downcall throws: shared by the function classes. */
final class Downcalls {

    private Downcalls() {}

    static MethodHandle bind(SymbolLookup lookup, String name, FunctionDescriptor descriptor) {
        MemorySegment address = lookup.find(name).orElseThrow(
                () -> new UnsatisfiedLinkError("libclang has no symbol " + name));
        return Linker.nativeLinker().downcallHandle(address, descriptor);
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }
}
