package org.wi4mpi.gen.trace;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

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

    /** Runs dot -T{format} on dotFile into output; the error text on failure. */
    static Optional<String> render(Path dot, Path dotFile, String format, Path output) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(dot.toString(), "-T" + format, "-o", output.toString(), dotFile.toString())
                .redirectErrorStream(true).start();
        String text = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        int status = process.waitFor();
        return status == 0 ? Optional.empty() : Optional.of("dot exited with status " + status + (text.isEmpty() ? "" : ": " + text));
    }
}
