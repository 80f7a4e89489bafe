package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --svg: rendered by Graphviz dot when installed, else one note and no image; a dot past --svg-timeout is stopped. */
class SvgOutputTest {

    @TempDir
    Path dir;

    private CritpathRunner run(String searchPath, Path svg, String... more) throws IOException {
        Path traces = CritpathExamplesTest.figureTwo(dir).write();
        CritpathCommand command = new CritpathCommand();
        command.searchPath = searchPath;
        List<String> args = new ArrayList<>(List.of(traces.toString(), "-o", dir.resolve("critPath.out").toString(), "--svg", svg.toString()));
        args.addAll(List.of(more));
        return CritpathRunner.run(command, args.toArray(String[]::new));
    }

    /** A directory whose dot never finishes (it sleeps a minute). */
    private Path slowDot() throws IOException {
        Path bin = Files.createDirectory(dir.resolve("slow"));
        Path dot = bin.resolve("dot");
        Files.writeString(dot, "#!/bin/sh\nexec sleep 60\n");
        Files.setPosixFilePermissions(dot, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    @Test
    void aDotPastTheTimeoutIsStoppedWithOneNote() throws IOException {
        Path svg = dir.resolve("graph.svg");
        long start = System.nanoTime();
        CritpathRunner result = run(slowDot().toString(), svg, "--svg-timeout", "1");
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        assertEquals(0, result.status(), result.err());
        assertEquals("wi4mpi-trace critpath: dot did not lay out the graph within 1 s, so no " + svg
                + " (--svg-timeout 0 waits as long as dot takes).\n", result.err());
        assertTrue(seconds < 30, "dot stopped after " + seconds + " s");
        assertFalse(Files.exists(svg));
        assertEquals(List.of(), leftovers(), "temporary files next to the image");
        assertTrue(Files.exists(dir.resolve("critPath.out")));
    }

    @Test
    void theTimeoutNamesTheDotFileThatHoldsTheGraph() throws IOException {
        Path svg = dir.resolve("graph.svg");
        Path dot = dir.resolve("graph.dot");
        CritpathRunner result = run(slowDot().toString(), svg, "--svg-timeout", "1", "--dot", dot.toString());
        assertEquals(0, result.status(), result.err());
        assertTrue(result.err().contains("so no " + svg + " (" + dot + " holds the graph; --svg-timeout 0"), result.err());
        assertTrue(Files.readString(dot).contains("digraph"));
    }

    @Test
    void aNegativeTimeoutIsRefusedBeforeAnythingIsWritten() throws IOException {
        CritpathRunner result = run(slowDot().toString(), dir.resolve("graph.svg"), "--svg-timeout", "-5");
        assertEquals(2, result.status());
        assertEquals("wi4mpi-trace critpath: option --svg-timeout takes a number of seconds, 0 or more, not -5.\n", result.err());
        assertFalse(Files.exists(dir.resolve("critPath.out")));
    }

    private List<String> leftovers() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".")).toList();
        }
    }

    @Test
    void withoutDotTheImageIsSkippedWithOneNote() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("nothing"));
        Path svg = dir.resolve("graph.svg");
        CritpathRunner result = run(empty.toString(), svg);
        assertEquals(0, result.status());
        assertEquals("wi4mpi-trace critpath: no Graphviz dot in PATH, so no " + svg + " (install graphviz to get it).\n", result.err());
        assertFalse(Files.exists(svg));
        assertTrue(Files.exists(dir.resolve("critPath.out")));
    }

    @Test
    void withDotTheGraphIsRendered() throws IOException {
        assumeTrue(SvgRenderer.findDot(System.getenv("PATH")).isPresent(), "Graphviz dot is not installed");
        Path svg = dir.resolve("graph.svg");
        CritpathRunner result = run(System.getenv("PATH"), svg);
        assertEquals(0, result.status(), result.err());
        String image = Files.readString(svg);
        assertTrue(image.contains("<svg"), image);
        assertTrue(image.contains("MPI_Barrier &#45;1"), image); // dot writes the minus as an entity
        assertTrue(image.contains(">rank 2<"), image);
        assertTrue(result.out().contains("  rendered " + svg));
    }
}
