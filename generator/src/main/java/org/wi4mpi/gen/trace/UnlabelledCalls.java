package org.wi4mpi.gen.trace;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The calls the traces count but cannot record: functions without a DUMPI label (nonblocking
 * collectives, MPI_Mprobe/MPI_Mrecv, MPI_Comm_split_type, ...), which wi4mpi's writer lists in the
 * keyval record under {@link #KEY} as {@code name=count} words. They are not vertices of the graph, so
 * critpath names them in its summary. libdumpi's files have no such entry (libdumpi does not count them).
 */
final class UnlabelledCalls {

    static final String KEY = "wi4mpi.unlabelled";

    /** Calls per function, summed over the ranks, and the number of ranks that made any. */
    private final Map<String, Long> counts = new TreeMap<>();
    private int ranks;

    /** Adds one rank file's list; a malformed list is named with the file and the keyval record's offset. */
    void add(DumpiFile file) throws TraceFormatException {
        String list = file.keyvals().get(KEY);
        if (list == null || list.isBlank()) {
            return;
        }
        ranks++;
        for (String word : list.trim().split(" +")) {
            int equals = word.lastIndexOf('=');
            long count = -1;
            if (equals > 0) {
                try {
                    count = Long.parseLong(word.substring(equals + 1));
                } catch (NumberFormatException e) {
                    // reported below
                }
            }
            if (count < 0) {
                throw new TraceFormatException(file.file(), file.keyvalOffset(), "the keyval entry " + KEY + " holds '" + word
                        + "', not name=count");
            }
            counts.merge(word.substring(0, equals), count, Long::sum);
        }
    }

    boolean isEmpty() {
        return counts.isEmpty();
    }

    long total() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** "MPI_Ibarrier 4, MPI_Mprobe 2" in name order. */
    String list() {
        return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    /** The summary line, or "" when every call is in the graph. */
    String summaryLine() {
        if (isEmpty()) {
            return "";
        }
        long total = total();
        return "  not in the graph: " + total + (total == 1 ? " call" : " calls") + " without a DUMPI label, counted by "
                + ranks + (ranks == 1 ? " rank" : " ranks") + " but not recorded: " + list() + "\n";
    }
}
