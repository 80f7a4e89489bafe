package org.wi4mpi.gen.clang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The typed libclang layer on an in-memory file: walking, types, evaluation, and visitor failures. */
class CursorVisitTest {

    private static final String FILE = "/virtual/sample.c";
    private static final String SOURCE = """
            typedef struct point { int x; long y; } point_t;
            enum colour { RED, GREEN = 7 };
            #define TWICE(a) ((a) * 2)
            #define ANSWER TWICE(21)
            static const long long answer = ANSWER;
            int area(const point_t corners[], int n, ...);
            """;

    private static TranslationUnit parse(Index index) {
        return index.parse(FILE, List.of("-x", "c", "-std=c11"), Map.of(FILE, SOURCE));
    }

    @Test
    void walksDeclarationsTypesAndMacros() {
        try (Index index = new Index(LibClang.locate(null)); TranslationUnit unit = parse(index)) {
            assertEquals(List.of(), unit.diagnostics());
            List<Cursor> mine = unit.cursor().children().stream()
                    .filter(c -> FILE.equals(c.position().file()) && c.kind() != CursorKind.MACRO_EXPANSION)
                    .toList();
            // the preprocessing record (macro definitions) comes before the declarations
            assertEquals(List.of("TWICE", "ANSWER", "point", "point_t", "colour", "answer", "area"),
                    mine.stream().map(Cursor::spelling).toList());

            Cursor typedef = mine.get(3);
            assertEquals(CursorKind.TYPEDEF_DECL, typedef.kind());
            Type point = typedef.typedefUnderlyingType().canonical();
            assertEquals(TypeKind.RECORD, point.kind());
            assertEquals(16, point.sizeOf());
            List<Cursor> fields = point.declaration().children();
            assertEquals(64, fields.get(1).fieldOffsetInBits());

            assertTrue(mine.get(0).isFunctionLikeMacro());
            assertEquals(CursorKind.MACRO_DEFINITION, mine.get(1).kind());
            assertEquals(false, mine.get(1).isFunctionLikeMacro());
            assertEquals(List.of("ANSWER", "TWICE", "(", "21", ")"),
                    mine.get(1).tokens().stream().map(Token::spelling).toList());

            assertEquals(new Evaluation.IntValue(42), mine.get(5).evaluate());
            assertEquals(List.of(0L, 7L), mine.get(4).children().stream().map(Cursor::enumConstantValue).toList());

            Cursor area = mine.get(6);
            assertTrue(area.type().isVariadic());
            assertEquals("const point_t[]", area.arguments().get(0).type().spelling());
            assertEquals("int", area.type().resultType().spelling());
        }
    }

    @Test
    void anExceptionInAVisitorIsRethrownAfterTheWalk() {
        try (Index index = new Index(LibClang.locate(null)); TranslationUnit unit = parse(index)) {
            IllegalStateException thrown = new IllegalStateException("stop here");
            int[] visited = {0};
            IllegalStateException caught = assertThrows(IllegalStateException.class, () ->
                    unit.cursor().visit((cursor, parent) -> {
                        visited[0]++;
                        throw thrown;
                    }));
            assertSame(thrown, caught);
            assertEquals(1, visited[0], "the walk stops at the first failure");
            // the unit is still usable afterwards
            assertTrue(unit.cursor().children().size() > 5);
        }
    }

    @Test
    void aMissingLibraryIsOneSentence() {
        ClangException e = assertThrows(ClangException.class, () -> LibClang.load(Path.of("/nonexistent/libclang.so")));
        assertEquals("libclang not found at /nonexistent/libclang.so.", e.getMessage());
    }
}
