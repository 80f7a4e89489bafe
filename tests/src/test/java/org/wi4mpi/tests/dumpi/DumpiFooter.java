package org.wi4mpi.tests.dumpi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The footer of one rank's trace as {@code dumpi2ascii -F} prints it: per DUMPI label, how many calls were
 * made and how many of those were not recorded (ignored: nested in another traced call, or disabled).
 *
 * @param counts by function name as the reader prints it ({@code MPI_Send}, {@code MPIO_Wait}, {@code MPI_ALL_FUNCTIONS})
 */
public record DumpiFooter(Map<String, Counts> counts) {

    private static final Pattern LINE = Pattern.compile("(\\w+) called (\\d+) times and ignored (\\d+) times");

    /** A label's two counts. */
    public record Counts(long called, long ignored) {

        /** The calls that have a record in the stream. */
        public long recorded() {
            return called - ignored;
        }
    }

    /** Parses the reader's footer lines; any other line is an error naming it. */
    public static DumpiFooter parse(String text, String origin) {
        Map<String, Counts> counts = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty())
                continue;
            Matcher m = LINE.matcher(line);
            if (!m.matches())
                throw new IllegalArgumentException(origin + ": not a footer line: '" + line + "'");
            counts.put(m.group(1), new Counts(Long.parseLong(m.group(2)), Long.parseLong(m.group(3))));
        }
        if (!counts.containsKey("MPI_ALL_FUNCTIONS"))
            throw new IllegalArgumentException(origin + ": the footer has no MPI_ALL_FUNCTIONS line");
        return new DumpiFooter(Map.copyOf(counts));
    }

    /** The counts of a label; zero when the footer does not name it. */
    public Counts of(String function) {
        return counts.getOrDefault(function, new Counts(0, 0));
    }
}
