package org.wi4mpi.tests.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.regex.Pattern;

import org.wi4mpi.tests.TranslationPair;
import org.wi4mpi.tests.debian.NetpipeOutput.Row;
import org.wi4mpi.tests.debian.NetpipeOutput.Size;

/** Verdicts on NetPIPE jobs; every failure message carries the whole run (streams and np.out). */
public final class NetpipeAssertions {

    /** Exit code of coreutils timeout when it had to stop the command. */
    private static final int TIMEOUT_EXIT_CODE = 124;
    /** What the dynamic loader prints when a COPY relocation or symbol size does not match. */
    private static final List<String> LOADER_WARNINGS = List.of("has different size", "consider re-linking");
    /** Below this many sizes the run stopped early: 1..4096 bytes gives 24 sizes, integrity mode 20. */
    private static final int MIN_POINTS = 16;
    /**
     * Each rank prints "<rank>: <host>" on stdout once it knows its rank. The launcher interleaves the
     * ranks' output, so that text may follow another rank's unterminated line: match it anywhere.
     */
    private static final Pattern RANK_LINE = Pattern.compile("(?<![\\d:])(\\d+): \\S+$", Pattern.MULTILINE);

    private NetpipeAssertions() {
    }

    /**
     * The job ended by itself with exit code 0 and no loader warning, ran as one job of two ranks, and
     * rank 0 reported a plausible series: consecutive sequence numbers, strictly increasing sizes within the
     * bound, the requested repetitions, one np.out row per size with positive throughput and latency, or
     * a passed integrity check for every size.
     */
    public static void assertCompleted(NetpipeRun run, NetpipeMode mode) {
        assertNotNull(run);
        var process = run.process();
        if (process.timedOut() || process.exitCode() == TIMEOUT_EXIT_CODE)
            fail("NetPIPE job did not finish in time\n" + run.describe());
        assertEquals(0, process.exitCode(), () -> "NetPIPE job failed\n" + run.describe());
        for (String warning : LOADER_WARNINGS)
            assertFalse(process.stderr().contains(warning) || process.stdout().contains(warning),
                    () -> "dynamic loader warning \"" + warning + "\"\n" + run.describe());

        // Two singleton jobs would each call themselves rank 0; one two-rank job prints ranks 0 and 1.
        List<String> ranks = RANK_LINE.matcher(process.stdout()).results().map(m -> m.group(1)).sorted().toList();
        assertEquals(List.of("0", "1"), ranks, () -> "expected one job with ranks 0 and 1\n" + run.describe());
        assertEquals(1, occurrences(process.stderr(), "Now starting the main loop"),
                () -> "expected rank 0 to start the measurement loop once\n" + run.describe());

        NetpipeOutput output = run.output();
        List<Size> sizes = output.sizes();
        assertTrue(sizes.size() >= MIN_POINTS,
                () -> "expected at least " + MIN_POINTS + " sizes, got " + sizes.size() + "\n" + run.describe());
        for (int i = 0; i < sizes.size(); i++) {
            Size size = sizes.get(i);
            int expectedIndex = i;
            assertEquals(expectedIndex, size.index(), () -> "sizes out of sequence\n" + run.describe());
            assertTrue(size.bytes() >= 1 && size.bytes() <= NetpipeMode.UPPER_BOUND,
                    () -> size + " outside 1.." + NetpipeMode.UPPER_BOUND + " bytes\n" + run.describe());
            if (i > 0)
                assertTrue(size.bytes() > sizes.get(i - 1).bytes(),
                        () -> "message sizes not increasing at " + size + "\n" + run.describe());
            assertEquals(NetpipeMode.REPEATS, size.repeats(), () -> "wrong repetitions in " + size + "\n" + run.describe());
        }

        assertNotNull(run.outFile(), () -> "NetPIPE wrote no np.out in its working directory\n" + run.describe());
        List<Row> rows = output.rows();
        assertEquals(output.messageSizes().stream().map(b -> b * mode.outFileSizeFactor()).toList(),
                output.outFileSizes(), () -> "np.out rows do not match the announced sizes\n" + run.describe());
        for (Row row : rows) {
            if (mode.integrity()) {
                assertEquals(List.of((double) NetpipeMode.REPEATS), row.values(),
                        () -> "np.out integrity row " + row + " lacks the repetitions\n" + run.describe());
            } else {
                assertEquals(2, row.values().size(), () -> "np.out row " + row + " is not bytes, Mbps, seconds\n"
                        + run.describe());
                assertTrue(row.values().stream().allMatch(v -> Double.isFinite(v) && v > 0),
                        () -> "throughput or latency not positive in np.out row " + row + "\n" + run.describe());
            }
        }

        if (mode.integrity()) {
            assertFalse(output.integrityFailed(), () -> "NetPIPE received corrupted data\n" + run.describe());
            assertEquals(sizes.size(), output.integrityPassed(),
                    () -> "expected a passed integrity check per size\n" + run.describe());
        } else {
            assertEquals(0, output.integrityPassed(), () -> "integrity verdicts in a throughput run\n" + run.describe());
        }
    }

    /** The translation library of each of the two ranks reported itself ready for {@code pair}. */
    public static void assertRanPerRankThrough(NetpipeRun run, TranslationPair pair) {
        assertRanPerRankThrough(run, pair.label());
    }

    /** The same for a pair written as the launcher's -v writes it, e.g. {@code openmpi→openmpi5}. */
    public static void assertRanPerRankThrough(NetpipeRun run, String pairLabel) {
        String ready = pairLabel + " translation ready";
        assertEquals(NetpipeRun.RANKS, occurrences(run.process().stderr(), ready),
                () -> "expected \"" + ready + "\" once per rank (wi4mpi -v)\n" + run.describe());
    }

    /** The translated job measured exactly the message sizes of the native job, in np.out too. */
    public static void assertSameSizes(NetpipeRun nativeRun, NetpipeRun translated) {
        assertEquals(nativeRun.output().messageSizes(), translated.output().messageSizes(),
                () -> "message sizes differ from the native run\n--- native ---\n" + nativeRun.describe()
                        + "--- translated ---\n" + translated.describe());
        assertEquals(nativeRun.output().outFileSizes(), translated.output().outFileSizes(),
                () -> "np.out sizes differ from the native run\n--- native ---\n" + nativeRun.describe()
                        + "--- translated ---\n" + translated.describe());
    }

    private static long occurrences(String text, String fragment) {
        return Pattern.compile(Pattern.quote(fragment)).matcher(text).results().count();
    }
}
