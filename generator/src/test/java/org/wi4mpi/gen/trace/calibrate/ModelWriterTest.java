package org.wi4mpi.gen.trace.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.gen.trace.LatencyModel;

/** The model file: what it records, and that critpath's reader takes it unchanged. */
class ModelWriterTest {

    @TempDir
    Path dir;

    static ModelWriter.Calibration calibration() throws CalibrationException {
        List<Sample> samples = new ArrayList<>();
        for (long bytes = 4; bytes <= 1 << 20; bytes *= 2) {
            samples.add(new Sample(Sample.POINT_TO_POINT, bytes, 2, 0.3 + 0.00006 * bytes));
        }
        for (int ranks = 2; ranks <= 4; ranks++) {
            samples.add(new Sample("MPI_Barrier", 0, ranks, 0.2 + 1.5 * (ranks - 2)));
            for (long bytes = 4; bytes <= 65536; bytes *= 4) {
                samples.add(new Sample("MPI_Alltoall", bytes * ranks, ranks, -1 + 0.0002 * bytes * ranks + 2.25 * ranks));
            }
        }
        return new ModelWriter.Calibration(new Machine("node7", "AMD EPYC", 2), Family.OPENMPI, Family.MPICH,
                "MPICH Version: 4.0.2; MPICH Device: ch4:ucx", Instant.parse("2026-11-27T09:30:12.345Z"),
                Settings.of(1000, 1 << 20, 4), ModelFits.pointToPoint(samples), ModelFits.collectives(samples), samples);
    }

    @Test
    void recordsTheFitsTheMachineTheMpiAndTheMethod() throws Exception {
        Path file = dir.resolve("model.json");
        ModelWriter.write(calibration(), file);
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        assertEquals(1, root.get("format").asInt());
        assertEquals("us", root.get("unit").asText());
        assertEquals("node7", root.at("/machine/host").asText());
        assertEquals(2, root.at("/machine/cores").asInt());
        assertEquals("openmpi", root.at("/mpi/from").asText());
        assertEquals("mpich", root.at("/mpi/to").asText());
        assertEquals("MPICH Version: 4.0.2; MPICH Device: ch4:ucx", root.at("/mpi/library").asText());
        assertEquals("2026-11-27T09:30:12Z", root.get("date").asText());
        assertEquals("[2,3,4]", root.at("/method/rankCounts").toString());
        assertEquals(65536, root.at("/method/maxCollectiveBytes").asLong());
        assertEquals(0.3, root.at("/pointToPoint/a").asDouble(), 1e-9);
        assertEquals(0.00006, root.at("/pointToPoint/b").asDouble(), 1e-12);
        assertEquals(1, root.at("/pointToPoint/r2").asDouble(), 1e-9);
        assertEquals(19, root.at("/pointToPoint/points").asInt());
        assertEquals("[8,0.30048]", root.at("/pointToPoint/samples/1").toString());
        assertEquals("[\"ranks\"]", root.at("/collectives/MPI_Barrier/fitted").toString());
        assertEquals(1.5, root.at("/collectives/MPI_Barrier/c").asDouble(), 1e-9);
        assertEquals("[\"bytes\",\"ranks\"]", root.at("/collectives/MPI_Alltoall/fitted").toString());
        assertEquals(2.25, root.at("/collectives/MPI_Alltoall/c").asDouble(), 1e-9);
        assertEquals(24, root.at("/collectives/MPI_Alltoall/points").asInt());
        assertEquals("[16,4,8.0032]", root.at("/collectives/MPI_Alltoall/samples/16").toString());
        assertFalse(Files.exists(dir.resolve(".model.json.tmp")));
    }

    @Test
    void critpathReadsTheFileBack() throws Exception {
        Path file = dir.resolve("model.json");
        ModelWriter.write(calibration(), file);
        LatencyModel model = LatencyModel.read(file);
        assertEquals(0.3 + 0.00006 * 4096, model.message(4096), 1e-9);
        assertEquals(0.2 + 1.5 * (5 - 2), model.collective("MPI_Barrier", 0, 5), 1e-9);
        assertEquals(-1 + 0.0002 * 1000 + 2.25 * 3, model.collective("MPI_Alltoall", 1000, 3), 1e-9);
        // a collective the calibration did not measure keeps the default fit
        assertEquals(LatencyModel.defaults().collective("MPI_Scan", 8, 2), model.collective("MPI_Scan", 8, 2), 1e-12);
        assertEquals(file.toString(), model.source());
    }

    @Test
    void anUnwritableTargetIsOneSentenceAndLeavesNothing() throws Exception {
        Path file = dir.resolve("missing-dir/model.json");
        CalibrationException e = assertThrows(CalibrationException.class, () -> ModelWriter.write(calibration(), file));
        assertEquals("cannot write the model " + file + " (", e.getMessage().substring(0, ("cannot write the model " + file + " (").length()));
        assertFalse(Files.exists(dir.resolve("missing-dir")));
    }
}
