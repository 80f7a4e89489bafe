package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The model file: fits evaluated as documented, faults named by file and entry. */
class LatencyModelTest {

    @TempDir
    Path dir;

    private Path model(String json) throws IOException {
        return Files.writeString(dir.resolve("model.json"), json);
    }

    @Test
    void evaluatesFitsAndFallsBackToTheDefaultCollectiveFit() throws Exception {
        LatencyModel model = LatencyModel.read(model(CritpathExamplesTest.MODEL));
        assertEquals(10 + 0.01 * 800, model.message(800), 1e-12);
        assertEquals(20 + 5 * 4, model.collective("MPI_Barrier", 0, 4), 1e-12);
        assertEquals(8 + 1 * 16 + 2 * 3, model.collective("MPI_Allreduce", 16, 3), 1e-12);
        assertEquals(0.13 + 0.00014 * 12 + 0.13 * 3, model.collective("MPI_Alltoall", 12, 3), 1e-12);
    }

    @Test
    void defaultFitIsTheDocumentedOne() {
        LatencyModel model = LatencyModel.defaults();
        assertEquals(0.13 + 0.00014 * 1024, model.message(1024), 1e-12);
        assertEquals(0.13 + 0.00014 * 8 + 0.13 * 2, model.collective("MPI_Bcast", 8, 2), 1e-12);
        assertEquals("the default fit", model.source());
    }

    @Test
    void negativeFitsAreClampedAtZero() throws Exception {
        LatencyModel model = LatencyModel.read(model("{\"format\": 1, \"pointToPoint\": {\"a\": -5, \"b\": 0.001}}"));
        assertEquals(0, model.message(10), 1e-12);
        assertEquals(5, model.message(10_000), 1e-9);
    }

    @Test
    void faultsNameTheFileAndTheEntry() throws IOException {
        Path missing = model("{\"format\": 1}");
        assertEquals(missing + ": the model has no \"pointToPoint\" fit.",
                assertThrows(LatencyModel.ModelException.class, () -> LatencyModel.read(missing)).getMessage());
        Path badC = model("{\"format\": 1, \"pointToPoint\": {\"a\": 1, \"b\": 0}, \"collectives\": {\"MPI_Barrier\": {\"a\": 1, \"b\": 0}}}");
        assertEquals(badC + ": collectives.MPI_Barrier.c must be a number (microseconds per rank).",
                assertThrows(LatencyModel.ModelException.class, () -> LatencyModel.read(badC)).getMessage());
        Path notCollective = model("{\"format\": 1, \"pointToPoint\": {\"a\": 1, \"b\": 0}, \"collectives\": {\"MPI_Send\": {}}}");
        assertEquals(notCollective + ": collectives.MPI_Send is not a collective critpath models.",
                assertThrows(LatencyModel.ModelException.class, () -> LatencyModel.read(notCollective)).getMessage());
        Path format = model("{\"format\": 2, \"pointToPoint\": {\"a\": 1, \"b\": 0}}");
        assertEquals(format + ": \"format\" must be 1 (the only model format this version reads).",
                assertThrows(LatencyModel.ModelException.class, () -> LatencyModel.read(format)).getMessage());
    }

    @Test
    void badModelStopsCritpathWithExit2AndNoOutput() throws IOException {
        Path traces = CritpathExamplesTest.figureTwo(dir).write();
        Path bad = model("{\"format\": 1, \"pointToPoint\": {\"a\": \"fast\", \"b\": 0}}");
        Path out = dir.resolve("critPath.out");
        CritpathRunner result = CritpathRunner.run("critpath", traces.toString(), "--model", bad.toString(), "-o", out.toString());
        assertEquals(2, result.status());
        assertEquals("wi4mpi-trace critpath: " + bad + ": pointToPoint.a must be a number (microseconds).\n", result.err());
        assertEquals(false, Files.exists(out));
    }
}
