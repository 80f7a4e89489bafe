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
 * {@code bin/wi4mpi-fetch-mpi}: its refusals, which change nothing; every step against a signed mirror
 * in a directory (no network), with the reuse of what it unpacked; a .deb whose hash the signed index
 * contradicts, and an index signed by a key the keyring lacks, each stopping at the step apt refuses,
 * which is named with its log; and the system's apt state left as it was.
 */
class FetchMpiScriptTest {

    private static final String NAME = "debian13-mpich-4.2.1";
    private static final String SUPPORTED = "debian13-mpich-4.2.1, debian13-openmpi-5.0.7";
    private static final String VERSION = "4.3.0+really4.2.1-1";
    private static final SignedTestMirror.Package DEV = new SignedTestMirror.Package("libmpich-dev", VERSION,
            List.of("usr/include/x86_64-linux-gnu/mpich/mpi.h", "usr/include/x86_64-linux-gnu/mpich/mpif.h"));
    private static final SignedTestMirror.Package LIB = new SignedTestMirror.Package("libmpich12", VERSION,
            List.of("usr/lib/x86_64-linux-gnu/libmpich.so.12", "usr/lib/x86_64-linux-gnu/libmpichfort.so.12"));
    private static final Duration TIMEOUT = Duration.ofMinutes(1);

    @TempDir
    Path temp;

    @Test
    void noArgumentListsTheSupportedMpis() {
        assertEquals("wi4mpi-fetch-mpi: no MPI named; usage: wi4mpi-fetch-mpi NAME, one of: " + SUPPORTED + ".",
                refused(List.of(), Map.of()).stderr().strip());
    }

    @ParameterizedTest(name = "{0} is refused")
    @ValueSource(strings = {"mpich-4.2.1", "debian13-openmpi-5.0.8", "openmpi-5.0.7"})
    void unknownMpiIsRefused(String name) {
        assertEquals("wi4mpi-fetch-mpi: unknown MPI '" + name + "'; supported: " + SUPPORTED + ".",
                refused(List.of(name), Map.of()).stderr().strip());
    }

    @Test
    void unknownOptionAndTwoNamesAreRefused() {
        assertEquals("wi4mpi-fetch-mpi: unknown option --all; usage: wi4mpi-fetch-mpi NAME, one of: " + SUPPORTED + ".",
                refused(List.of("--all"), Map.of()).stderr().strip());
        assertEquals("wi4mpi-fetch-mpi: one MPI at a time; usage: wi4mpi-fetch-mpi NAME, one of: " + SUPPORTED + ".",
                refused(List.of(NAME, NAME), Map.of()).stderr().strip());
    }

    @Test
    void unreadableKeyringIsRefusedBeforeAnythingIsCreated() {
        Path keyring = temp.resolve("no-such-keyring.gpg");
        assertEquals("wi4mpi-fetch-mpi: the keyring " + keyring + " (WI4MPI_DEBIAN_KEYRING) is not readable;"
                + " install debian-archive-keyring.",
                refused(List.of(NAME), Map.of("WI4MPI_DEBIAN_KEYRING", keyring.toString())).stderr().strip());
    }

    @Test
    void helpNamesTheSupportedMpis() {
        Path cache = temp.resolve("cache");
        ProcessResult run = script(List.of("--help"), cache, Map.of());
        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(run.stdout().startsWith("Usage: wi4mpi-fetch-mpi NAME\n"), run::describe);
        assertTrue(run.stdout().contains("Supported: " + SUPPORTED + "."), run::describe);
        assertFalse(Files.exists(cache), "--help created " + cache);
    }

    /** An empty file: mirror has no Release file: the first step fails, naming its log. */
    @Test
    void failedStepNamesItsLog() throws IOException {
        Path cache = temp.resolve("cache");
        Path mirror = Files.createDirectory(temp.resolve("empty-mirror"));
        ProcessResult run = script(List.of(NAME), cache, Map.of("WI4MPI_DEBIAN_MIRROR", "file:" + mirror));
        Path log = assertFailedStep(run, cache, "apt-update");
        assertTrue(Files.readString(log).contains("does not have a Release file"), () -> log + " lacks apt's error");
    }

