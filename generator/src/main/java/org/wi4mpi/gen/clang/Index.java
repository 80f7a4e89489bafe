package org.wi4mpi.gen.clang;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.wi4mpi.gen.clang.libclang.CXUnsavedFile;
import org.wi4mpi.gen.clang.libclang.Index_h;

/** A libclang index: the context in which C files are parsed. */
public final class Index implements AutoCloseable {

    private static final int PARSE_OPTIONS = Index_h.CXTranslationUnit_DetailedPreprocessingRecord
            | Index_h.CXTranslationUnit_SkipFunctionBodies;

    private final Index_h api;
    private final MemorySegment index;

    public Index(LibClang library) {
        this.api = library.api();
        this.index = api.clang_createIndex(0, 0);
    }

    /**
     * Parses {@code mainFile} with the given compiler arguments, keeping macro definitions in the AST.
     * {@code unsavedFiles} maps file names to contents that replace (or stand in for) files on disk.
     */
    public TranslationUnit parse(String mainFile, List<String> arguments, Map<String, String> unsavedFiles) {
        Arena arena = Arena.ofConfined();
        try {
            MemorySegment argv = arena.allocate(ValueLayout.ADDRESS, Math.max(1, arguments.size()));
            for (int i = 0; i < arguments.size(); i++) {
                argv.setAtIndex(ValueLayout.ADDRESS, i, arena.allocateFrom(arguments.get(i)));
            }
            MemorySegment unsaved = arena.allocate(CXUnsavedFile.LAYOUT, Math.max(1, unsavedFiles.size()));
            int slot = 0;
            for (Map.Entry<String, String> file : unsavedFiles.entrySet()) {
                byte[] contents = file.getValue().getBytes(StandardCharsets.UTF_8);
                MemorySegment buffer = arena.allocate(contents.length + 1L);
                MemorySegment.copy(contents, 0, buffer, ValueLayout.JAVA_BYTE, 0, contents.length);
                CXUnsavedFile.set(unsaved.asSlice(slot * CXUnsavedFile.LAYOUT.byteSize(), CXUnsavedFile.LAYOUT),
                        arena.allocateFrom(file.getKey()), buffer, contents.length);
                slot++;
            }
            MemorySegment out = arena.allocate(ValueLayout.ADDRESS);
            int error = api.clang_parseTranslationUnit2(index, arena.allocateFrom(mainFile), argv,
                    arguments.size(), unsaved, unsavedFiles.size(), PARSE_OPTIONS, out);
            if (error != Index_h.CXError_Success) {
                throw new ClangException("libclang could not parse " + mainFile + " (CXErrorCode " + error + ").");
            }
            return new TranslationUnit(api, arena, out.get(ValueLayout.ADDRESS, 0));
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    @Override
    public void close() {
        api.clang_disposeIndex(index);
    }
}
