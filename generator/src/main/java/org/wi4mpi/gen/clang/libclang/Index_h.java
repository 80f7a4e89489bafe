package org.wi4mpi.gen.clang.libclang;

import java.lang.foreign.FunctionDescriptor;
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
 * This class binds the index, translation units, diagnostics, strings and tokens; the functions on
 * cursors and on types are in {@link CursorFunctions} and {@link TypeFunctions}, bound with it.
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
    private final MethodHandle clang_tokenize;
    private final MethodHandle clang_getTokenKind;
    private final MethodHandle clang_getTokenSpelling;
    private final MethodHandle clang_disposeTokens;

    private final CursorFunctions cursors;
    private final TypeFunctions types;

    /** Binds every entry point from {@code lookup}, which must find libclang's symbols. */
    public Index_h(SymbolLookup lookup) {
        cursors = new CursorFunctions(lookup);
        types = new TypeFunctions(lookup);
        clang_getClangVersion = Downcalls.bind(lookup, "clang_getClangVersion", FunctionDescriptor.of(CXString.LAYOUT));
        clang_createIndex = Downcalls.bind(lookup, "clang_createIndex", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
        clang_disposeIndex = Downcalls.bind(lookup, "clang_disposeIndex", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
        clang_parseTranslationUnit2 = Downcalls.bind(lookup, "clang_parseTranslationUnit2", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_disposeTranslationUnit = Downcalls.bind(lookup, "clang_disposeTranslationUnit", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
        clang_getTranslationUnitCursor = Downcalls.bind(lookup, "clang_getTranslationUnitCursor", FunctionDescriptor.of(CXCursor.LAYOUT, ValueLayout.ADDRESS));
        clang_getNumDiagnostics = Downcalls.bind(lookup, "clang_getNumDiagnostics", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_getDiagnostic = Downcalls.bind(lookup, "clang_getDiagnostic", FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        clang_getDiagnosticSeverity = Downcalls.bind(lookup, "clang_getDiagnosticSeverity", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
        clang_formatDiagnostic = Downcalls.bind(lookup, "clang_formatDiagnostic", FunctionDescriptor.of(CXString.LAYOUT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        clang_disposeDiagnostic = Downcalls.bind(lookup, "clang_disposeDiagnostic", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
        clang_getCString = Downcalls.bind(lookup, "clang_getCString", FunctionDescriptor.of(ValueLayout.ADDRESS, CXString.LAYOUT));
        clang_disposeString = Downcalls.bind(lookup, "clang_disposeString", FunctionDescriptor.ofVoid(CXString.LAYOUT));
        clang_tokenize = Downcalls.bind(lookup, "clang_tokenize", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, CXSourceRange.LAYOUT, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        clang_getTokenKind = Downcalls.bind(lookup, "clang_getTokenKind", FunctionDescriptor.of(ValueLayout.JAVA_INT, CXToken.LAYOUT));
        clang_getTokenSpelling = Downcalls.bind(lookup, "clang_getTokenSpelling", FunctionDescriptor.of(CXString.LAYOUT, ValueLayout.ADDRESS, CXToken.LAYOUT));
        clang_disposeTokens = Downcalls.bind(lookup, "clang_disposeTokens", FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
    }

    /** The functions on cursors, bound from the same library. */
    public CursorFunctions cursors() {
        return cursors;
    }

    /** The functions on types, bound from the same library. */
    public TypeFunctions types() {
        return types;
    }

    public MemorySegment clang_getClangVersion(SegmentAllocator allocator) {
        try {
            return (MemorySegment) clang_getClangVersion.invokeExact(allocator);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_createIndex(int excludeDeclarationsFromPCH, int displayDiagnostics) {
        try {
            return (MemorySegment) clang_createIndex.invokeExact(excludeDeclarationsFromPCH, displayDiagnostics);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public void clang_disposeIndex(MemorySegment index) {
        try {
            clang_disposeIndex.invokeExact(index);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_parseTranslationUnit2(MemorySegment index, MemorySegment source_filename, MemorySegment command_line_args, int num_command_line_args, MemorySegment unsaved_files, int num_unsaved_files, int options, MemorySegment out_TU) {
        try {
            return (int) clang_parseTranslationUnit2.invokeExact(index, source_filename, command_line_args, num_command_line_args, unsaved_files, num_unsaved_files, options, out_TU);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public void clang_disposeTranslationUnit(MemorySegment unit) {
        try {
            clang_disposeTranslationUnit.invokeExact(unit);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getTranslationUnitCursor(SegmentAllocator allocator, MemorySegment unit) {
        try {
            return (MemorySegment) clang_getTranslationUnitCursor.invokeExact(allocator, unit);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_getNumDiagnostics(MemorySegment unit) {
        try {
            return (int) clang_getNumDiagnostics.invokeExact(unit);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getDiagnostic(MemorySegment unit, int index) {
        try {
            return (MemorySegment) clang_getDiagnostic.invokeExact(unit, index);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_getDiagnosticSeverity(MemorySegment diagnostic) {
        try {
            return (int) clang_getDiagnosticSeverity.invokeExact(diagnostic);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_formatDiagnostic(SegmentAllocator allocator, MemorySegment diagnostic, int options) {
        try {
            return (MemorySegment) clang_formatDiagnostic.invokeExact(allocator, diagnostic, options);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public void clang_disposeDiagnostic(MemorySegment diagnostic) {
        try {
            clang_disposeDiagnostic.invokeExact(diagnostic);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getCString(MemorySegment string) {
        try {
            return (MemorySegment) clang_getCString.invokeExact(string);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public void clang_disposeString(MemorySegment string) {
        try {
            clang_disposeString.invokeExact(string);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public void clang_tokenize(MemorySegment unit, MemorySegment range, MemorySegment tokens, MemorySegment num_tokens) {
        try {
            clang_tokenize.invokeExact(unit, range, tokens, num_tokens);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public int clang_getTokenKind(MemorySegment token) {
        try {
            return (int) clang_getTokenKind.invokeExact(token);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public MemorySegment clang_getTokenSpelling(SegmentAllocator allocator, MemorySegment unit, MemorySegment token) {
        try {
            return (MemorySegment) clang_getTokenSpelling.invokeExact(allocator, unit, token);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }

    public void clang_disposeTokens(MemorySegment unit, MemorySegment tokens, int num_tokens) {
        try {
            clang_disposeTokens.invokeExact(unit, tokens, num_tokens);
        } catch (Throwable t) {
            throw Downcalls.rethrow(t);
        }
    }
}
