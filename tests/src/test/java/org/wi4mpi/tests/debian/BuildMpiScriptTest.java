package org.wi4mpi.tests.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * {@code bin/wi4mpi-build-mpi}: its refusals, which must change nothing and fetch nothing, a failed
 * step naming its log (against an empty local mirror), and the reuse of a build already in the cache
 * (only when one is there: the build itself takes about half an hour and runs on demand).
 */
class BuildMpiScriptTest {

    private static final String SUPPORTED = "openmpi-5.0.7";
    private static final Duration TIMEOUT = Duration.ofMinutes(1);

    @TempDir
    Path temp;

    @Test
    void noArgumentListsTheSupportedMpis() {
        ProcessResult run = refused(List.of());
        assertEquals("wi4mpi-build-mpi: no MPI named; usage: wi4mpi-build-mpi NAME-VERSION, one of: "
                + SUPPORTED + ".", run.stderr().strip());
    }

    @ParameterizedTest(name = "{0} is refused")
    @ValueSource(strings = {"openmpi-5.0.8", "mpich-4.2.1", "openmpi"})
    void unknownMpiIsRefused(String name) {
        ProcessResult run = refused(List.of(name));
        assertEquals("wi4mpi-build-mpi: unknown MPI '" + name + "'; supported: " + SUPPORTED + ".",
                run.stderr().strip());
    }

    @Test
    void unknownOptionIsRefused() {
        ProcessResult run = refused(List.of("--prefix=/opt/ompi"));
        assertEquals("wi4mpi-build-mpi: unknown option --prefix=/opt/ompi; usage: wi4mpi-build-mpi NAME-VERSION,"
                + " one of: " + SUPPORTED + ".", run.stderr().strip());
    }

    @Test
    void twoMpisAreRefused() {
        ProcessResult run = refused(List.of(SUPPORTED, SUPPORTED));
        assertEquals("wi4mpi-build-mpi: one MPI at a time; usage: wi4mpi-build-mpi NAME-VERSION, one of: "
                + SUPPORTED + ".", run.stderr().strip());
    }

    @Test
    void helpNamesTheSupportedMpis() {
        Path cache = temp.resolve("cache");
        ProcessResult run = script(List.of("--help"), Map.of("WI4MPI_MPI_CACHE", cache.toString()));
        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(run.stdout().startsWith("Usage: wi4mpi-build-mpi NAME-VERSION\n"), run::describe);
        assertTrue(run.stdout().contains("Supported: " + SUPPORTED + "."), run::describe);
        assertFalse(Files.exists(cache), "--help created " + cache);
    }

    @Test
    void badJobCountIsRefused() {
        ProcessResult run = refused(List.of(SUPPORTED), Map.of("WI4MPI_MPI_JOBS", "two"));
        assertEquals("wi4mpi-build-mpi: WI4MPI_MPI_JOBS=two is not a positive number of make jobs.",
                run.stderr().strip());
    }

    @Test
    void unreadableKeyringIsRefusedBeforeAnythingIsCreated() {
        Path keyring = temp.resolve("no-such-keyring.gpg");
        ProcessResult run = refused(List.of(SUPPORTED), Map.of("WI4MPI_DEBIAN_KEYRING", keyring.toString()));
        assertEquals("wi4mpi-build-mpi: the keyring " + keyring + " (WI4MPI_DEBIAN_KEYRING) is not readable;"
                + " install debian-archive-keyring.", run.stderr().strip());
    }

    /** An empty file: mirror has no Release file: the first step fails at once, naming its log. */
    @Test
    void failedStepNamesItsLog() throws IOException {
        Path cache = temp.resolve("cache");
        Path mirror = Files.createDirectory(temp.resolve("empty-mirror"));
        ProcessResult run = script(List.of(SUPPORTED), Map.of("WI4MPI_MPI_CACHE", cache.toString(),
                "WI4MPI_DEBIAN_MIRROR", "file:" + mirror));
        assertEquals(2, run.exitCode(), run::describe);
        Path log = cache.resolve(SUPPORTED + ".work/logs/apt-update.log");
        List<String> lines = run.stderr().strip().lines().toList();
        assertEquals("wi4mpi-build-mpi: step 'apt-update' of " + SUPPORTED + " failed; see " + log,
                lines.get(lines.size() - 1), run::describe);
        assertTrue(Files.readString(log).contains("does not have a Release file"), () -> log + " lacks apt's error");
        assertEquals("", run.stdout(), "a failed build printed configuration lines");
        assertFalse(Files.exists(cache.resolve(SUPPORTED)), "a failed build left a prefix");
        assertFalse(Files.exists(cache.resolve(SUPPORTED + ".work/src/" + SUPPORTED)), "source extracted anyway");
    }

    /** With the prefix built (by hand or by an earlier run), a second run only prints its configuration. */
    @Test
    void completeBuildIsReused() {
        Path cache = defaultCache();
        Path prefix = cache.resolve(SUPPORTED);
        assumeTrue(Files.isRegularFile(prefix.resolve("share/wi4mpi-build/complete")),
                () -> SUPPORTED + " is not built in " + cache + "; bin/wi4mpi-build-mpi " + SUPPORTED + " builds it");
        ProcessResult run = script(List.of(SUPPORTED), Map.of("WI4MPI_MPI_CACHE", cache.toString()));
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals("", run.stderr(), "a reuse ran build steps:\n" + run.describe());
        List<String> config = run.stdout().lines().filter(line -> !line.startsWith("#")).toList();
        assertEquals(List.of("OPENMPI5_ROOT=" + prefix, "OPENMPI5_C_LIB=lib/libmpi.so.40",
                "OPENMPI5_F_LIB=lib/libmpi_mpifh.so.40", "OPENMPI5_MPIRUN=bin/mpirun", "OPENMPI5_MPIRUN_FLAGS="),
                config, run::describe);
        for (String file : List.of("lib/libmpi.so.40", "lib/libmpi_mpifh.so.40", "bin/mpirun", "include/mpi.h"))
            assertTrue(Files.exists(prefix.resolve(file)), () -> prefix + " has no " + file);
    }

    private ProcessResult refused(List<String> arguments) {
        return refused(arguments, Map.of());
    }

    /** Runs the script with an empty cache path; asserts exit 2, one line, nothing printed, nothing created. */
    private ProcessResult refused(List<String> arguments, Map<String, String> environment) {
        Path cache = temp.resolve("cache");
        Map<String, String> withCache = new HashMap<>(environment);
        withCache.put("WI4MPI_MPI_CACHE", cache.toString());
        ProcessResult run = script(arguments, withCache);
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals(1, run.stderr().strip().lines().count(), run::describe);
        assertEquals("", run.stdout(), run::describe);
        assertFalse(Files.exists(cache), () -> "a refused run created " + cache);
        return run;
    }

    private static ProcessResult script(List<String> arguments, Map<String, String> environment) {
        List<String> command = new ArrayList<>();
        command.add(repository().resolve("bin/wi4mpi-build-mpi").toString());
        command.addAll(arguments);
        return ProcessRunner.run(command, repository(), environment, TIMEOUT);
    }

    /** The script's default cache: WI4MPI_MPI_CACHE, else ${XDG_CACHE_HOME:-$HOME/.cache}/wi4mpi/mpi. */
    private static Path defaultCache() {
        String cache = System.getenv("WI4MPI_MPI_CACHE");
        if (cache != null && !cache.isEmpty())
            return Path.of(cache);
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isEmpty() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("wi4mpi/mpi");
    }

    private static Path repository() {
        return Path.of(System.getProperty("user.dir")).getParent();
    }
}
