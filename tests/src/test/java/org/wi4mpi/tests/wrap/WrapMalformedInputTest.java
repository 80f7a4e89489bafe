package org.wi4mpi.tests.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;

/**
 * A malformed .w file makes {@code wi4mpi-gen wrap} fail with one sentence naming the file, the line and the
 * macro at fault, and write no output file (wrap.py says "line 0" and may leave a partial file).
 */
class WrapMalformedInputTest {

    /** A malformed input: its text, the line and the macro the message must name. */
    private record Malformed(String name, String text, int line, String macro) {
    }

    private static final List<Malformed> CASES = List.of(
            new Malformed("unknown macro", "int x;\n\n  {{no_such_macro}}\n", 3, "no_such_macro"),
            new Malformed("body macro never closed", "/* a tool */\n{{fn f MPI_Send}}\n  {{callfn}}\n", 2, "fn"),
            new Malformed("sub with two arguments", "{{fn f MPI_Send}}\n  {{callfn}}\n\n  {{sub {{f}} MPI_}}\n{{endfn}}\n", 4, "sub"),
            new Malformed("not an MPI function", "\n{{fnall f MPI_Send}}{{endfnall}}\n{{foreachfn f MPI_Not_a_function}}\n{{endforeachfn}}\n",
                    3, "foreachfn"),
            new Malformed("braces never closed", "int y;\n{{fn f MPI_Send\n", 2, "fn"));

    private final WrapWorkspace workspace = WrapWorkspace.SHARED;

    @TestFactory
    List<DynamicTest> oneSentenceNamingFileLineAndMacro() {
        return CASES.stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c))).toList();
    }

    private void check(Malformed c) throws IOException {
        Path dir = WrapWorkspace.mkdirs(WrapWorkspace.root().resolve("malformed"));
        Path input = dir.resolve(c.name().replace(' ', '_') + ".w");
        Files.writeString(input, c.text());
        Path output = dir.resolve(c.name().replace(' ', '_') + ".c");
        Files.deleteIfExists(output);

        ProcessResult run = workspace.generate(MpiFamily.OPENMPI, WrapGenerator.WI4MPI, List.of(), output, List.of(input));
        assertNotEquals(0, run.exitCode(), run::describe);
        assertFalse(Files.exists(output), () -> "an output file was left: " + output + "\n" + run.describe());
        String message = run.stderr().strip();
        assertEquals(1, message.lines().count(), () -> "one line\n" + run.describe());
        assertTrue(message.contains(input.getFileName().toString()), () -> "names the file\n" + run.describe());
        assertTrue(Pattern.compile("\\b" + c.line() + "\\b").matcher(message).find(), () -> "names line " + c.line() + "\n"
                + run.describe());
        assertTrue(Pattern.compile("\\b" + Pattern.quote(c.macro()) + "\\b").matcher(message).find(),
                () -> "names " + c.macro() + "\n" + run.describe());
    }
}
