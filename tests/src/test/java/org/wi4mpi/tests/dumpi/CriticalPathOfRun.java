package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * The critical path of a real traced run, by the install tree's {@code wi4mpi-trace critpath}: it must
 * read every rank's trace and write a path in the assignment's format (MPI_Init -1, then alternately an
 * edge weight and a vertex "MPI_Name rank", ending with MPI_Finalize -1), its summary, and a DOT file
 * whose graph has message edges (dashed) when the program sends point-to-point messages.
 */
final class CriticalPathOfRun {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private CriticalPathOfRun() {
    }

    /** MPI_Init -1, then (weight, MPI_Name, rank) triples, the last being MPI_Finalize -1 (no regex: paths run long). */
    static boolean wellFormed(String path) {
        String[] t = path.split(" ");
        if (t.length < 5 || (t.length - 2) % 3 != 0 || !t[0].equals("MPI_Init") || !t[1].equals("-1")
                || !t[t.length - 2].equals("MPI_Finalize") || !t[t.length - 1].equals("-1"))
            return false;
        for (int i = 2; i < t.length; i += 3)
            if (!t[i].matches("\\d+") || !t[i + 1].matches("MPI_\\w+") || !t[i + 2].matches("-?\\d+"))
                return false;
        return true;
    }

    static void assertWellFormed(Path install, DumpiTraceFiles traces, boolean messages, String where) {
        Path dir = traces.directory();
        Path out = dir.resolve("critPath.out");
        Path dot = dir.resolve("critPath.dot");
        ProcessResult run = ProcessRunner.run(List.of(install.resolve("bin/wi4mpi-trace").toString(), "critpath",
                dir.toString(), "-o", out.toString(), "--dot", dot.toString()), dir, Map.of(), TIMEOUT);
        assertEquals(0, run.exitCode(), () -> where + "critpath failed\n" + run.describe());
        try {
            String path = Files.readString(out).strip();
            assertTrue(wellFormed(path), () -> where + path);
            String summary = run.stdout().lines().filter(l -> l.startsWith("critical path: ")).findFirst().orElse("");
            assertTrue(summary.matches("critical path: [0-9.]+ (us|ms|s) over \\d+ vertices \\((\\d+) messages?, .*"),
                    () -> where + run.stdout());
            String graph = Files.readString(dot);
            assertTrue(graph.startsWith("digraph"), where + "critPath.dot");
            assertEquals(messages, graph.contains("style=dashed"), where + "message edges in critPath.dot");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
