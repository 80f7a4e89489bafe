package org.wi4mpi.tests.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.regex.Pattern;

import org.wi4mpi.tests.TranslationPair;
import org.wi4mpi.tests.debian.NetpipeOutput.Point;

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
     * rank 0 reported a plausible series: consecutive indexes, strictly increasing sizes within the bound,
     * the requested repetitions, positive throughput and latency (or a passed integrity check), and an
     * np.out with one row per size.
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
        assertFalse(process.stderr().contains("Integrity check failed"),
                () -> "NetPIPE received corrupted data\n" + run.describe());

        // Two singleton jobs would each call themselves rank 0; one two-rank job prints ranks 0 and 1.
        List<String> ranks = RANK_LINE.matcher(process.stdout()).results().map(m -> m.group(1)).sorted().toList();
        assertEquals(List.of("0", "1"), ranks, () -> "expected one job with ranks 0 and 1\n" + run.describe());
        assertEquals(1, process.stderr().lines().filter(l -> l.strip().equals("Now starting the main loop")).count(),
                () -> "expected rank 0 to start the measurement loop once\n" + run.describe());

        NetpipeOutput output = run.output();
        assertTrue(output.unparsed().isEmpty(),
                () -> "unexpected result lines " + output.unparsed() + "\n" + run.describe());
        List<Point> points = output.points();
        assertTrue(points.size() >= MIN_POINTS,
                () -> "expected at least " + MIN_POINTS + " result lines, got " + points.size() + "\n" + run.describe());
        for (int i = 0; i < points.size(); i++) {
            Point point = points.get(i);
            int expectedIndex = i;
            assertEquals(expectedIndex, point.index(), () -> "result lines out of sequence\n" + run.describe());
            assertTrue(point.bytes() >= 1 && point.bytes() <= NetpipeMode.UPPER_BOUND,
                    () -> point + " outside 1.." + NetpipeMode.UPPER_BOUND + " bytes\n" + run.describe());
            if (i > 0)
                assertTrue(point.bytes() > points.get(i - 1).bytes(),
                        () -> "message sizes not increasing at " + point + "\n" + run.describe());
            assertEquals(NetpipeMode.REPEATS, point.repeats(), () -> "wrong repetitions in " + point + "\n" + run.describe());
            assertEquals(mode.integrity(), point.integrity(), () -> "wrong kind of result in " + point + "\n" + run.describe());
            if (!mode.integrity()) {
                assertTrue(Double.isFinite(point.mbps()) && point.mbps() > 0,
                        () -> "throughput not positive in " + point + "\n" + run.describe());
                assertTrue(Double.isFinite(point.usec()) && point.usec() > 0,
                        () -> "latency not positive in " + point + "\n" + run.describe());
            }
        }

        assertNotNull(run.outFile(), () -> "NetPIPE wrote no np.out in its working directory\n" + run.describe());
        List<Long> outSizes = output.outFileSizes();
        assertEquals(points.size(), outSizes.size(), () -> "np.out rows differ from result lines\n" + run.describe());
        for (int i = 1; i < outSizes.size(); i++) {
            int row = i;
            assertTrue(outSizes.get(row) > outSizes.get(row - 1),
                    () -> "np.out sizes not increasing at row " + row + "\n" + run.describe());
        }
    }

    /** The translation library of each of the two ranks reported itself ready for {@code pair}. */
    public static void assertRanPerRankThrough(NetpipeRun run, TranslationPair pair) {
        String ready = "wi4mpi: " + pair.label() + " translation ready";
        long readyLines = run.process().stderr().lines().filter(l -> l.strip().equals(ready)).count();
        assertEquals(NetpipeRun.RANKS, readyLines,
                () -> "expected \"" + ready + "\" once per rank (wi4mpi -v)\n" + run.describe());
    }

    /** The translated job measured exactly the message sizes of the native job, in np.out too. */
    public static void assertSameSizes(NetpipeRun nativeRun, NetpipeRun translated) {
        assertEquals(nativeRun.output().sizes(), translated.output().sizes(),
                () -> "message sizes differ from the native run\n--- native ---\n" + nativeRun.describe()
                        + "--- translated ---\n" + translated.describe());
        assertEquals(nativeRun.output().outFileSizes(), translated.output().outFileSizes(),
                () -> "np.out sizes differ from the native run\n--- native ---\n" + nativeRun.describe()
                        + "--- translated ---\n" + translated.describe());
    }
}
