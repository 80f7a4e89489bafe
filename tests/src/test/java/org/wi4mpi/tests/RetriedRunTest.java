package org.wi4mpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The repeat rule for programs that spawn (MpiTestSuite#runRetried, #timeoutFor), without running MPI. */
class RetriedRunTest {

    private static final MpiTestProgram SPAWNING = program(true);
    private static final MpiTestProgram PLAIN = program(false);
    /** No real processes are looked for here. */
    private static final java.util.function.Supplier<String> NO_CLEANUP = () -> "";

    private static MpiTestProgram program(boolean retried) {
        // Not named like a real program: its fake timeouts appear in the build log.
        return new MpiTestProgram(retried ? "fake-retried" : "fake-plain", Path.of("tests/c/x.c"), 0,
                Set.of(MpiFamily.values()), retried);
    }

    private static ProcessResult result(int exitCode, boolean timedOut) {
        return new ProcessResult(List.of("mpirun"), exitCode, "", "", Duration.ofSeconds(1), timedOut);
    }

    /** Hands out the given results in order and counts the runs. */
    private static final class Runs {
        final Deque<ProcessResult> results;
        int count;

        Runs(ProcessResult... results) {
            this.results = new ArrayDeque<>(List.of(results));
        }

        ProcessResult next() {
            count++;
            return results.removeFirst();
        }
    }

    @Test
    void aSpawningProgramThatTimesOutIsRunUntilItPasses() {
        Runs runs = new Runs(result(124, false), result(-1, true), result(0, false));
        assertEquals(0, MpiTestSuite.runRetried(SPAWNING, runs::next, NO_CLEANUP).exitCode());
        assertEquals(3, runs.count);
    }

    @Test
    void leftoversAreCleanedBeforeEachFurtherRun() {
        Runs runs = new Runs(result(124, false), result(-1, true), result(0, false));
        int[] cleanups = {0};
        java.util.function.Supplier<String> cleanup = () -> {
            cleanups[0]++;
            assertEquals(cleanups[0], runs.count, "a cleanup follows each timed-out run, before the next");
            return "";
        };
        assertEquals(0, MpiTestSuite.runRetried(SPAWNING, runs::next, cleanup).exitCode());
        assertEquals(2, cleanups[0]);
        assertEquals(124, MpiTestSuite.runRetried(PLAIN, new Runs(result(124, false))::next, cleanup).exitCode());
        assertEquals(2, cleanups[0], "a plain program is not run again, nothing to clean");
    }

    @Test
    void sixTimeoutsAreTheResult() {
        Runs runs = new Runs(result(124, false), result(124, false), result(124, false), result(124, false),
                result(124, false), result(-1, true), result(0, false));
        assertEquals(-1, MpiTestSuite.runRetried(SPAWNING, runs::next, NO_CLEANUP).exitCode());
        assertEquals(MpiTestSuite.RETRIED_ATTEMPTS, runs.count);
        assertEquals(6, runs.count);
    }

    @Test
    void aFailureIsNotRepeated() {
        Runs runs = new Runs(result(1, false), result(0, false));
        assertEquals(1, MpiTestSuite.runRetried(SPAWNING, runs::next, NO_CLEANUP).exitCode());
        assertEquals(1, runs.count);
    }

    @Test
    void anUnmarkedProgramRunsOnce() {
        Runs runs = new Runs(result(124, false), result(0, false));
        assertEquals(124, MpiTestSuite.runRetried(PLAIN, runs::next, NO_CLEANUP).exitCode());
        assertEquals(1, runs.count);
    }

    @Test
    void onlyASpawningProgramHasTheShorterLimit() {
        Duration configured = Duration.ofSeconds(120);
        assertEquals(Duration.ofSeconds(30), MpiTestSuite.RETRIED_TIMEOUT);
        assertEquals(MpiTestSuite.RETRIED_TIMEOUT, MpiTestSuite.timeoutFor(SPAWNING, configured));
        assertEquals(configured, MpiTestSuite.timeoutFor(PLAIN, configured));
        assertEquals(Duration.ofSeconds(20), MpiTestSuite.timeoutFor(SPAWNING, Duration.ofSeconds(20)));
    }
}
