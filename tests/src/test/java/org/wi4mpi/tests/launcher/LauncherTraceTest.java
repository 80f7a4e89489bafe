package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wi4mpi --trace DIR [--trace-config FILE]} and WI4MPI_TRACE / WI4MPI_TRACE_CONFIG: the tracing library
 * of the application's family heads the launcher's part of the preload stack in every pair, the directory and
 * settings reach the program as absolute paths, and every fault is refused before anything runs or is made.
 */
class LauncherTraceTest {

    @TempDir
    Path tmp;

    FakeInstall fake;
    String toolA;
    Path conf;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeTracing.add(FakeInstall.create(tmp).withInterfaceMode());
        toolA = Files.createFile(fake.work.resolve("libtoola.so")).toString();
        conf = Files.writeString(fake.work.resolve("run.conf"), "statuses disable\ntimestamp wall\n");
    }

    private FakeInstall.Result env(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(args));
        command.add("--env");
        FakeInstall.Result r = fake.run(env, command);
        assertEquals(0, r.exit(), r::toString);
        return r;
    }

    private String refused(Map<String, String> env, String... args) throws Exception {
        return LauncherErrorTest.refused(fake.run(env, args));
    }

    @TestFactory
    List<DynamicTest> tracingLibraryOfTheApplicationsFamilyComesFirstInEveryPair() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String from : FakeTracing.FAMILIES) {
            for (String to : List.of("openmpi", "mpich")) {
                tests.add(DynamicTest.dynamicTest(from + " -> " + to, () -> {
                    Path dir = fake.work.resolve("trace-" + from + "-" + to);
                    FakeInstall.Result r = env(Map.of("LD_PRELOAD", "/opt/hook.so"),
                            "-f", from, "-t", to, "--tool", toolA, "--trace", dir.toString());
                    assertEquals("/opt/hook.so:" + FakeTracing.traceLib(fake, from) + ":" + toolA + ":"
                            + fake.translationLib(from, to), r.exports().get("LD_PRELOAD"), r::toString);
                    assertEquals(dir.toString(), r.exports().get("WI4MPI_TRACE"), r::toString);
                    assertFalse(r.exports().containsKey("WI4MPI_TRACE_CONFIG"), r::toString);
                    assertTrue(Files.isDirectory(dir), "--env makes the directory the exported variable names");
                }));
            }
        }
        return tests;
    }

    @Test
    void identityPairKeepsTheToolsForTheTargetUnderTheTracer() throws Exception {
        String below = Files.createFile(fake.work.resolve("libtoolb.so")).toString();
        FakeInstall.Result r = env(Map.of(), "-f", "mpich", "-t", "intelmpi", "--trace", "t", "--tool", toolA,
                "--tool-target", below);
        assertEquals(FakeTracing.traceLib(fake, "mpich") + ":" + toolA + ":" + below + ":" + fake.translationLib("mpich", "mpich"),
                r.exports().get("LD_PRELOAD"), r::toString);
    }

    @Test
    void theCommandSeesAbsolutePathsAndAnEnclosingTracerIsNotDoubled() throws Exception {
        Files.createDirectory(fake.work.resolve("sub"));
        Map<String, String> env = new HashMap<>();
        // wi4mpi inside wi4mpi: the enclosing stack comes back in LD_PRELOAD, its directory in WI4MPI_TRACE
        String lib = FakeTracing.traceLib(fake, "openmpi").toString();
        env.put("LD_PRELOAD", lib + ":" + fake.translationLib("openmpi", "mpich"));
        FakeInstall.Result r = fake.run(env, "-f", "openmpi", "-t", "mpich", "--trace", "./sub/../run/",
                "--trace-config", "./run.conf", "/bin/sh", "-c", "echo \"$LD_PRELOAD|$WI4MPI_TRACE|$WI4MPI_TRACE_CONFIG\"");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(lib + ":" + fake.translationLib("openmpi", "mpich") + "|" + fake.work.resolve("run") + "|" + conf + "\n",
                r.stdout(), r::toString);
        assertTrue(Files.isDirectory(fake.work.resolve("run")));
    }

    @Test
    void optionsWinOverTheEnvironment() throws Exception {
        Path other = Files.writeString(fake.work.resolve("other.conf"), "MPI_Default enable\n");
        Files.createDirectory(fake.work.resolve("fromenv"));
        Map<String, String> env = Map.of("WI4MPI_TRACE", "fromenv", "WI4MPI_TRACE_CONFIG", other.toString());

        FakeInstall.Result r = env(env, "-f", "mpich", "-t", "openmpi");
        assertEquals(fake.work.resolve("fromenv").toString(), r.exports().get("WI4MPI_TRACE"), r::toString);
        assertEquals(other.toString(), r.exports().get("WI4MPI_TRACE_CONFIG"), r::toString);
        assertTrue(r.exports().get("LD_PRELOAD").startsWith(FakeTracing.traceLib(fake, "mpich") + ":"), r::toString);

        r = env(env, "-f", "mpich", "-t", "openmpi", "--trace=opt", "--trace-config=run.conf");
        assertEquals(fake.work.resolve("opt").toString(), r.exports().get("WI4MPI_TRACE"), r::toString);
        assertEquals(conf.toString(), r.exports().get("WI4MPI_TRACE_CONFIG"), r::toString);

        // empty counts as not set: no tracing, no tracing library
        r = env(Map.of("WI4MPI_TRACE", ""), "-f", "mpich", "-t", "openmpi");
        assertEquals(fake.translationLib("mpich", "openmpi").toString(), r.exports().get("LD_PRELOAD"), r::toString);
        assertFalse(r.exports().containsKey("WI4MPI_TRACE"), r::toString);
    }

    @Test
    void substitutedOpenMpiLauncherForwardsTheTraceVariables() throws Exception {
        FakeInstall.Result r = fake.run(Map.of("WI4MPI_DRY_RUN", "1"), "-f", "mpich", "-t", "openmpi", "--trace", "t",
                "--trace-config", "run.conf", "mpirun", "-np", "2", "./app");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.stdout().contains(" -x WI4MPI_TRACE -x WI4MPI_TRACE_CONFIG "), r::toString);
        assertFalse(Files.exists(fake.work.resolve("t")), "a dry run makes nothing");
    }

    @Test
    void verbosePrintsTheLibraryAndTheDirectory() throws Exception {
        FakeInstall.Result r = fake.run(Map.of("WI4MPI_DRY_RUN", "1"), "-v", "-f", "standard", "-t", "mpich",
                "--trace", "t", "--trace-config", "run.conf", "show");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.stderr().lines().anyMatch(("wi4mpi: tracing with " + FakeTracing.traceLib(fake, "standard") + " into "
                + fake.work.resolve("t") + " (settings: " + conf + ")")::equals), r::toString);
        assertTrue(r.stderr().lines().anyMatch(("wi4mpi: preload stack (top first): " + FakeTracing.traceLib(fake, "standard")
                + " > " + fake.translationLib("standard", "mpich"))::equals), r::toString);
    }

    @Test
    void badDirectoryIsRefusedAndNothingIsMade() throws Exception {
        Path file = Files.writeString(fake.work.resolve("afile"), "x");
        assertEquals("trace directory afile (given with --trace) is not a directory.",
                refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace", "afile", "show"));
        assertEquals("trace directory " + file + "/sub (given with WI4MPI_TRACE) cannot be created: " + file
                        + " is not an existing directory.",
                refused(Map.of("WI4MPI_TRACE", file + "/sub"), "-f", "mpich", "-t", "mpich", "show"));
        assertEquals("trace directory no/such/dir (given with --trace) cannot be created: no/such is not an existing directory.",
                refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace", "no/such/dir", "show"));
        assertEquals("option --trace needs a directory.", refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace"));
        assertEquals("option --trace needs a directory.", refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace=", "show"));

        // a later fault leaves the directory unmade
        Files.writeString(conf, "bad line\n");
        refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace", "later", "--trace-config", "run.conf", "show");
        assertFalse(Files.exists(fake.work.resolve("later")));
    }

    @Test
    void unwritableDirectoryIsRefused() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root writes everywhere");
        Path ro = Files.createDirectory(fake.work.resolve("ro"));
        ro.toFile().setWritable(false);
        assertEquals("trace directory ro (given with --trace) is not writable.",
                refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace", "ro", "show"));
        assertEquals("trace directory ro/t (given with --trace) cannot be created: ro is not writable.",
                refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace", "ro/t", "show"));
    }

    @Test
    void badSettingsAreRefusedWithTheCheckersSentence() throws Exception {
        Files.writeString(conf, "statuses disable\nbad setting\n");
        assertEquals(conf + " line 2: 'bad setting' is not a setting of the dumpi.conf format.",
                refused(Map.of(), "-f", "openmpi", "-t", "mpich", "--trace", "t", "--trace-config", "run.conf", "show"));
        assertEquals(conf + " line 2: 'bad setting' is not a setting of the dumpi.conf format.",
                refused(Map.of("WI4MPI_TRACE", "t", "WI4MPI_TRACE_CONFIG", conf.toString()), "-f", "openmpi", "-t", "mpich", "show"));
        assertEquals("trace configuration none.conf (given with --trace-config) not found.",
                refused(Map.of(), "-f", "openmpi", "-t", "mpich", "--trace", "t", "--trace-config", "none.conf", "show"));
        assertEquals("trace configuration " + fake.work + " (given with WI4MPI_TRACE_CONFIG) is not a regular file.",
                refused(Map.of("WI4MPI_TRACE_CONFIG", fake.work.toString()), "-f", "openmpi", "-t", "mpich", "--trace", "t", "show"));
        assertFalse(Files.exists(fake.work.resolve("t")));
    }

    @Test
    void incompleteInstallIsRefused() throws Exception {
        Files.delete(FakeTracing.traceLib(fake, "openmpi"));
        assertEquals("tracing library " + FakeTracing.traceLib(fake, "openmpi") + " not found; the install tree at " + fake.root
                + " looks incomplete.", refused(Map.of(), "-f", "openmpi", "-t", "mpich", "--trace", "t", "show"));
        Files.delete(FakeTracing.checker(fake));
        assertEquals("trace configuration checker " + FakeTracing.checker(fake) + " not found; the install tree at " + fake.root
                + " looks incomplete.", refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace", "t", "--trace-config", "run.conf", "show"));
        assertFalse(Files.exists(fake.work.resolve("t")));
    }

    @Test
    void traceOptionsWithoutATraceAreRefused() throws Exception {
        assertEquals("option --trace-config needs --trace DIR (or WI4MPI_TRACE): without a trace there is nothing to configure.",
                refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace-config", "run.conf", "show"));
        assertEquals("option --trace-config needs a dumpi.conf file.",
                refused(Map.of(), "-f", "mpich", "-t", "mpich", "--trace", "t", "--trace-config"));
        // the variable alone is harmless without a trace: passed on untouched
        FakeInstall.Result r = env(Map.of("WI4MPI_TRACE_CONFIG", "/x.conf"), "-f", "mpich", "-t", "mpich");
        assertFalse(r.stdout().contains("TRACE"), r::toString);
    }
}
