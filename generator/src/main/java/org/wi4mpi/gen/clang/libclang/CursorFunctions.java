package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Raw downcalls into libclang's cursor functions (clang-c/Index.h): a cursor's kind, names, type,
 * children, arguments, location and value (clang_Cursor_Evaluate and its CXEvalResult). Reached
 * through {@link Index_h#cursors()}.
 */
public final class CursorFunctions {

    public static final int CXEval_UnExposed = 0;
    public static final int CXEval_Int = 1;
    public static final int CXEval_Float = 2;
    public static final int CXEval_StrLiteral = 4;

    public static final int CX_SC_Extern = 2;

    private final MethodHandle clang_visitChildren;
    private final MethodHandle clang_getCursorKind;
    private final MethodHandle clang_getCursorSpelling;
    private final MethodHandle clang_getCursorType;
    private final MethodHandle clang_getCursorReferenced;
    private final MethodHandle clang_getCursorLocation;
    private final MethodHandle clang_getCursorExtent;
    private final MethodHandle clang_getExpansionLocation;
    private final MethodHandle clang_getFileName;
    private final MethodHandle clang_getTypedefDeclUnderlyingType;
    private final MethodHandle clang_getEnumConstantDeclValue;
    private final MethodHandle clang_Cursor_getNumArguments;
    private final MethodHandle clang_Cursor_getArgument;
    private final MethodHandle clang_Cursor_getOffsetOfField;
    private final MethodHandle clang_Cursor_isMacroFunctionLike;
    private final MethodHandle clang_Cursor_getStorageClass;
    private final MethodHandle clang_Cursor_Evaluate;
    private final MethodHandle clang_EvalResult_getKind;
    private final MethodHandle clang_EvalResult_getAsLongLong;
    private final MethodHandle clang_EvalResult_isUnsignedInt;
    private final MethodHandle clang_EvalResult_getAsUnsigned;
    private final MethodHandle clang_EvalResult_getAsDouble;
    private final MethodHandle clang_EvalResult_getAsStr;
    private final MethodHandle clang_EvalResult_dispose;

    CursorFunctions(SymbolLookup lookup) {
        clang_visitChildren = Downcalls.bind(lookup, "clang_visitChildren", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        clang_getCursorKind = Downcalls.bind(lookup, "clang_getCursorKind", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT));
        clang_getCursorSpelling = Downcalls.bind(lookup, "clang_getCursorSpelling", FunctionDescriptor.of(CXString.LAYOUT, CXCursor.LAYOUT));
        clang_getCursorType = Downcalls.bind(lookup, "clang_getCursorType", FunctionDescriptor.of(CXType.LAYOUT, CXCursor.LAYOUT));
        clang_getCursorReferenced = Downcalls.bind(lookup, "clang_getCursorReferenced", FunctionDescriptor.of(CXCursor.LAYOUT, CXCursor.LAYOUT));
        clang_getCursorLocation = Downcalls.bind(lookup, "clang_getCursorLocation", FunctionDescriptor.of(CXSourceLocation.LAYOUT, CXCursor.LAYOUT));
        clang_getCursorExtent = Downcalls.bind(lookup, "clang_getCursorExtent", FunctionDescriptor.of(CXSourceRange.LAYOUT, CXCursor.LAYOUT));
        clang_getExpansionLocation = Downcalls.bind(lookup, "clang_getExpansionLocation", FunctionDescriptor.ofVoid(CXSourceLocation.LAYOUT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        clang_getFileName = Downcalls.bind(lookup, "clang_getFileName", FunctionDescriptor.of(CXString.LAYOUT, ValueLayout.ADDRESS));
        clang_getTypedefDeclUnderlyingType = Downcalls.bind(lookup, "clang_getTypedefDeclUnderlyingType", FunctionDescriptor.of(CXType.LAYOUT, CXCursor.LAYOUT));
        clang_getEnumConstantDeclValue = Downcalls.bind(lookup, "clang_getEnumConstantDeclValue", FunctionDescriptor.of(ValueLayout.JAVA_LONG, CXCursor.LAYOUT));
        clang_Cursor_getNumArguments = Downcalls.bind(lookup, "clang_Cursor_getNumArguments", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT));
        clang_Cursor_getArgument = Downcalls.bind(lookup, "clang_Cursor_getArgument", FunctionDescriptor.of(CXCursor.LAYOUT, CXCursor.LAYOUT, ValueLayout.JAVA_INT));
        clang_Cursor_getOffsetOfField = Downcalls.bind(lookup, "clang_Cursor_getOffsetOfField", FunctionDescriptor.of(ValueLayout.JAVA_LONG, CXCursor.LAYOUT));
        clang_Cursor_isMacroFunctionLike = Downcalls.bind(lookup, "clang_Cursor_isMacroFunctionLike", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT));
        clang_Cursor_getStorageClass = Downcalls.bind(lookup, "clang_Cursor_getStorageClass", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT));
        clang_Cursor_Evaluate = Downcalls.bind(lookup, "clang_Cursor_Evaluate", FunctionDescriptor.of(ValueLayout.ADDRESS, CXCursor.LAYOUT));
        clang_EvalResult_getKind = Downcalls.bind(lookup, "clang_EvalResult_getKind", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_EvalResult_getAsLongLong = Downcalls.bind(lookup, "clang_EvalResult_getAsLongLong", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        clang_EvalResult_isUnsignedInt = Downcalls.bind(lookup, "clang_EvalResult_isUnsignedInt", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_EvalResult_getAsUnsigned = Downcalls.bind(lookup, "clang_EvalResult_getAsUnsigned", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        clang_EvalResult_getAsDouble = Downcalls.bind(lookup, "clang_EvalResult_getAsDouble", FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE, ValueLayout.ADDRESS));
        clang_EvalResult_getAsStr = Downcalls.bind(lookup, "clang_EvalResult_getAsStr", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        clang_EvalResult_dispose = Downcalls.bind(lookup, "clang_EvalResult_dispose", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    }

    public int clang_visitChildren(MemorySegment parent, MemorySegment visitor, MemorySegment client_data) {
        try {
            return (int) clang_visitChildren.invokeExact(parent, visitor, client_data);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_getCursorKind(MemorySegment cursor) {
        try {
            return (int) clang_getCursorKind.invokeExact(cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getCursorSpelling(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorSpelling.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getCursorType(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorType.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getCursorReferenced(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorReferenced.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getCursorLocation(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorLocation.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getCursorExtent(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorExtent.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public void clang_getExpansionLocation(MemorySegment location, MemorySegment file, MemorySegment line, MemorySegment column, MemorySegment offset) {
        try {
            clang_getExpansionLocation.invokeExact(location, file, line, column, offset);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getFileName(SegmentAllocator allocator, MemorySegment file) {
        try {
            return (MemorySegment) clang_getFileName.invokeExact(allocator, file);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getTypedefDeclUnderlyingType(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getTypedefDeclUnderlyingType.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public long clang_getEnumConstantDeclValue(MemorySegment cursor) {
        try {
            return (long) clang_getEnumConstantDeclValue.invokeExact(cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_Cursor_getNumArguments(MemorySegment cursor) {
        try {
            return (int) clang_Cursor_getNumArguments.invokeExact(cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_Cursor_getArgument(SegmentAllocator allocator, MemorySegment cursor, int index) {
        try {
            return (MemorySegment) clang_Cursor_getArgument.invokeExact(allocator, cursor, index);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public long clang_Cursor_getOffsetOfField(MemorySegment cursor) {
        try {
            return (long) clang_Cursor_getOffsetOfField.invokeExact(cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_Cursor_isMacroFunctionLike(MemorySegment cursor) {
        try {
            return (int) clang_Cursor_isMacroFunctionLike.invokeExact(cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_Cursor_getStorageClass(MemorySegment cursor) {
        try {
            return (int) clang_Cursor_getStorageClass.invokeExact(cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_Cursor_Evaluate(MemorySegment cursor) {
        try {
            return (MemorySegment) clang_Cursor_Evaluate.invokeExact(cursor);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_EvalResult_getKind(MemorySegment result) {
        try {
            return (int) clang_EvalResult_getKind.invokeExact(result);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public long clang_EvalResult_getAsLongLong(MemorySegment result) {
        try {
            return (long) clang_EvalResult_getAsLongLong.invokeExact(result);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_EvalResult_isUnsignedInt(MemorySegment result) {
        try {
            return (int) clang_EvalResult_isUnsignedInt.invokeExact(result);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public long clang_EvalResult_getAsUnsigned(MemorySegment result) {
        try {
            return (long) clang_EvalResult_getAsUnsigned.invokeExact(result);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public double clang_EvalResult_getAsDouble(MemorySegment result) {
        try {
            return (double) clang_EvalResult_getAsDouble.invokeExact(result);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_EvalResult_getAsStr(MemorySegment result) {
        try {
            return (MemorySegment) clang_EvalResult_getAsStr.invokeExact(result);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public void clang_EvalResult_dispose(MemorySegment result) {
        try {
            clang_EvalResult_dispose.invokeExact(result);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }
}
