package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Raw downcalls into libclang's type functions (clang-c/Index.h): spelling, canonical, pointee,
 * result and element types, qualifiers, size and declaration. Reached through {@link Index_h#types()}.
 */
public final class TypeFunctions {

    private final MethodHandle clang_getTypeSpelling;
    private final MethodHandle clang_getCanonicalType;
    private final MethodHandle clang_getPointeeType;
    private final MethodHandle clang_getResultType;
    private final MethodHandle clang_getArrayElementType;
    private final MethodHandle clang_isFunctionTypeVariadic;
    private final MethodHandle clang_isConstQualifiedType;
    private final MethodHandle clang_Type_getSizeOf;
    private final MethodHandle clang_getTypeDeclaration;
    private final MethodHandle clang_Type_getNamedType;

    TypeFunctions(SymbolLookup lookup) {
        clang_getTypeSpelling = Downcalls.bind(lookup, "clang_getTypeSpelling", FunctionDescriptor.of(CXString.LAYOUT, CXType.LAYOUT));
        clang_getCanonicalType = Downcalls.bind(lookup, "clang_getCanonicalType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
        clang_getPointeeType = Downcalls.bind(lookup, "clang_getPointeeType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
        clang_getResultType = Downcalls.bind(lookup, "clang_getResultType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
        clang_getArrayElementType = Downcalls.bind(lookup, "clang_getArrayElementType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
        clang_isFunctionTypeVariadic = Downcalls.bind(lookup, "clang_isFunctionTypeVariadic", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXType.LAYOUT));
        clang_isConstQualifiedType = Downcalls.bind(lookup, "clang_isConstQualifiedType", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXType.LAYOUT));
        clang_Type_getSizeOf = Downcalls.bind(lookup, "clang_Type_getSizeOf", FunctionDescriptor.of(ValueLayout.JAVA_LONG, CXType.LAYOUT));
        clang_getTypeDeclaration = Downcalls.bind(lookup, "clang_getTypeDeclaration", FunctionDescriptor.of(CXCursor.LAYOUT, CXType.LAYOUT));
        clang_Type_getNamedType = Downcalls.bind(lookup, "clang_Type_getNamedType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
    }

    public MemorySegment clang_getTypeSpelling(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getTypeSpelling.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getCanonicalType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getCanonicalType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getPointeeType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getPointeeType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getResultType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getResultType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getArrayElementType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getArrayElementType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_isFunctionTypeVariadic(MemorySegment type) {
        try {
            return (int) clang_isFunctionTypeVariadic.invokeExact(type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_isConstQualifiedType(MemorySegment type) {
        try {
            return (int) clang_isConstQualifiedType.invokeExact(type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public long clang_Type_getSizeOf(MemorySegment type) {
        try {
            return (long) clang_Type_getSizeOf.invokeExact(type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getTypeDeclaration(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getTypeDeclaration.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_Type_getNamedType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_Type_getNamedType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }
}
