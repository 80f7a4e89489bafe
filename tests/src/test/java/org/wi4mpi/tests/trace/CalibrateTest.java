package org.wi4mpi.tests.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.ProgramBuilder;
import org.wi4mpi.tests.SuiteConfig;
import org.wi4mpi.tests.TranslationPair;
import org.wi4mpi.tests.dumpi.DumpiReference;
import org.wi4mpi.tests.dumpi.LibdumpiTracer;

/**
 * {@code bin/wi4mpi-trace calibrate} measuring for real through the launcher of the install tree under
 * test: a small calibration (ping-pong 4 B ... 1 KiB, few repetitions, 2 ranks) natively
 * (openmpi→openmpi) and translated (openmpi→mpich); the model file records what it should, and
 * critpath takes it for a run of tests/dumpi/collective_calls.c traced by the reference libdumpi. A
 * target whose MPI is not installed fails in one sentence without a model file.
 */
class CalibrateTest {

    private static final Duration CALIBRATE_TIMEOUT = Duration.ofMinutes(3);
    private static final List<String> COLLECTIVES = List.of("MPI_Barrier", "MPI_Bcast", "MPI_Gather", "MPI_Gatherv",
            "MPI_Scatter", "MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv",
            "MPI_Alltoallw", "MPI_Reduce", "MPI_Allreduce", "MPI_Reduce_scatter", "MPI_Scan", "MPI_Exscan");

    private final SuiteConfig config = SuiteConfig.fromEnvironment();
    private final Path module = Path.of(System.getProperty("user.dir"));
    private final Path target = config.binaryDirectory().getParent();

    @Test
    void identityPairModelIsWellFormedAndCritpathUsesIt() throws IOException {
        assumeTrue(config.families().contains(MpiFamily.OPENMPI), "openmpi is not among the tested families");
        calibrateAndUse(MpiFamily.OPENMPI, "Open MPI v");
    }

    @Test
    void translatedPairModelIsWellFormedAndCritpathUsesIt() throws IOException {
        assumeTrue(config.pairs().contains(new TranslationPair(MpiFamily.OPENMPI, MpiFamily.MPICH)),
                "openmpi-mpich is not among the tested pairs");
        // the runtime's MPI_Get_library_version: MPICH's, although the program was built for Open MPI
        calibrateAndUse(MpiFamily.MPICH, "MPICH Version:");
    }

    @Test
    void aTargetThatCannotRunIsOneSentenceAndNoFile() throws IOException {
        // Intel MPI at the configuration's default place would run; this checks a machine without it
        assumeFalse(Files.exists(Path.of("/opt/intel/oneapi/mpi/latest/bin/mpirun")), "Intel MPI is installed here");
        Path dir = directory("calibrate-intelmpi");
        Path model = dir.resolve("model.json");
        ProcessResult run = calibrate("intelmpi", model, dir, Map.of());
        assertEquals(2, run.exitCode(), run::describe);
        String[] lines = run.stderr().strip().split("\n");
        String last = lines[lines.length - 1];
        assertTrue(last.startsWith("wi4mpi-trace calibrate: the run with 2 ranks (wi4mpi -f openmpi -t intelmpi mpirun -np 2) failed"),
                run::describe);
        assertTrue(last.endsWith("."), run::describe);
        assertFalse(Files.exists(model), run::describe);
    }

