package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Runs wi4mpi-trace in-process and keeps its exit status, standard output and standard error; the
 * shortcuts run critpath on a {@link SyntheticRun} with the hand model of {@link CritpathExamplesTest}.
 */
record CritpathRunner(int status, String out, String err) {

    static CritpathRunner run(String... args) {
        return run(new CommandLine(new TraceMain()), args);
    }

    /** Runs one critpath command object (tests set its fields, e.g. where dot is looked for). */
    static CritpathRunner run(CritpathCommand command, String... args) {
        return run(new CommandLine(command), args);
    }

    private static CritpathRunner run(CommandLine commandLine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int status = commandLine.execute(args);
        return new CritpathRunner(status, out.toString(), err.toString());
    }

    /** Writes the run and the hand model into dir, runs critpath with -o dir/critPath.out and the extra options. */
    static CritpathRunner withHandModel(Path dir, SyntheticRun run, String... extra) throws IOException {
        Path traces = run.write();
        Path model = Files.writeString(dir.resolve("model.json"), CritpathExamplesTest.MODEL);
        String[] args = new String[6 + extra.length];
        String[] fixed = {"critpath", traces.toString(), "--model", model.toString(), "-o", dir.resolve("critPath.out").toString()};
        System.arraycopy(fixed, 0, args, 0, fixed.length);
        System.arraycopy(extra, 0, args, fixed.length, extra.length);
        return run(args);
    }

    /** The critPath.out of a run under the hand model; fails the test when critpath does not exit 0. */
    static String critPath(Path dir, SyntheticRun run) throws IOException {
        CritpathRunner result = withHandModel(dir, run);
        assertEquals(0, result.status(), result.err());
        return result.critPathOut(dir);
    }

    /** The critPath.out written into dir. */
    String critPathOut(Path dir) {
        try {
            return Files.readString(dir.resolve("critPath.out"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
