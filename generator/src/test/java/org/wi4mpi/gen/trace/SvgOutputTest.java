package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --svg: rendered by Graphviz dot when installed, else one note and no image. */
class SvgOutputTest {

    @TempDir
    Path dir;

    private CritpathRunner run(String searchPath, Path svg) throws IOException {
        Path traces = CritpathExamplesTest.figureTwo(dir).write();
        CritpathCommand command = new CritpathCommand();
        command.searchPath = searchPath;
        return CritpathRunner.run(command, traces.toString(), "-o", dir.resolve("critPath.out").toString(), "--svg", svg.toString());
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
