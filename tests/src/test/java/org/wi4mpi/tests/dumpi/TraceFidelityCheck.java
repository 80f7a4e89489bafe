package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.wi4mpi.tests.MpiFamily;

/**
 * One comparison of the fidelity check: the trace libdumpi wrote of a run and the trace wi4mpi wrote of the
 * same program with the same ranks, read with dumpi2ascii. Per rank, after {@link RunDependentValues} on
 * both sides and {@link IntendedDifference}: the same calls with the same arguments ({@link TraceComparison},
 * user handles by kind), footer counts equal to libdumpi's and to the trace's own
 * records, a keyval record that lists only functions without a DUMPI label; and a .meta file like libdumpi's.
 */
final class TraceFidelityCheck {

    /** Functions whose footer count depends on timing (unsuccessful polls, left out of the call streams). */
    private static final Set<String> POLLS = Set.of("MPI_Test", "MPI_Testany", "MPI_Testall", "MPI_Testsome",
            "MPI_Iprobe", "MPI_Request_get_status", "MPI_Win_test", "MPIO_Test", "MPIO_Testany", "MPIO_Testall", "MPIO_Testsome");
    private static final Pattern UNLABELLED = Pattern.compile("wi4mpi\\.unlabelled=(MPI_\\w+=\\d+)( MPI_\\w+=\\d+)*");
    private static final List<String> META_KEYS = List.of("hostname", "numprocs", "username", "version", "subversion",
            "subsubversion");

    /** How ours ran, and the programs run: the same binary, or (interface mode) the same source built twice. */
    record Setting(IntendedDifference.TracedAs mode, MpiFamily reference, MpiFamily target, Path referenceBinary, Path ourBinary) {

        /** The target's MPI_PROC_NULL, as libdumpi records it unmapped. */
        int targetProcNull() {
            return target == MpiFamily.OPENMPI ? -2 : -1;
        }
    }

    private final DumpiReader reader;

    TraceFidelityCheck(DumpiReader reader) {
        this.reader = reader;
    }

    void check(DumpiTraceFiles reference, DumpiTraceFiles ours, int np, Setting setting, String where) {
        assertEquals(np, ours.rankFileCount(), () -> where + "rank files of " + ours);
        checkMeta(reference, ours, where);
        for (int rank = 0; rank < np; rank++) {
            String at = where + "rank " + rank + ": ";
            List<DumpiCall> referenceStream = reader.calls(reference.rank(rank));
            List<DumpiCall> ourStream = reader.calls(ours.rank(rank));
            List<DumpiCall> referenceCalls = IntendedDifference.apply(comparable(referenceStream, setting.referenceBinary()),
                    setting.mode(), false);
            List<DumpiCall> ourCalls = IntendedDifference.apply(comparable(ourStream, setting.ourBinary()), setting.mode(), true);
            Optional<String> difference = TraceComparison.firstDifference(referenceCalls, ourCalls,
                    (r, o) -> IntendedDifference.sameProcNull(r, o, setting.mode(), setting.targetProcNull()),
                    setting.reference() == MpiFamily.MPICH);
            difference.ifPresent(d -> fail(at + d));
            checkGraphEdges(ourStream, at);

            DumpiFooter referenceFooter = reader.footer(reference.rank(rank));
            DumpiFooter ourFooter = reader.footer(ours.rank(rank));
            checkFooterAgainstStream(ourFooter, ourStream, at + "ours: ");
            checkFooterAgainstStream(referenceFooter, referenceStream, at + "libdumpi: ");
            for (String function : referenceFooter.counts().keySet()) {
                if (POLLS.contains(function) || function.equals("MPI_ALL_FUNCTIONS")
                        || IntendedDifference.NOT_WRAPPED.contains(function))
                    continue;
                DumpiFooter.Counts r = referenceFooter.of(function);
                DumpiFooter.Counts o = ourFooter.of(function);
                assertEquals(r.recorded(), o.recorded(), () -> at + "footer count of recorded " + function);
                // Calls the MPI makes itself through MPI_ names (ROMIO's) are counted as ignored by the tool
                // they bind to, which depends on the MPI library, not on the tracer: compared where neither has any.
                if (r.ignored() == 0 && o.ignored() == 0)
                    assertEquals(r.called(), o.called(), () -> at + "footer count of " + function);
            }
            assertEquals(List.of(), reader.keyvals(reference.rank(rank)), at + "libdumpi writes no keyval");
            checkKeyvals(reader.keyvals(ours.rank(rank)), ourFooter, at);
        }
    }

