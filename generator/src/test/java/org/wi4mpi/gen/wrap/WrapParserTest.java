package org.wi4mpi.gen.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wi4mpi.gen.wrap.WrapFixtures.bare;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Lexing and parsing: braces, words, quotes, comments, nesting, {{N}}, and the faults, each at its line. */
class WrapParserTest {

    private static List<Chunk> parse(String text, boolean cComments) {
        return new WrapParser("t.w", cComments).parse(text);
    }

    @Test
    void macroWordsAndQuotedStrings() {
        List<Chunk> chunks = parse("x {{sub 'a b' \"c d\" e}} y", true);
        assertEquals(3, chunks.size());
        Chunk.Macro m = (Chunk.Macro) chunks.get(1);
        assertEquals("sub", m.name());
        assertEquals(List.of(new Chunk.Word("a b"), new Chunk.Word("c d"), new Chunk.Word("e")), m.args());
        assertEquals(new Chunk.Text(" y", 1), chunks.get(2));
    }

    @Test
    void nestedMacrosAreArguments() {
        Chunk.Macro m = (Chunk.Macro) parse("{{list a {{args 1}} b}}", true).getFirst();
        assertEquals(3, m.args().size());
        Chunk.Macro nested = (Chunk.Macro) m.args().get(1);
        assertEquals("args", nested.name());
        assertEquals(List.of(new Chunk.Word("1")), nested.args());
    }

    @Test
    void numberIsShorthandForArgsAtTextLevelOnly() {
        Chunk.Macro m = (Chunk.Macro) parse("{{2}}", true).getFirst();
        assertEquals(new Chunk.Macro("args", List.of(new Chunk.Word("2")), List.of(), 1), m);
        Chunk.Macro outer = (Chunk.Macro) parse("{{list {{2}}}}", true).getFirst();
        assertEquals("2", ((Chunk.Macro) outer.args().getFirst()).name());
    }

    @Test
    void bodyMacroTakesChunksUpToItsEnd() {
        List<Chunk> chunks = parse("{{fn f MPI_Send}}\n a {{f}}\n{{endfn}} tail", true);
        assertEquals(2, chunks.size());
        Chunk.Macro fn = (Chunk.Macro) chunks.getFirst();
        assertEquals(3, fn.children().size());
        assertEquals(2, fn.children().get(1).line());
    }

    @Test
    void commentsAreTextInCModeOnly() {
        assertEquals(1, parse("/* {{x}} */", true).size());
        assertEquals(3, parse("/* {{x}} */", false).size());
        String c = WrapFixtures.generate("openmpi", WrapFixtures.options(false, false, false, false),
                "// {{nope}}\n/* {{nope}}\n */ {{fileno}}");
        assertTrue(c.endsWith("\n// {{nope}}\n/* {{nope}}\n */ 0"), c);
        assertEquals("/* 0 */", bare("/* {{fileno}} */"));
    }

    @Test
    void linesAreCounted() {
        WrapException e = assertThrows(WrapException.class, () -> parse("a\nb\n/* c\n */\n {{x\n y}} }}", true));
        assertEquals("t.w:6: '}}' closes no macro.", e.getMessage());
    }

    @Test
    void faultsNameFileLineAndMacro() {
        assertEquals("t.w:2: {{fn}} has no {{endfn}}.", fault("\n{{fn f MPI_Send}} x"));
        assertEquals("t.w:1: {{endforallfn}} ends no {{forallfn}} (the open body is {{fn}} of line 1).",
                fault("{{fn f MPI_Send}}{{endforallfn}}"));
        assertEquals("t.w:3: the macro {{sub}} opened here has no closing '}}'.", fault("\n\n{{sub a"));
        assertEquals("t.w:1: '{{}}' names no macro.", fault("{{ }}"));
        assertEquals("t.w:1: {{foreachfn}} has a body and cannot be another macro's argument.",
                fault("{{list {{foreachfn f}}}}"));
        assertEquals("t.w:2: the comment opened here has no closing */.", fault("\n/* open"));
    }

    private static String fault(String text) {
        return assertThrows(WrapException.class, () -> parse(text, true)).getMessage();
    }
}