    private void calibrateAndUse(MpiFamily to, String library) throws IOException {
        Path dir = directory("calibrate-openmpi-" + to.id());
        Path model = dir.resolve("model.json");
        ProcessResult run = calibrate(to.id(), model, dir, Map.of());
        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(run.stdout().contains("latency model of openmpi -> " + to.id()), run::describe);

        String json = Files.readString(model);
        assertEquals("1", field(json, "\"format\"\\s*:\\s*(\\d+)"), json);
        assertEquals("openmpi", field(json, "\"from\"\\s*:\\s*\"([^\"]*)\""), json);
        assertEquals(to.id(), field(json, "\"to\"\\s*:\\s*\"([^\"]*)\""), json);
        assertTrue(field(json, "\"library\"\\s*:\\s*\"([^\"]*)\"").startsWith(library), json);
        assertEquals(Integer.toString(Runtime.getRuntime().availableProcessors()), field(json, "\"cores\"\\s*:\\s*(\\d+)"), json);
        assertTrue(field(json, "\"date\"\\s*:\\s*\"([^\"]*)\"").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), json);
        assertEquals("[ 2 ]", field(json, "\"rankCounts\"\\s*:\\s*(\\[[^]]*])"), json);
        // the ping-pong: 4, 8, ..., 1024 bytes
        String p2p = field(json, "\"pointToPoint\"\\s*:\\s*\\{([^}]*)}");
        assertEquals("9", field(p2p, "\"points\"\\s*:\\s*(\\d+)"), p2p);
        assertTrue(p2p.matches("(?s).*\"samples\"\\s*:\\s*\\[\\s*\\[\\s*4\\s*,.*\\[\\s*1024\\s*,.*"), p2p);
        double r2 = Double.parseDouble(field(p2p, "\"r2\"\\s*:\\s*([-0-9.eE]+)"));
        assertTrue(r2 <= 1, p2p);
        for (String collective : COLLECTIVES) {
            String fit = field(json, "\"" + collective + "\"\\s*:\\s*\\{([^}]*)}");
            for (String coefficient : List.of("a", "b", "c", "r2"))
                field(fit, "\"" + coefficient + "\"\\s*:\\s*([-0-9.eE]+)");
            // sizes 4 B ... 1 KiB in steps of 4 (the barrier: one), one rank count: fitted on bytes only, c = 0
            assertEquals(collective.equals("MPI_Barrier") ? "1" : "5", field(fit, "\"points\"\\s*:\\s*(\\d+)"), collective + fit);
            assertEquals("0", field(fit, "\"c\"\\s*:\\s*([-0-9.eE]+)"), collective + fit);
        }

        Path traces = tracedCollectives();
        Path critPath = dir.resolve("critPath.out");
        ProcessResult critpath = ProcessRunner.run(List.of(module.resolve("../bin/wi4mpi-trace").toString(), "critpath",
                        "--model", model.toString(), "-o", critPath.toString(), traces.toString()),
                dir, Map.of(), CALIBRATE_TIMEOUT);
        assertEquals(0, critpath.exitCode(), critpath::describe);
        assertTrue(critpath.stdout().contains("latencies from " + model + ")"), critpath::describe);
        String path = Files.readString(critPath).strip();
        assertTrue(path.startsWith("MPI_Init -1 ") && path.endsWith(" MPI_Finalize -1") && path.contains(" MPI_Alltoall -1 "), path);
    }

    private ProcessResult calibrate(String to, Path model, Path dir, Map<String, String> environment) {
        List<String> command = new ArrayList<>(List.of(module.resolve("../bin/wi4mpi-trace").toString(), "calibrate",
                "-f", "openmpi", "-t", to, "-o", model.toString(), "--install", config.install().toString(),
                "--max-bytes", "1K", "--repetitions", "50", "--max-ranks", "2", "--timeout", "120"));
        return ProcessRunner.run(command, dir, environment, CALIBRATE_TIMEOUT);
    }

    /** tests/dumpi/collective_calls.c, 2 ranks, traced natively by the reference libdumpi for Open MPI. */
    private Path tracedCollectives() {
        assumeTrue(config.families().contains(MpiFamily.OPENMPI), "openmpi is not among the tested families");
        ProgramBuilder builder = new ProgramBuilder(target.resolve("dumpi-bin"));
        MpiTestProgram program = new MpiTestProgram("collective_calls", module.resolve("dumpi/collective_calls.c"), 0,
                EnumSet.allOf(MpiFamily.class), false);
        ProcessResult compile = builder.build(MpiFamily.OPENMPI, program);
        if (compile != null)
            assertEquals(0, compile.exitCode(), compile::describe);
        LibdumpiTracer tracer = new LibdumpiTracer(DumpiReference.ensureBuilt());
        Path traces = target.resolve("calibrate-runs/collective_calls");
        LibdumpiTracer.TracedRun traced = tracer.trace(MpiFamily.OPENMPI, builder.binary(MpiFamily.OPENMPI, program), 2, traces);
        assertEquals(0, traced.run().exitCode(), traced.run()::describe);
        return traces;
    }

    private Path directory(String name) throws IOException {
        Path dir = target.resolve("calibrate-runs").resolve(name);
        Files.createDirectories(dir);
        Files.deleteIfExists(dir.resolve("model.json"));
        return dir;
    }

    private static String field(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), () -> "no match for " + regex + " in\n" + text);
        return m.group(1);
    }
}
