package org.wi4mpi.tests.dumpi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The reference reader, {@code dumpi2ascii}, on one rank's trace: its call stream, footer and keyval record.
 * A trace it cannot read (exit status other than 0) fails with its output. The output is decoded leniently:
 * a string argument the program left unterminated prints as whatever bytes followed it.
 */
final class DumpiReader {

    private static final long READ_TIMEOUT_SECONDS = 60;

    private final DumpiReference reference;

    DumpiReader(DumpiReference reference) {
        this.reference = reference;
    }

    List<DumpiCall> calls(Path rankFile) {
        return DumpiAscii.parse(read(rankFile, "-S"), "dumpi2ascii " + rankFile);
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
