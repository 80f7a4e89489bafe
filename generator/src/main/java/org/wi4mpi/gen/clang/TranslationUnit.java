package org.wi4mpi.gen.clang;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.wi4mpi.gen.clang.libclang.CXToken;
import org.wi4mpi.gen.clang.libclang.Index_h;

/**
 * One parsed file. Cursors and types taken from it live in its arena and are valid until it is
 * closed; like the arena, it must be used from the thread that created it.
 */
public final class TranslationUnit implements AutoCloseable {

    private final Index_h api;
    private final Arena arena;
    private final MemorySegment unit;

    TranslationUnit(Index_h api, Arena arena, MemorySegment unit) {
        this.api = api;
        this.arena = arena;
        this.unit = unit;
    }

    Index_h api() {
        return api;
    }

    Arena arena() {
        return arena;
    }

    public Cursor cursor() {
        return new Cursor(this, api.clang_getTranslationUnitCursor(arena, unit));
    }

    public List<Diagnostic> diagnostics() {
        List<Diagnostic> diagnostics = new ArrayList<>();
        int count = api.clang_getNumDiagnostics(unit);
        int format = Index_h.CXDiagnostic_DisplaySourceLocation | Index_h.CXDiagnostic_DisplayColumn;
        for (int i = 0; i < count; i++) {
            MemorySegment diagnostic = api.clang_getDiagnostic(unit, i);
            try {
                String text = Strings.take(api, api.clang_formatDiagnostic(arena, diagnostic, format));
                diagnostics.add(new Diagnostic(api.clang_getDiagnosticSeverity(diagnostic), text));
            } finally {
                api.clang_disposeDiagnostic(diagnostic);
            }
        }
        return diagnostics;
    }

    /** The tokens that spell {@code cursor} in the source (for a macro definition: its name, then its body). */
    public List<Token> tokens(Cursor cursor) {
        MemorySegment range = api.cursors().clang_getCursorExtent(arena, cursor.segment());
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment tokensOut = scratch.allocate(ValueLayout.ADDRESS);
            MemorySegment countOut = scratch.allocate(ValueLayout.JAVA_INT);
            api.clang_tokenize(unit, range, tokensOut, countOut);
            int count = countOut.get(ValueLayout.JAVA_INT, 0);
            MemorySegment tokens = tokensOut.get(ValueLayout.ADDRESS, 0);
            if (count == 0 || tokens.equals(MemorySegment.NULL)) {
                return List.of();
            }
            MemorySegment array = tokens.reinterpret(CXToken.LAYOUT.byteSize() * count);
            List<Token> result = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                MemorySegment token = array.asSlice(i * CXToken.LAYOUT.byteSize(), CXToken.LAYOUT);
                result.add(new Token(api.clang_getTokenKind(token),
                        Strings.take(api, api.clang_getTokenSpelling(scratch, unit, token))));
            }
            api.clang_disposeTokens(unit, tokens, count);
            return result;
        }
    }

    @Override
    public void close() {
        api.clang_disposeTranslationUnit(unit);
        arena.close();
    }
}