    @Test
    void signedMirrorIsFetchedUnpackedAndReused() throws IOException {
        assumeTrue(SignedTestMirror.gpgAvailable(), "skipped: gpg not found (the signed test mirror needs it; apt install gnupg)");
        String aptBefore = systemAptState();
        Path cache = temp.resolve("cache");
        try (SignedTestMirror mirror = SignedTestMirror.create(temp.resolve("signed"), List.of(DEV, LIB))) {
            Map<String, String> env = mirrorEnvironment(mirror);
            ProcessResult first = script(List.of(NAME), cache, env);
            assertEquals(0, first.exitCode(), first::describe);
            Path root = cache.resolve(NAME);
            assertEquals(root + "\n", first.stdout(), first::describe);
            for (String file : List.of(DEV.files().get(0), LIB.files().get(0)))
                assertEquals(file.endsWith(".h") ? "libmpich-dev " + file + "\n" : "libmpich12 " + file + "\n",
                        Files.readString(root.resolve(file)), file);
            List<String> stamp = Files.readAllLines(root.resolve("wi4mpi-fetch/complete"));
            assertEquals(NAME + " trixie libmpich-dev=" + VERSION + " libmpich12=" + VERSION, stamp.get(0));
            assertEquals("apt source: deb [arch=amd64 signed-by=" + mirror.keyring() + "] " + mirror.url() + " trixie main",
                    stamp.get(2));
            assertEquals(4, Files.readAllLines(root.resolve("wi4mpi-fetch/debs.txt")).size(), "two hashes, two sizes");
            assertFalse(Files.exists(cache.resolve(NAME + ".work")), "the work directory was left");

            ProcessResult second = script(List.of(NAME), cache, env);
            assertEquals(0, second.exitCode(), second::describe);
            assertEquals("", second.stderr(), "a reuse ran steps:\n" + second.describe());
            assertEquals(root + "\n", second.stdout());
        }
        assertEquals(aptBefore, systemAptState(), "the system's apt state changed");
    }

    @Test
    void debWhoseHashTheIndexContradictsIsRefused() throws IOException {
        assumeTrue(SignedTestMirror.gpgAvailable(), "skipped: gpg not found (the signed test mirror needs it; apt install gnupg)");
        Path cache = temp.resolve("cache");
        try (SignedTestMirror mirror = SignedTestMirror.create(temp.resolve("signed"), List.of(DEV, LIB))) {
            mirror.tamper(LIB);
            Path log = assertFailedStep(script(List.of(NAME), cache, mirrorEnvironment(mirror)), cache, "download");
            assertTrue(Files.readString(log).contains("Hash Sum mismatch"), () -> log + " lacks apt's error");
        }
    }

    @Test
    void indexSignedByAnotherKeyIsRefused() throws IOException {
        assumeTrue(SignedTestMirror.gpgAvailable(), "skipped: gpg not found (the signed test mirror needs it; apt install gnupg)");
        Path cache = temp.resolve("cache");
        try (SignedTestMirror mirror = SignedTestMirror.create(temp.resolve("signed"), List.of(DEV, LIB));
             SignedTestMirror other = SignedTestMirror.create(temp.resolve("other"), List.of())) {
            Map<String, String> env = new HashMap<>(mirrorEnvironment(mirror));
            env.put("WI4MPI_DEBIAN_KEYRING", other.keyring().toString());
            Path log = assertFailedStep(script(List.of(NAME), cache, env), cache, "apt-update");
            assertTrue(Files.readString(log).contains("NO_PUBKEY"), () -> log + " lacks apt's error");
        }
    }

    /** The run exited 2 naming STEP's log as its last line, printed nothing on stdout and unpacked nothing. */
    private static Path assertFailedStep(ProcessResult run, Path cache, String step) {
        assertEquals(2, run.exitCode(), run::describe);
        Path log = cache.resolve(NAME + ".work/logs/" + step + ".log");
        List<String> lines = run.stderr().strip().lines().toList();
        assertEquals("wi4mpi-fetch-mpi: step '" + step + "' of " + NAME + " failed; see " + log,
                lines.get(lines.size() - 1), run::describe);
        assertEquals("", run.stdout(), "a failed fetch printed its directory");
        assertFalse(Files.exists(cache.resolve(NAME + "/usr")), "a failed fetch unpacked packages");
        return log;
    }

    private static Map<String, String> mirrorEnvironment(SignedTestMirror mirror) {
        return Map.of("WI4MPI_DEBIAN_MIRROR", mirror.url(), "WI4MPI_DEBIAN_KEYRING", mirror.keyring().toString());
    }

    /** Names, sizes and modification times under the system's apt directories. */
    private static String systemAptState() {
        ProcessResult find = ProcessRunner.run(List.of("sh", "-c",
                "find /etc/apt /var/lib/apt /var/cache/apt -printf '%p %s %T@\\n' 2>/dev/null | sort"),
                Path.of("/"), Map.of(), TIMEOUT);
        return find.stdout();
    }

    /** Runs the script with an empty cache; asserts exit 2, one line, nothing printed, nothing created. */
    private ProcessResult refused(List<String> arguments, Map<String, String> environment) {
        Path cache = temp.resolve("cache");
        ProcessResult run = script(arguments, cache, environment);
        assertEquals(2, run.exitCode(), run::describe);
        assertEquals(1, run.stderr().strip().lines().count(), run::describe);
        assertEquals("", run.stdout(), run::describe);
        assertFalse(Files.exists(cache), () -> "a refused run created " + cache);
        return run;
    }

    private static ProcessResult script(List<String> arguments, Path cache, Map<String, String> environment) {
        List<String> command = new ArrayList<>();
        command.add(repository().resolve("bin/wi4mpi-fetch-mpi").toString());
        command.addAll(arguments);
        Map<String, String> env = new HashMap<>(environment);
        env.put("WI4MPI_MPI_CACHE", cache.toString());
        return ProcessRunner.run(command, repository(), env, TIMEOUT);
    }

    private static Path repository() {
        return Path.of(System.getProperty("user.dir")).getParent();
    }
}
