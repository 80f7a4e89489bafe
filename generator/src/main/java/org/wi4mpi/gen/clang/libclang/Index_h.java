package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Raw downcalls into libclang (clang-c/Index.h), one method per C function, in the shape jextract
 * generates: structs passed and returned by value as {@link MemorySegment}s, a leading
 * {@link SegmentAllocator} for functions returning a struct. Only the entry points the ABI probe uses
 * are bound. An instance is tied to one loaded library so that its path can be chosen at run time.
 */
public final class Index_h {

    public static final int CXTranslationUnit_DetailedPreprocessingRecord = 0x01;
    public static final int CXTranslationUnit_SkipFunctionBodies = 0x40;
    public static final int CXTranslationUnit_KeepGoing = 0x200;

    public static final int CXError_Success = 0;

    public static final int CXDiagnostic_Error = 3;
    public static final int CXDiagnostic_Fatal = 4;
    public static final int CXDiagnostic_DisplaySourceLocation = 0x01;
    public static final int CXDiagnostic_DisplayColumn = 0x02;

    public static final int CXEval_UnExposed = 0;
    public static final int CXEval_Int = 1;
    public static final int CXEval_Float = 2;
    public static final int CXEval_StrLiteral = 4;

    public static final int CX_SC_Extern = 2;

    public static final int CXToken_Punctuation = 0;
    public static final int CXToken_Keyword = 1;
    public static final int CXToken_Identifier = 2;
    public static final int CXToken_Literal = 3;
    public static final int CXToken_Comment = 4;

    private final MethodHandle clang_getClangVersion;
    private final MethodHandle clang_createIndex;
    private final MethodHandle clang_disposeIndex;
    private final MethodHandle clang_parseTranslationUnit2;
    private final MethodHandle clang_disposeTranslationUnit;
    private final MethodHandle clang_getTranslationUnitCursor;
    private final MethodHandle clang_getNumDiagnostics;
    private final MethodHandle clang_getDiagnostic;
    private final MethodHandle clang_getDiagnosticSeverity;
    private final MethodHandle clang_formatDiagnostic;
    private final MethodHandle clang_disposeDiagnostic;
    private final MethodHandle clang_getCString;
    private final MethodHandle clang_disposeString;
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
    private final MethodHandle clang_getTypeSpelling;
    private final MethodHandle clang_getCanonicalType;
    private final MethodHandle clang_getPointeeType;
    private final MethodHandle clang_getResultType;
    private final MethodHandle clang_getArrayElementType;
    private final MethodHandle clang_isFunctionTypeVariadic;
    private final MethodHandle clang_isConstQualifiedType;
    private final MethodHandle clang_Type_getSizeOf;
    private final MethodHandle clang_getTypeDeclaration;
    private final MethodHandle clang_tokenize;
    private final MethodHandle clang_getTokenKind;
    private final MethodHandle clang_getTokenSpelling;
    private final MethodHandle clang_disposeTokens;

