package org.wi4mpi.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs an external command with a deadline. On timeout the whole process tree is killed, children
 * first, so no MPI rank outlives its test. Output goes to temporary files rather than pipes so a
 * chatty process can never block on a full pipe.
 */
public final class ProcessRunner {

    private ProcessRunner() {
    }

    /**
     * Runs {@code command} in {@code directory} with {@code environment} added to this JVM's environment.
     *
     * @throws UncheckedIOException when the command cannot be started
     */
    public static ProcessResult run(List<String> command, Path directory, Map<String, String> environment,
                                    Duration timeout) {
        Path stdout = null;
        Path stderr = null;
        try {
            stdout = Files.createTempFile("wi4mpi-test-", ".out");
            stderr = Files.createTempFile("wi4mpi-test-", ".err");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile());
            builder.environment().putAll(environment);

            long start = System.nanoTime();
            Process process = builder.start();
            boolean finished = process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (!finished)
                killTree(process);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            return new ProcessResult(List.copyOf(command), finished ? process.exitValue() : -1,
                    Files.readString(stdout, StandardCharsets.UTF_8), Files.readString(stderr, StandardCharsets.UTF_8),
                    elapsed, !finished);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        } finally {
            deleteQuietly(stdout);
            deleteQuietly(stderr);
        }
    }

    /** Kills the descendants deepest first, then the process itself, and waits for it to be reaped. */
    static void killTree(Process process) throws InterruptedException {
        // Descendants must be listed while the parent is alive: once it dies they are re-parented.
        process.descendants()
                .sorted(Comparator.comparingInt(ProcessRunner::depthBelowAncestors).reversed())
                .forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    private static int depthBelowAncestors(ProcessHandle handle) {
        int depth = 0;
        for (var parent = handle.parent(); parent.isPresent(); parent = parent.get().parent())
            depth++;
        return depth;
    }

    private static void deleteQuietly(Path file) {
        if (file == null)
            return;
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind is harmless
        }
    }
}
