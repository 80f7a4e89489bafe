package org.wi4mpi.tests.valgrind;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;
import org.wi4mpi.tests.TranslationPair;

/**
 * A representative subset of the test programs run under valgrind memcheck through both cross pairs with
 * two ranks, by {@code tests/valgrind/run}: every rank must end without an error that
 * {@code tests/valgrind/vendor.supp} does not suppress and without a definitely lost block allocated outside
 * the MPI library ({@code --leaks}), and must have mapped the install tree's translation
 * library, the fake libraries of its source family and the target's real MPI library. Test names read like
 * {@code memcheck p2p [openmpi→mpich] np=2}. The whole matrix is {@code tests/valgrind/run INSTALL}.
 */
class MemcheckTest {

    /**
     * Statuses and requests, arrays of counts and datatypes, derived datatypes and their decoding, and the
     * user callbacks of generalized requests, which fill statuses themselves: the translation code that
     * converts memory rather than single handles. (user_ops cannot pass under valgrind: it rejects the
     * anonymous executable page valgrind maps into every process; tests/valgrind/run tolerates that.)
     */
    private static final List<String> PROGRAMS = List.of("p2p", "collectives", "datatypes", "grequests",
            "attributes_mixed_mpif"); // a Fortran program: attribute boxes made, shared and freed
    private static final List<TranslationPair> PAIRS = List.of(
            new TranslationPair(MpiFamily.OPENMPI, MpiFamily.MPICH),
            new TranslationPair(MpiFamily.MPICH, MpiFamily.OPENMPI));
    private static final int RANKS = 2;
    /** A case takes 10 to 40 s on two shared cores. */
    private static final Duration CASE_TIMEOUT = Duration.ofSeconds(240);
    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(30);
    private static final String VALGRIND_PACKAGE = "valgrind";

    private static final SuiteConfig CONFIG = SuiteConfig.fromEnvironment();

    @TestFactory
    Stream<DynamicTest> memcheckThroughCrossPairs() {
        List<DynamicTest> tests = new ArrayList<>();
        for (TranslationPair pair : PAIRS) {
            if (!CONFIG.pairs().contains(pair))
                continue;
            for (String program : PROGRAMS) {
                if (!CONFIG.programs().isEmpty() && !CONFIG.programs().contains(program))
                    continue;
                tests.add(DynamicTest.dynamicTest("memcheck " + program + " [" + pair.label() + "] np=" + RANKS,
                        () -> memcheckCase(program, pair)));
            }
        }
        return tests.stream();
    }

    private static void memcheckCase(String program, TranslationPair pair) {
        requireValgrind();
        // Same rule as the suite's translated runs: only a missing install tree skips.
        assumeTrue(Files.isDirectory(CONFIG.install()), () -> "install tree " + CONFIG.install()
                + " does not exist (built by the native module; set -Dwi4mpi.install=...): memcheck run skipped");
        Path script = CONFIG.sourceDirectory().resolveSibling("valgrind").resolve("run");
        Path out = CONFIG.binaryDirectory().resolveSibling("valgrind");
        List<String> command = List.of(script.toString(), CONFIG.install().toString(),
                "--programs", program, "--pairs", pair.id(), "--native", "none", "--np", Integer.toString(RANKS),
                "--leaks", "--timeout", Long.toString(CASE_TIMEOUT.toSeconds()), "--out", out.toString());
        ProcessResult result = ProcessRunner.run(command, script.getParent(), MpiFamily.launcherEnvironment(),
                CASE_TIMEOUT.plusSeconds(90));

        String caseName = program + " [" + pair.id() + "] np=" + RANKS;
        assertFalse(result.timedOut(), () -> "memcheck run of " + caseName + " did not end\n" + result.describe());
        assertEquals(0, result.exitCode(), () -> "memcheck found a problem in " + caseName
                + " (the first error is in the output below; rank logs under " + out.resolve("logs") + ")\n"
                + result.describe());
        assertTrue(Pattern.compile("(?m)^ok +" + Pattern.quote(caseName) + " \\(").matcher(result.stdout()).find(),
                () -> "no clean result line for " + caseName + "\n" + result.describe());
        assertTrue(result.stdout().contains("1 cases in ") && result.stdout().contains(": 1 clean, 0 failed"),
                () -> "expected exactly one clean case\n" + result.describe());
    }

    /**
     * Fails, naming the package to install, unless valgrind is installed: a missing package is an
     * environment error, not a reason to skip.
     */
    private static void requireValgrind() {
        ProcessResult query = ProcessRunner.run(List.of("dpkg-query", "-W", "-f=${db:Status-Abbrev}",
                VALGRIND_PACKAGE), Path.of("/"), Map.of(), TOOL_TIMEOUT);
        if (query.exitCode() != 0 || !query.stdout().startsWith("ii"))
            fail("Debian package " + VALGRIND_PACKAGE + " is not installed; install it with `apt-get install "
                    + VALGRIND_PACKAGE + "` or run bin/wi4mpi-setup-debian\n" + query.describe());
    }
}
