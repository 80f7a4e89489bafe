package org.wi4mpi.tests.dumpi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * The reference reader, {@code dumpi2ascii}, on one rank's trace: its call stream, footer and keyval record.
 * A trace it cannot read (exit status other than 0) fails with its output. The output is decoded leniently:
 * a string argument the program left unterminated prints as whatever bytes followed it.
 */
final class DumpiReader {

    private static final long READ_TIMEOUT_SECONDS = 60;
    private static final Pattern CALL_LINE = Pattern.compile("\\w+ (entering|returning) at walltime .*");
    private static final Pattern ARGUMENT_LINE = Pattern.compile("]?[A-Za-z_][\\w ]* [\\w\\[\\]]+=");

    private final DumpiReference reference;

    DumpiReader(DumpiReference reference) {
        this.reference = reference;
    }

    List<DumpiCall> calls(Path rankFile) {
        return DumpiAscii.parse(joinBrokenLines(read(rankFile, "-S")), "dumpi2ascii " + rankFile);
    }

    /**
     * A string argument the call did not write (an unset key) can hold line breaks, which the reader prints
     * as they are: a line that is neither a call boundary nor an argument continues the one before.
     */
    static String joinBrokenLines(String text) {
        StringBuilder out = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            boolean starts = line.isEmpty() || CALL_LINE.matcher(line).matches() || ARGUMENT_LINE.matcher(line).lookingAt();
            if (!starts && out.length() > 0)
                out.setLength(out.length() - 1); // the line break before it belongs to the value
            out.append(line).append('\n');
        }
        out.setLength(out.length() - 1);
        return out.toString();
    }

    DumpiFooter footer(Path rankFile) {
        return DumpiFooter.parse(read(rankFile, "-F"), "dumpi2ascii -F " + rankFile);
    }

    /** The keyval lines ({@code key=value}) without the reader's count line. */
    List<String> keyvals(Path rankFile) {
        return read(rankFile, "-K").lines().filter(l -> !l.startsWith("Total keyvals:")).toList();
    }

    private String read(Path rankFile, String option) {
        List<String> command = List.of(reference.dumpi2ascii().toString(), option, rankFile.toString());
        try {
            Path out = Files.createTempFile("dumpi2ascii", ".out");
            Path err = Files.createTempFile("dumpi2ascii", ".err");
            try {
                Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!p.waitFor(READ_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " timed out");
                }
                String stdout = new String(Files.readAllBytes(out), StandardCharsets.UTF_8);
                if (p.exitValue() != 0)
                    throw new IllegalStateException(String.join(" ", command) + " cannot read the trace: exit status "
                            + p.exitValue() + "\n" + new String(Files.readAllBytes(err), StandardCharsets.UTF_8) + stdout);
                return stdout;
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + command, e);
        }
    }
}
