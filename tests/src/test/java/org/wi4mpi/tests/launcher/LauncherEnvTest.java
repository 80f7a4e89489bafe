package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

/** What the launcher sets for each pair, as shown by {@code --env} and seen by an executed command. */
class LauncherEnvTest {

    @TempDir
    Path tmp;

    FakeInstall fake;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp);
    }

    @TestFactory
    List<DynamicTest> envForEveryPair() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String from : FakeInstall.NAMES) {
            for (String to : FakeInstall.NAMES) {
                tests.add(DynamicTest.dynamicTest(from + " -> " + to, () -> {
                    FakeInstall.Result r = fake.run("-f", from, "-t", to, "--env");
                    assertEquals(0, r.exit(), r::toString);
                    assertEquals(fake.expectedEnv(from, to), r.exports(), r::toString);
                    assertEquals("", r.stderr(), r::toString);
                }));
            }
        }
        return tests;
    }

    @Test
    void identityPairHasNoFakeLibraries() throws Exception {
        FakeInstall.Result r = fake.run(Map.of("LD_LIBRARY_PATH", "/opt/x/lib"), "-f", "mpich", "-t", "mpich", "--env");
        assertEquals(0, r.exit(), r::toString);
        // LD_LIBRARY_PATH is left alone, so it is not printed at all.
        assertFalse(r.exports().containsKey("LD_LIBRARY_PATH"), r::toString);
        assertFalse(r.stdout().contains("fakelib"), r::toString);
    }

    @Test
    void existingPathsArePrependedAndStaleEntriesDropped() throws Exception {
        Map<String, String> env = Map.of(
                "LD_PRELOAD", "/opt/tool/libhook.so /old/lib/libwi4mpi_mpich_openmpi.so",
                "LD_LIBRARY_PATH", "/old/libexec/wi4mpi/fakelib/mpich:/opt/x/lib");
        FakeInstall.Result r = fake.run(env, "-f", "openmpi", "-t", "mpich", "--env");
        assertEquals(0, r.exit(), r::toString);
        Map<String, String> ex = r.exports();
        // The user's entries stay above the translation library, so a PMPI tool among them is not shadowed.
        assertEquals("/opt/tool/libhook.so:" + fake.translationLib("openmpi", "mpich"), ex.get("LD_PRELOAD"));
        assertEquals(fake.fakelib("openmpi") + ":/opt/x/lib", ex.get("LD_LIBRARY_PATH"));
    }

    @Test
    void identityPairRemovesStaleFakeLibraries() throws Exception {
        FakeInstall.Result r = fake.run(Map.of("LD_LIBRARY_PATH", fake.fakelib("mpich") + ":/opt/x/lib"),
                "-f", "openmpi", "-t", "openmpi", "--env");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("/opt/x/lib", r.exports().get("LD_LIBRARY_PATH"));

        r = fake.run(Map.of("LD_LIBRARY_PATH", fake.fakelib("mpich").toString()), "-f", "openmpi", "-t", "openmpi", "--env");
        assertTrue(r.stdout().contains("unset LD_LIBRARY_PATH\n"), r::toString);
    }

    @Test
    void envOutputIsShellQuoted() throws Exception {
        Path odd = fake.mpi.resolve("dir with 'quote' and $x");
        Files.createDirectories(odd);
        Path lib = FakeInstall.writeCLib("mpich", odd.resolve("libmpich.so.12"));
        String script = "eval \"$(" + fake.launcher() + " -f openmpi -t mpich --env)\" && printf '%s' \"$WI4MPI_RUN_MPI_C_LIB\"";
        FakeInstall.Result r = fake.exec(Map.of("WI4MPI_RUN_MPI_C_LIB", lib.toString()), List.of("/bin/sh", "-c", script));
        assertEquals(0, r.exit(), r::toString);
        assertEquals(lib.toString(), r.stdout());
    }

    @Test
    void verboseGoesToStderrAndIsPassedOn() throws Exception {
        FakeInstall.Result r = fake.run(Map.of("WI4MPI_DRY_RUN", "1"), "-v", "-f", "openmpi", "-t", "mpich", "show", "a");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("show a\n", r.stdout());
        assertTrue(r.stderr().contains("wi4mpi: LD_PRELOAD=" + fake.translationLib("openmpi", "mpich")), r::toString);
        assertTrue(r.stderr().contains("wi4mpi: exec show a"), r::toString);

        r = fake.run("-v", "-f", "openmpi", "-t", "mpich", "--env");
        assertEquals("1", r.exports().get("WI4MPI_VERBOSE"), r::toString);
    }

    @Test
    void commandRunsWithTheEnvironmentAndItsArguments() throws Exception {
        FakeInstall.Result r = fake.run("-f", "mpich", "-t", "openmpi", "--", "show", "two words", "-x", "");
        assertEquals(0, r.exit(), r::toString);
        Map<String, String> expected = new HashMap<>(fake.expectedEnv("mpich", "openmpi"));
        List<String> lines = List.of(r.stdout().split("\n"));
        assertEquals(List.of("argv0=show", "arg=two words", "arg=-x", "arg="), lines.subList(0, 4), r::toString);
        for (Map.Entry<String, String> kv : expected.entrySet()) {
            if (!kv.getKey().startsWith("WI4MPI_VERBOSE")) {
                assertTrue(lines.contains(kv.getKey() + "=" + kv.getValue()), () -> kv + " missing in\n" + r);
            }
        }
        assertEquals(List.of(), r.stderrLines(), r::toString);
    }

    @Test
    void helpAndVersion() throws Exception {
        FakeInstall.Result r = fake.run("--help");
        assertEquals(0, r.exit());
        assertTrue(r.stdout().startsWith("Usage: wi4mpi"), r::toString);
        r = fake.run("--version");
        assertEquals(0, r.exit());
        assertTrue(r.stdout().matches("wi4mpi \\S+\n"), r::toString);
    }
}