    /** Binds every entry point from {@code lookup}, which must find libclang's symbols. */
    public Index_h(SymbolLookup lookup) {
        clang_getClangVersion = bind(lookup, "clang_getClangVersion", FunctionDescriptor.of(CXString.LAYOUT));
        clang_createIndex = bind(lookup, "clang_createIndex", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        clang_disposeIndex = bind(lookup, "clang_disposeIndex", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
        clang_parseTranslationUnit2 = bind(lookup, "clang_parseTranslationUnit2", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_disposeTranslationUnit = bind(lookup, "clang_disposeTranslationUnit", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
        clang_getTranslationUnitCursor = bind(lookup, "clang_getTranslationUnitCursor", FunctionDescriptor.of(CXCursor.LAYOUT, ValueLayout.ADDRESS));
        clang_getNumDiagnostics = bind(lookup, "clang_getNumDiagnostics", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_getDiagnostic = bind(lookup, "clang_getDiagnostic", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        clang_getDiagnosticSeverity = bind(lookup, "clang_getDiagnosticSeverity", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_formatDiagnostic = bind(lookup, "clang_formatDiagnostic", FunctionDescriptor.of(CXString.LAYOUT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        clang_disposeDiagnostic = bind(lookup, "clang_disposeDiagnostic", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
        clang_getCString = bind(lookup, "clang_getCString", FunctionDescriptor.of(ValueLayout.ADDRESS, CXString.LAYOUT));
        clang_disposeString = bind(lookup, "clang_disposeString", FunctionDescriptor.ofVoid(CXString.LAYOUT));
        clang_visitChildren = bind(lookup, "clang_visitChildren", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        clang_getCursorKind = bind(lookup, "clang_getCursorKind", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT));
        clang_getCursorSpelling = bind(lookup, "clang_getCursorSpelling", FunctionDescriptor.of(CXString.LAYOUT, CXCursor.LAYOUT));
        clang_getCursorType = bind(lookup, "clang_getCursorType", FunctionDescriptor.of(CXType.LAYOUT, CXCursor.LAYOUT));
        clang_getCursorReferenced = bind(lookup, "clang_getCursorReferenced", FunctionDescriptor.of(CXCursor.LAYOUT, CXCursor.LAYOUT));
        clang_getCursorLocation = bind(lookup, "clang_getCursorLocation", FunctionDescriptor.of(CXSourceLocation.LAYOUT, CXCursor.LAYOUT));
        clang_getCursorExtent = bind(lookup, "clang_getCursorExtent", FunctionDescriptor.of(CXSourceRange.LAYOUT, CXCursor.LAYOUT));
        clang_getExpansionLocation = bind(lookup, "clang_getExpansionLocation", FunctionDescriptor.ofVoid(CXSourceLocation.LAYOUT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        clang_getFileName = bind(lookup, "clang_getFileName", FunctionDescriptor.of(CXString.LAYOUT, ValueLayout.ADDRESS));
        clang_getTypedefDeclUnderlyingType = bind(lookup, "clang_getTypedefDeclUnderlyingType", FunctionDescriptor.of(CXType.LAYOUT, CXCursor.LAYOUT));
        clang_getEnumConstantDeclValue = bind(lookup, "clang_getEnumConstantDeclValue", FunctionDescriptor.of(ValueLayout.JAVA_LONG, CXCursor.LAYOUT));
        clang_Cursor_getNumArguments = bind(lookup, "clang_Cursor_getNumArguments", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT));
        clang_Cursor_getArgument = bind(lookup, "clang_Cursor_getArgument", FunctionDescriptor.of(CXCursor.LAYOUT, CXCursor.LAYOUT, ValueLayout.JAVA_INT));
        clang_Cursor_getOffsetOfField = bind(lookup, "clang_Cursor_getOffsetOfField", FunctionDescriptor.of(ValueLayout.JAVA_LONG, CXCursor.LAYOUT));
        clang_Cursor_isMacroFunctionLike = bind(lookup, "clang_Cursor_isMacroFunctionLike", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT));
        clang_Cursor_getStorageClass = bind(lookup, "clang_Cursor_getStorageClass", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXCursor.LAYOUT));
        clang_Cursor_Evaluate = bind(lookup, "clang_Cursor_Evaluate", FunctionDescriptor.of(ValueLayout.ADDRESS, CXCursor.LAYOUT));
        clang_EvalResult_getKind = bind(lookup, "clang_EvalResult_getKind", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_EvalResult_getAsLongLong = bind(lookup, "clang_EvalResult_getAsLongLong", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        clang_EvalResult_isUnsignedInt = bind(lookup, "clang_EvalResult_isUnsignedInt", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_EvalResult_getAsUnsigned = bind(lookup, "clang_EvalResult_getAsUnsigned", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
        clang_EvalResult_getAsDouble = bind(lookup, "clang_EvalResult_getAsDouble", FunctionDescriptor.of(ValueLayout.JAVA_DOUBLE, ValueLayout.ADDRESS));
        clang_EvalResult_getAsStr = bind(lookup, "clang_EvalResult_getAsStr", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        clang_EvalResult_dispose = bind(lookup, "clang_EvalResult_dispose", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
        clang_getTypeSpelling = bind(lookup, "clang_getTypeSpelling", FunctionDescriptor.of(CXString.LAYOUT, CXType.LAYOUT));
        clang_getCanonicalType = bind(lookup, "clang_getCanonicalType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
        clang_getPointeeType = bind(lookup, "clang_getPointeeType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
        clang_getResultType = bind(lookup, "clang_getResultType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
        clang_getArrayElementType = bind(lookup, "clang_getArrayElementType", FunctionDescriptor.of(CXType.LAYOUT, CXType.LAYOUT));
        clang_isFunctionTypeVariadic = bind(lookup, "clang_isFunctionTypeVariadic", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXType.LAYOUT));
        clang_isConstQualifiedType = bind(lookup, "clang_isConstQualifiedType", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXType.LAYOUT));
        clang_Type_getSizeOf = bind(lookup, "clang_Type_getSizeOf", FunctionDescriptor.of(ValueLayout.JAVA_LONG, CXType.LAYOUT));
        clang_getTypeDeclaration = bind(lookup, "clang_getTypeDeclaration", FunctionDescriptor.of(CXCursor.LAYOUT, CXType.LAYOUT));
        clang_tokenize = bind(lookup, "clang_tokenize", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, CXSourceRange.LAYOUT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        clang_getTokenKind = bind(lookup, "clang_getTokenKind", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXToken.LAYOUT));
        clang_getTokenSpelling = bind(lookup, "clang_getTokenSpelling", FunctionDescriptor.of(CXString.LAYOUT, ValueLayout.ADDRESS, CXToken.LAYOUT));
        clang_disposeTokens = bind(lookup, "clang_disposeTokens", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    }

    private static MethodHandle bind(SymbolLookup lookup, String name, FunctionDescriptor descriptor) {
        MemorySegment address = lookup.find(name).orElseThrow(
                () -> new UnsatisfiedLinkError("libclang has no symbol " + name));
        return Linker.nativeLinker().downcallHandle(address, descriptor);
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(t);
    }

    public MemorySegment clang_getClangVersion(SegmentAllocator allocator) {
        try {
            return (MemorySegment) clang_getClangVersion.invokeExact(allocator);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_createIndex(int excludeDeclarationsFromPCH, int displayDiagnostics) {
        try {
            return (MemorySegment) clang_createIndex.invokeExact(excludeDeclarationsFromPCH, displayDiagnostics);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void clang_disposeIndex(MemorySegment index) {
        try {
            clang_disposeIndex.invokeExact(index);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_parseTranslationUnit2(MemorySegment index, MemorySegment source_filename, MemorySegment command_line_args, int num_command_line_args, MemorySegment unsaved_files, int num_unsaved_files, int options, MemorySegment out_TU) {
        try {
            return (int) clang_parseTranslationUnit2.invokeExact(index, source_filename, command_line_args, num_command_line_args, unsaved_files, num_unsaved_files, options, out_TU);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void clang_disposeTranslationUnit(MemorySegment unit) {
        try {
            clang_disposeTranslationUnit.invokeExact(unit);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getTranslationUnitCursor(SegmentAllocator allocator, MemorySegment unit) {
        try {
            return (MemorySegment) clang_getTranslationUnitCursor.invokeExact(allocator, unit);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_getNumDiagnostics(MemorySegment unit) {
        try {
            return (int) clang_getNumDiagnostics.invokeExact(unit);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getDiagnostic(MemorySegment unit, int index) {
        try {
            return (MemorySegment) clang_getDiagnostic.invokeExact(unit, index);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_getDiagnosticSeverity(MemorySegment diagnostic) {
        try {
            return (int) clang_getDiagnosticSeverity.invokeExact(diagnostic);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_formatDiagnostic(SegmentAllocator allocator, MemorySegment diagnostic, int options) {
        try {
            return (MemorySegment) clang_formatDiagnostic.invokeExact(allocator, diagnostic, options);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void clang_disposeDiagnostic(MemorySegment diagnostic) {
        try {
            clang_disposeDiagnostic.invokeExact(diagnostic);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getCString(MemorySegment string) {
        try {
            return (MemorySegment) clang_getCString.invokeExact(string);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void clang_disposeString(MemorySegment string) {
        try {
            clang_disposeString.invokeExact(string);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_visitChildren(MemorySegment parent, MemorySegment visitor, MemorySegment client_data) {
        try {
            return (int) clang_visitChildren.invokeExact(parent, visitor, client_data);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_getCursorKind(MemorySegment cursor) {
        try {
            return (int) clang_getCursorKind.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getCursorSpelling(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorSpelling.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getCursorType(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorType.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getCursorReferenced(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorReferenced.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getCursorLocation(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorLocation.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getCursorExtent(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getCursorExtent.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void clang_getExpansionLocation(MemorySegment location, MemorySegment file, MemorySegment line, MemorySegment column, MemorySegment offset) {
        try {
            clang_getExpansionLocation.invokeExact(location, file, line, column, offset);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getFileName(SegmentAllocator allocator, MemorySegment file) {
        try {
            return (MemorySegment) clang_getFileName.invokeExact(allocator, file);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getTypedefDeclUnderlyingType(SegmentAllocator allocator, MemorySegment cursor) {
        try {
            return (MemorySegment) clang_getTypedefDeclUnderlyingType.invokeExact(allocator, cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public long clang_getEnumConstantDeclValue(MemorySegment cursor) {
        try {
            return (long) clang_getEnumConstantDeclValue.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_Cursor_getNumArguments(MemorySegment cursor) {
        try {
            return (int) clang_Cursor_getNumArguments.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_Cursor_getArgument(SegmentAllocator allocator, MemorySegment cursor, int index) {
        try {
            return (MemorySegment) clang_Cursor_getArgument.invokeExact(allocator, cursor, index);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public long clang_Cursor_getOffsetOfField(MemorySegment cursor) {
        try {
            return (long) clang_Cursor_getOffsetOfField.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_Cursor_isMacroFunctionLike(MemorySegment cursor) {
        try {
            return (int) clang_Cursor_isMacroFunctionLike.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_Cursor_getStorageClass(MemorySegment cursor) {
        try {
            return (int) clang_Cursor_getStorageClass.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_Cursor_Evaluate(MemorySegment cursor) {
        try {
            return (MemorySegment) clang_Cursor_Evaluate.invokeExact(cursor);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_EvalResult_getKind(MemorySegment result) {
        try {
            return (int) clang_EvalResult_getKind.invokeExact(result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public long clang_EvalResult_getAsLongLong(MemorySegment result) {
        try {
            return (long) clang_EvalResult_getAsLongLong.invokeExact(result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_EvalResult_isUnsignedInt(MemorySegment result) {
        try {
            return (int) clang_EvalResult_isUnsignedInt.invokeExact(result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public long clang_EvalResult_getAsUnsigned(MemorySegment result) {
        try {
            return (long) clang_EvalResult_getAsUnsigned.invokeExact(result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public double clang_EvalResult_getAsDouble(MemorySegment result) {
        try {
            return (double) clang_EvalResult_getAsDouble.invokeExact(result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_EvalResult_getAsStr(MemorySegment result) {
        try {
            return (MemorySegment) clang_EvalResult_getAsStr.invokeExact(result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void clang_EvalResult_dispose(MemorySegment result) {
        try {
            clang_EvalResult_dispose.invokeExact(result);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getTypeSpelling(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getTypeSpelling.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getCanonicalType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getCanonicalType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getPointeeType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getPointeeType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getResultType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getResultType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getArrayElementType(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getArrayElementType.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_isFunctionTypeVariadic(MemorySegment type) {
        try {
            return (int) clang_isFunctionTypeVariadic.invokeExact(type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_isConstQualifiedType(MemorySegment type) {
        try {
            return (int) clang_isConstQualifiedType.invokeExact(type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public long clang_Type_getSizeOf(MemorySegment type) {
        try {
            return (long) clang_Type_getSizeOf.invokeExact(type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getTypeDeclaration(SegmentAllocator allocator, MemorySegment type) {
        try {
            return (MemorySegment) clang_getTypeDeclaration.invokeExact(allocator, type);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void clang_tokenize(MemorySegment unit, MemorySegment range, MemorySegment tokens, MemorySegment num_tokens) {
        try {
            clang_tokenize.invokeExact(unit, range, tokens, num_tokens);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int clang_getTokenKind(MemorySegment token) {
        try {
            return (int) clang_getTokenKind.invokeExact(token);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public MemorySegment clang_getTokenSpelling(SegmentAllocator allocator, MemorySegment unit, MemorySegment token) {
        try {
            return (MemorySegment) clang_getTokenSpelling.invokeExact(allocator, unit, token);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void clang_disposeTokens(MemorySegment unit, MemorySegment tokens, int num_tokens) {
        try {
            clang_disposeTokens.invokeExact(unit, tokens, num_tokens);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
