package org.wi4mpi.tests.mpichsuite;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;
import org.wi4mpi.tests.TranslationPair;

/**
 * The subset of the MPICH test suite named in {@code tests/mpich-suite/subset.txt}, obtained with
 * {@code apt-get source mpich}, built with each selected family's compiler and run natively and through
 * every selected pair by {@code tests/mpich-suite/run}. Each run (e.g. {@code [openmpi→mpich]}) must match
 * its expected-failure list in {@code tests/mpich-suite/expected/}: a test failing that is not listed, and
 * a listed test passing, both fail the run's test with the test ids and causes.
 *
 * <p>The script runs once for all the runs. Its cache (source, configured builds, logs) is
 * {@code -Dwi4mpi.mpichsuite.dir=...} or {@code $WI4MPI_SUITE_DIR}, by default {@code target/mpich-suite}.
 */
class MpichSuiteSubsetTest {

    /** Configuring the suite twice, building about 60 programs twice and about 350 jobs: minutes, not hours. */
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(45);

    private static final SuiteConfig CONFIG = SuiteConfig.fromEnvironment();
    private static final Path MODULE = Path.of(System.getProperty("user.dir"));
    private static final Path SCRIPT = MODULE.resolve("mpich-suite/run");

    private static SuiteRun suiteRun;

    /** What one run of the script produced: its process result and the outcome rows of its results file. */
    private record SuiteRun(ProcessResult process, List<Outcome> outcomes, boolean translatedRunsIncluded) {
    }

    /** One row of the results file: run label, test id, verdict, cause or listed reason. */
    private record Outcome(String run, String test, String verdict, String detail) {
        boolean mismatch() {
            return verdict.startsWith("unexpected");
        }

        @Override
        public String toString() {
            return test + ": " + verdict.replace('-', ' ') + (detail.isEmpty() ? "" : " -- " + detail);
        }
    }

    @TestFactory
    Stream<DynamicTest> subsetMatchesExpectedFailures() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MpiFamily family : CONFIG.families()) {
            tests.add(DynamicTest.dynamicTest("MPICH suite subset [" + family.id() + " native]",
                    () -> check("native-" + family.id(), false)));
            for (TranslationPair pair : CONFIG.pairs())
                if (pair.from() == family)
                    tests.add(DynamicTest.dynamicTest("MPICH suite subset [" + pair.label() + "]",
                            () -> check(pair.id(), true)));
        }
        return tests.stream();
    }

    private static void check(String run, boolean translated) {
        SuiteRun result = suiteRun();
        if (translated)
            // Same rule as the suite's other translated runs: only a missing install tree skips.
            assumeTrue(result.translatedRunsIncluded(), () -> "install tree " + CONFIG.install()
                    + " does not exist (built by the native module; set -Dwi4mpi.install=...): translated run skipped");
        ProcessResult process = result.process();
        if (process.timedOut())
            fail("the MPICH suite subset did not finish within " + RUN_TIMEOUT.toMinutes() + " minutes\n"
                    + tail(process.stdout()));
        if (process.exitCode() == 2)
            fail("the MPICH test suite could not be obtained or built, so it did not run: "
                    + process.stderr().strip() + "\n" + tail(process.stdout()));
        List<Outcome> mine = result.outcomes().stream().filter(o -> o.run().equals(run)).toList();
        assertFalse(mine.isEmpty(), () -> "the script reported no outcome for " + run + "\n" + process.describe());
        assertTrue(mine.stream().anyMatch(o -> o.verdict().equals("pass")),
                () -> "no test of the subset passed in " + run + ": " + mine);
        List<Outcome> mismatches = mine.stream().filter(Outcome::mismatch).toList();
        if (!mismatches.isEmpty())
            fail(mismatches.size() + " of " + mine.size() + " outcomes in " + run
                    + " differ from tests/mpich-suite/expected/" + run + ".txt:\n"
                    + mismatches.stream().map(Outcome::toString).collect(Collectors.joining("\n")));
        if (process.exitCode() != 0 && process.exitCode() != 1)
            fail("the script ended with exit code " + process.exitCode() + "\n" + process.describe());
    }

    private static synchronized SuiteRun suiteRun() {
        if (suiteRun == null)
            suiteRun = runScript();
        return suiteRun;
    }

    private static SuiteRun runScript() {
        assertTrue(Files.isExecutable(SCRIPT), () -> SCRIPT + " is missing or not executable");
        boolean translated = !CONFIG.pairs().isEmpty() && Files.isDirectory(CONFIG.install());
        Path suiteDirectory = Path.of(setting("wi4mpi.mpichsuite.dir", "WI4MPI_SUITE_DIR",
                MODULE.resolve("target/mpich-suite").toString()));
        try {
            Files.createDirectories(suiteDirectory);
            Path results = Files.createTempFile(suiteDirectory, "results-", ".tsv");
            List<String> command = new ArrayList<>(List.of(SCRIPT.toString(), "--subset",
                    "--suite-dir", suiteDirectory.toString(),
                    "--install", CONFIG.install().toString(),
                    "--families", CONFIG.families().stream().map(MpiFamily::id).collect(Collectors.joining(",")),
                    "--pairs", translated
                            ? CONFIG.pairs().stream().map(TranslationPair::id).collect(Collectors.joining(","))
                            : "none",
                    "--results", results.toString()));
            ProcessResult process = ProcessRunner.run(command, MODULE, Map.of(), RUN_TIMEOUT);
            List<Outcome> outcomes = new ArrayList<>();
            for (String line : Files.readAllLines(results)) {
                String[] fields = line.split("\t", 4);
                if (fields.length == 4)
                    outcomes.add(new Outcome(fields[0], fields[1], fields[2], fields[3]));
            }
            Files.deleteIfExists(results);
            return new SuiteRun(process, outcomes, translated);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + suiteDirectory, e);
        }
    }

    private static String setting(String property, String environmentVariable, String fallback) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank())
            value = System.getenv(environmentVariable);
        return value == null || value.isBlank() ? fallback : value;
    }

    /** The last lines of the script's output: the summary table and the mismatches. */
    private static String tail(String output) {
        List<String> lines = output.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
