package org.wi4mpi.tests.debian;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one NetPIPE run reported: the per-size lines rank 0 prints on stderr, and the first column of the
 * np.out file it writes in the working directory.
 *
 * @param points       the result lines, in order
 * @param unparsed     lines that start like a result line but match neither known form
 * @param outFileSizes the first column of np.out (bytes per transfer; doubled in bidirectional mode)
 */
public record NetpipeOutput(List<Point> points, List<String> unparsed, List<Long> outFileSizes) {

    /**
     * One message size: {@code "  3:       4 bytes     20 times -->    176.55 Mbps in       0.17 usec"}, or with
     * {@code -i} {@code "  3:      13 bytes     20 times -->  Integrity check passed"}.
     *
     * @param integrity whether this is an integrity-check line (then mbps and usec are NaN)
     */
    public record Point(int index, long bytes, int repeats, double mbps, double usec, boolean integrity) {
    }

    private static final Pattern RESULT_START = Pattern.compile("^\\s*\\d+:\\s+\\d+ bytes\\b.*");
    private static final Pattern THROUGHPUT = Pattern.compile(
            "^\\s*(\\d+):\\s+(\\d+) bytes\\s+(\\d+) times -->\\s+([0-9.]+) Mbps in\\s+([0-9.]+) usec\\s*$");
    private static final Pattern INTEGRITY = Pattern.compile(
            "^\\s*(\\d+):\\s+(\\d+) bytes\\s+(\\d+) times -->\\s+Integrity check passed\\s*$");

    /** Parses the run's stderr (where NetPIPE's rank 0 reports) and the text of np.out. */
    public static NetpipeOutput parse(String stderr, String outFile) {
        List<Point> points = new ArrayList<>();
        List<String> unparsed = new ArrayList<>();
        for (String line : stderr.lines().toList()) {
            if (!RESULT_START.matcher(line).matches())
                continue;
            Matcher m = THROUGHPUT.matcher(line);
            if (m.matches()) {
                points.add(new Point(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
                        Integer.parseInt(m.group(3)), Double.parseDouble(m.group(4)), Double.parseDouble(m.group(5)),
                        false));
                continue;
            }
            m = INTEGRITY.matcher(line);
            if (m.matches())
                points.add(new Point(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)),
                        Integer.parseInt(m.group(3)), Double.NaN, Double.NaN, true));
            else
                unparsed.add(line);
        }
        List<Long> outSizes = outFile.lines()
                .map(String::strip)
                .filter(line -> !line.isEmpty())
                .map(line -> Long.parseLong(line.split("\\s+")[0]))
                .toList();
        return new NetpipeOutput(List.copyOf(points), List.copyOf(unparsed), outSizes);
    }

    /** The message size of every result line, in order. */
    public List<Long> sizes() {
        return points.stream().map(Point::bytes).toList();
    }
}