    /** Times apart, run-dependent values rewritten, the program's own path replaced by a placeholder. */
    private static List<DumpiCall> comparable(List<DumpiCall> calls, Path binary) {
        List<DumpiCall> normalized = RunDependentValues.normalize(calls);
        String path = "\"" + binary + "\"";
        return normalized.stream().map(c -> !c.function().equals("MPI_Init") && !c.function().equals("MPI_Init_thread") ? c
                : new DumpiCall(c.function(), c.thread(), c.arguments().stream()
                        .map(a -> a.name().startsWith("argv") ? new DumpiArgument(a.type(), a.name(), a.value().replace(path, "<program>")) : a)
                        .toList(), null)).toList();
    }

    /** Our MPI_Graph_create and MPI_Graph_map record index[nnodes-1] edges ({@link IntendedDifference#GRAPH_EDGES}). */
    private static void checkGraphEdges(List<DumpiCall> calls, String where) {
        for (DumpiCall c : calls) {
            if (!c.function().equals("MPI_Graph_create") && !c.function().equals("MPI_Graph_map"))
                continue;
            String index = c.arguments().stream().filter(a -> a.name().startsWith("index[")).findFirst().orElseThrow().value();
            String last = index.substring(index.lastIndexOf(' ') + 1, index.length() - 1).replace("[", "");
            assertEquals(last, c.value("numedges"), () -> where + "numedges of " + c);
        }
    }

    /** Each label's calls, less those ignored, are the records of that label in the stream. */
    private static void checkFooterAgainstStream(DumpiFooter footer, List<DumpiCall> calls, String where) {
        Map<String, Long> records = new LinkedHashMap<>();
        for (DumpiCall call : calls)
            if (footer.counts().containsKey(call.function())) // not libdumpi's annotations (Function_enter/exit)
                records.merge(call.function(), 1L, Long::sum);
        for (Map.Entry<String, Long> e : records.entrySet())
            assertEquals(e.getValue(), footer.of(e.getKey()).recorded(), () -> where + "footer of " + e.getKey() + " against the stream");
        long total = records.values().stream().mapToLong(Long::longValue).sum();
        assertEquals(total, footer.of("MPI_ALL_FUNCTIONS").recorded(), () -> where + "footer total against the stream");
    }

    /** Our keyval record: nothing, or the one wi4mpi.unlabelled entry naming functions the footer has no label for. */
    private static void checkKeyvals(List<String> keyvals, DumpiFooter footer, String where) {
        if (keyvals.isEmpty())
            return;
        assertEquals(1, keyvals.size(), () -> where + "one keyval entry: " + keyvals);
        assertTrue(UNLABELLED.matcher(keyvals.getFirst()).matches(), () -> where + keyvals);
        for (String entry : keyvals.getFirst().substring("wi4mpi.unlabelled=".length()).split(" ")) {
            String name = entry.substring(0, entry.indexOf('='));
            assertTrue(!footer.counts().containsKey(name), () -> where + name + " is listed as unlabelled but has a label");
        }
    }

    private static void checkMeta(DumpiTraceFiles reference, DumpiTraceFiles ours, String where) {
        Map<String, String> r = meta(reference.meta());
        Map<String, String> o = meta(ours.meta());
        assertEquals(r.keySet(), o.keySet(), () -> where + ".meta keys");
        for (String key : META_KEYS)
            assertEquals(r.get(key), o.get(key), () -> where + ".meta " + key);
        // Both relative: libdumpi's runs start in their directory with fileroot dumpi (LibdumpiTracer); ours
        // write into the directory of --trace with the default fileroot.
        assertEquals(reference.prefix(), r.get("fileprefix"), () -> where + "libdumpi's .meta fileprefix");
        assertEquals(ours.prefix(), o.get("fileprefix"), () -> where + ".meta fileprefix");
        assertTrue(ours.prefix().matches("dumpi-\\d{4}(\\.\\d{2}){5}"), () -> where + "prefix " + ours.prefix());
    }

    private static Map<String, String> meta(Path file) {
        try {
            Map<String, String> m = new LinkedHashMap<>();
            for (String line : Files.readAllLines(file)) {
                int eq = line.indexOf('=');
                if (eq <= 0)
                    fail(file + ": not a key=value line: '" + line + "'");
                m.put(line.substring(0, eq), line.substring(eq + 1));
            }
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
