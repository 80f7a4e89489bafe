package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wi4mpi --trace DIR --critpath [--model FILE]}: the command runs first with the tracing environment,
 * then bin/wi4mpi-trace critpath reads the one trace it wrote, without anything preloaded, and writes into DIR;
 * the exit status stays the command's, and a critical path that cannot be computed is one sentence and exit 2.
 */
class LauncherCritpathTraceTest {

    private static final String META = "dumpi-2026.11.27.10.00.00.meta";

    @TempDir
    Path tmp;

    FakeInstall fake;
    Path dir;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeTracing.add(FakeInstall.create(tmp));
        dir = fake.work.resolve("trace");
    }

    private FakeInstall.Result run(Map<String, String> env, String... options) throws Exception {
        List<String> args = new java.util.ArrayList<>(List.of("-f", "openmpi", "-t", "mpich", "--trace", "trace"));
        args.addAll(List.of(options));
        args.add("traced");
        return fake.run(env, args);
    }

    @Test
    void criticalPathOfTheRunFollowsTheCommand() throws Exception {
        Files.createDirectory(dir);
        Files.writeString(dir.resolve("dumpi-2026.01.01.00.00.00.meta"), "an earlier run in the same directory\n");
        FakeInstall.Result r = run(Map.of(), "--critpath");
        assertEquals(0, r.exit(), r::toString);
        List<String> out = r.stdout().lines().toList();
        assertEquals(List.of(
                "traced: LD_PRELOAD=" + FakeTracing.traceLib(fake, "openmpi") + ":" + fake.translationLib("openmpi", "mpich")
                        + " WI4MPI_TRACE=" + dir,
                "critpath-args: critpath -o " + dir.resolve("critPath.out") + " --dot " + dir.resolve("critPath.dot") + " --svg "
                        + dir.resolve("critPath.svg") + " " + dir.resolve(META),
                "critpath-preload: <unset>",
                "critical path: 5 us over 2 vertices"), out, r::toString);
        assertEquals("MPI_Init -1 5 MPI_Finalize -1\n", Files.readString(dir.resolve("critPath.out")));
        assertEquals(List.of(), r.stderrLines(), r::toString);
    }

    @Test
    void modelIsPassedAsAnAbsolutePath() throws Exception {
        Path model = Files.writeString(fake.work.resolve("model.json"), "{}");
        FakeInstall.Result r = run(Map.of(), "--critpath", "--model", "model.json");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.stdout().contains(" --svg " + dir.resolve("critPath.svg") + " --model " + model + " " + dir.resolve(META) + "\n"),
                r::toString);
    }

    @Test
    void failedCommandKeepsItsStatusAndGetsNoCriticalPath() throws Exception {
        FakeInstall.Result r = run(Map.of("TRACED_EXIT", "3"), "--critpath");
        assertEquals(3, r.exit(), r::toString);
        assertFalse(r.stdout().contains("critpath-args"), r::toString);
        assertEquals(List.of("wi4mpi: the command exited with status 3, so the critical path is not computed."), r.stderrLines());
    }

    @Test
    void failedCriticalPathIsOneSentenceAndExitTwo() throws Exception {
        FakeInstall.Result r = run(Map.of("CRITPATH_FAIL", "trace ends early."), "--critpath");
        assertEquals(2, r.exit(), r::toString);
        assertEquals(List.of("wi4mpi-trace: trace ends early.", "wi4mpi: the critical path of " + dir.resolve(META)
                + " could not be computed (" + FakeTracing.critpathTool(fake) + " exited with status 2)."), r.stderrLines());
    }

    @Test
    void noTraceOrSeveralTracesAreNamed() throws Exception {
        FakeInstall.Result r = run(Map.of("TRACED_PREFIXES", ""), "--critpath");
        assertEquals(2, r.exit(), r::toString);
        assertEquals(List.of("wi4mpi: the command wrote no trace into " + dir + " (no new .meta file), so there is no critical "
                + "path to compute."), r.stderrLines());

        r = run(Map.of("TRACED_PREFIXES", "a b"), "--critpath");
        assertEquals(2, r.exit(), r::toString);
        assertEquals(1, r.stderrLines().size(), r::toString);
        assertTrue(r.stderrLines().get(0).startsWith("wi4mpi: the command wrote 2 traces into " + dir + " (a.meta, b.meta)")
                || r.stderrLines().get(0).startsWith("wi4mpi: the command wrote 2 traces into " + dir + " (b.meta, a.meta)"), r::toString);
    }

    @Test
    void misplacedCriticalPathOptionsAreRefused() throws Exception {
        assertEquals("option --critpath needs --trace DIR (or WI4MPI_TRACE): the critical path is computed from the run's traces.",
                LauncherErrorTest.refused(fake.run("-f", "mpich", "-t", "mpich", "--critpath", "traced")));
        assertEquals("option --model needs --critpath: the latency model is only used for the critical path.",
                LauncherErrorTest.refused(run(Map.of(), "--model", "m.json")));
        assertEquals("option --critpath runs after the command, which --env does not run; give one or the other.",
                LauncherErrorTest.refused(run(Map.of(), "--critpath", "--env")));
        assertEquals("option --critpath belongs to the wi4mpi that starts the launcher (wi4mpi ... --critpath mpirun -np N "
                + "./app), not to each rank (PMI_RANK is set).", LauncherErrorTest.refused(run(Map.of("PMI_RANK", "0"), "--critpath")));
        assertEquals("latency model " + fake.work.resolve("none.json") + " (given with --model) not found or not readable.",
                LauncherErrorTest.refused(run(Map.of(), "--critpath", "--model", "none.json")));
        Files.delete(FakeTracing.critpathTool(fake));
        assertEquals("critical-path tool " + FakeTracing.critpathTool(fake) + " not found; the install tree at " + fake.root
                + " looks incomplete.", LauncherErrorTest.refused(run(Map.of(), "--critpath")));
        assertFalse(Files.exists(dir), "a refusal makes nothing");
    }
}
