package org.wi4mpi.tests.debian;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What one NetPIPE run reported. Rank 0 announces each size on stderr and writes the measurement to np.out
 * in the working directory. The launcher merges the ranks' stderr, and NetPIPE writes a result line in two
 * pieces ({@code "  3:       4 bytes     20 times -->"}, then the result), so another rank's message can land
 * between them: stderr is only searched for those pieces, while the numbers come from np.out, which rank 0
 * alone writes.
 *
 * @param sizes            the announced sizes, in order
 * @param integrityPassed  how many "Integrity check passed" verdicts stderr holds
 * @param integrityFailed  whether stderr reports a corrupted message
 * @param rows             np.out, one row per size: bytes then numbers (Mbps and seconds, or the repetitions
 *                         in integrity mode); bytes are doubled in bidirectional mode
 */
public record NetpipeOutput(List<Size> sizes, int integrityPassed, boolean integrityFailed, List<Row> rows) {

    /** One size announced on stderr: its sequence number, message size and repetitions. */
    public record Size(int index, long bytes, int repeats) {
    }

    /** One row of np.out. */
    public record Row(long bytes, List<Double> values) {
    }

    private static final Pattern SIZE = Pattern.compile("(\\d+):\\s+(\\d+) bytes\\s+(\\d+) times -->");
    private static final Pattern PASSED = Pattern.compile("Integrity check passed");

    /** Parses the run's stderr and the text of np.out (empty when it was not written). */
    public static NetpipeOutput parse(String stderr, String outFile) {
        List<Size> sizes = SIZE.matcher(stderr).results()
                .map(m -> new Size(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
                        Integer.parseInt(m.group(3))))
                .toList();
        int passed = (int) PASSED.matcher(stderr).results().count();
        List<Row> rows = outFile.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .map(NetpipeOutput::row)
                .toList();
        return new NetpipeOutput(sizes, passed, stderr.contains("Integrity check failed"), rows);
    }

    /** The announced message sizes, in order. */
    public List<Long> messageSizes() {
        return sizes.stream().map(Size::bytes).toList();
    }

    /** The first column of np.out. */
    public List<Long> outFileSizes() {
        return rows.stream().map(Row::bytes).toList();
    }

    private static Row row(String line) {
        String[] fields = line.split("\\s+");
        try {
            return new Row(Long.parseLong(fields[0]),
                    Arrays.stream(fields, 1, fields.length).map(Double::valueOf).toList());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("np.out row is not numeric: '" + line + "'", e);
        }
    }
}
