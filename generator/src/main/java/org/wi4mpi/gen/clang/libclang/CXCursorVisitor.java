package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * {@code enum CXChildVisitResult (*CXCursorVisitor)(CXCursor cursor, CXCursor parent, CXClientData data);}
 * The segments passed to {@link #apply} are only valid during the call. An implementation must not
 * let an exception escape: the JVM aborts on an exception thrown through native frames.
 */
@FunctionalInterface
public interface CXCursorVisitor {

    int CXChildVisit_Break = 0;
    int CXChildVisit_Continue = 1;
    int CXChildVisit_Recurse = 2;

    FunctionDescriptor DESCRIPTOR = FunctionDescriptor.of(ValueLayout.JAVA_INT,
            CXCursor.LAYOUT, CXCursor.LAYOUT, ValueLayout.ADDRESS);

    int apply(MemorySegment cursor, MemorySegment parent, MemorySegment clientData);

    /** A native function pointer that calls {@code visitor}; it lives as long as {@code arena}. */
    static MemorySegment allocate(CXCursorVisitor visitor, Arena arena) {
        return Linker.nativeLinker().upcallStub(Holder.APPLY.bindTo(visitor), DESCRIPTOR, arena);
    }

    final class Holder {
        static final MethodHandle APPLY;

        static {
            try {
                APPLY = MethodHandles.lookup().findVirtual(CXCursorVisitor.class, "apply",
                        MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class,
                                MemorySegment.class));
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private Holder() {}
    }
}
