package org.wi4mpi.gen.trace;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Renders a DOT file with Graphviz's dot, when it is installed. */
final class SvgRenderer {

    private SvgRenderer() {
    }

    /** The dot executable in PATH, if any. */
    static Optional<Path> findDot(String pathVariable) {
        if (pathVariable == null) {
            return Optional.empty();
        }
        for (String dir : pathVariable.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "dot");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The dot output format for a file name: png for a .png name, else svg. */
    static String format(Path target) {
        return target.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".png") ? "png" : "svg";
    }

    /**
     * Runs dot -T{format} on dotFile into output; the error text on failure. dot's layout time grows
     * faster than the graph (seconds for 5,000 vertices, minutes for some graphs of 2,000 with many
     * crossing edges): past limit (zero: none) dot is stopped and TimeoutException thrown.
     */
    static Optional<String> render(Path dot, Path dotFile, String format, Path output, Duration limit)
            throws IOException, InterruptedException, TimeoutException {
        Path log = Files.createTempFile("critpath-dot", ".log");
        try {
            Process process = new ProcessBuilder(dot.toString(), "-T" + format, "-o", output.toString(), dotFile.toString())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (limit.isZero()) {
                process.waitFor();
            } else if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
                throw new TimeoutException("dot ran longer than " + limit.toSeconds() + " s");
            }
            String text = Files.readString(log, StandardCharsets.UTF_8).trim();
            int status = process.exitValue();
            return status == 0 ? Optional.empty() : Optional.of("dot exited with status " + status + (text.isEmpty() ? "" : ": " + text));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
