package org.wi4mpi.tests.openmpi5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.regex.Pattern;

import org.opentest4j.AssertionFailedError;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.RunAssertions;

/**
 * Verdicts of the version matrix: the main suite's (exit code, rank 0's one ok line, no loader warning:
 * {@link RunAssertions#assertRunPassed}) and, for a translated run, the output of the program built for the
 * target and run there natively, line for line (ranks' lines in any order).
 */
final class MatrixVerdict {

    /** What tests/c/check.h makes a failed check end the job with (MPI_Abort). */
    static final int CHECK_FAILED_EXIT_CODE = 17;

    /**
     * tests/c/check.h's report on stderr, {@code file:line: rank R: CHECK FAILED: what}: its file name and
     * line. The ranks' reports may be interleaved with other output (a NUL byte before one was seen).
     */
    private static final Pattern FAILED_CHECK = Pattern.compile("([\\w.-]+\\.c:\\d+): rank \\d+: CHECK FAILED: ");

    private MatrixVerdict() {
    }

    /** The job passed as the main suite's do. */
    static void assertPassed(MpiTestProgram program, ProcessResult run) {
        RunAssertions.assertRunPassed(program, run);
    }

    /** The translated job passed and printed what the native one printed. */
    static void assertAsNatively(MpiTestProgram program, ProcessResult reference, ProcessResult translated) {
        try {
            RunAssertions.assertRunPassed(program, reference);
        } catch (AssertionFailedError e) {
            fail("the native reference run failed, so the translated run cannot be compared: " + e.getMessage());
        }
        RunAssertions.assertRunPassed(program, translated);
        assertEquals(sortedLines(reference.stdout()), sortedLines(translated.stdout()),
                () -> "output differs from the native run\n--- native ---\n" + reference.describe()
                        + "--- translated ---\n" + translated.describe());
    }

    /**
     * The program fails natively on Open MPI 5 at {@code marker} ({@code io.c:566}, a failed check), and
     * {@code run} (the native run itself, or a translated run onto Open MPI 5) fails at the same checks.
     */
    static void assertFailsAsOnOpenMpi5(String marker, String reason, ProcessResult nativeOn5, ProcessResult run) {
        assertListedFailure(marker, reason, nativeOn5);
        assertEquals(CHECK_FAILED_EXIT_CODE, nativeOn5.exitCode(), nativeOn5::describe);
        assertEquals(CHECK_FAILED_EXIT_CODE, run.exitCode(), () -> "expected the native run's failed check\n"
                + run.describe());
        assertEquals(failedChecks(nativeOn5), failedChecks(run), () -> "not the checks that fail natively on Open MPI 5"
                + "\n--- native ---\n" + nativeOn5.describe() + "--- translated ---\n" + run.describe());
    }

    /** The job failed by itself (no timeout), its output showing {@code marker}. */
    static void assertFailsAt(String marker, String reason, ProcessResult run) {
        assertListedFailure(marker, reason, run);
    }

    private static void assertListedFailure(String marker, String reason, ProcessResult run) {
        assertFalse(run.timedOut() || run.exitCode() == 124, () -> "job did not finish in time\n" + run.describe());
        if (run.exitCode() == 0 || !(run.stdout() + run.stderr()).contains(marker))
            fail("listed as failing on Open MPI 5 at " + marker + " (" + reason + "), but this run did not:"
                    + " correct OpenMpi5Expectations\n" + run.describe());
    }

    /**
     * Where the failed checks are, {@code io.c:566}, once each, sorted: what a check prints after that
     * depends on the build (MPICH's numbering of the error classes is not Open MPI's).
     */
    static List<String> failedChecks(ProcessResult run) {
        return FAILED_CHECK.matcher(run.stderr() + "\n" + run.stdout()).results()
                .map(m -> m.group(1))
                .distinct().sorted().toList();
    }

    private static List<String> sortedLines(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty()).sorted().toList();
    }
}
