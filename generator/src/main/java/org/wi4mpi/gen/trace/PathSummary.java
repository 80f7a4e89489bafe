package org.wi4mpi.gen.trace;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The few lines critpath prints: the path's length, its share of computation and communication, and
 * the operations on it that weigh most (each operation weighs the edge that leads to it plus its own
 * modelled latency for a collective).
 */
final class PathSummary {

    private static final int TOP = 5;

    private PathSummary() {
    }

    static String of(CriticalPath path, String modelSource) {
        double length = path.lengthUs();
        double computation = path.computationUs();
        long messages = path.steps().stream().filter(s -> s.edge() == CriticalPath.EdgeKind.MESSAGE).count();
        long collectives = path.steps().stream().filter(s -> OpClass.of(s.function()) == OpClass.COLLECTIVE).count();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "critical path: %s over %d vertices (%s, %s; latencies from %s)%n",
                time(length), path.steps().size(), count(messages, "message"), count(collectives, "collective"), modelSource));
        out.append(String.format(Locale.ROOT, "  computation   %s (%s)%n", time(computation), share(computation, length)));
        out.append(String.format(Locale.ROOT, "  communication %s (%s)%n", time(length - computation), share(length - computation, length)));
        Map<String, double[]> byFunction = new LinkedHashMap<>();
        for (CriticalPath.Step step : path.steps()) {
            double[] entry = byFunction.computeIfAbsent(step.function(), k -> new double[2]);
            entry[0]++;
            entry[1] += step.edgeUs() + step.vertexUs();
        }
        List<Map.Entry<String, double[]>> top = byFunction.entrySet().stream()
                .sorted((x, y) -> Double.compare(y.getValue()[1], x.getValue()[1])).limit(TOP).toList();
        out.append("  top operations on the path (count, time leading to them):\n");
        for (Map.Entry<String, double[]> entry : top) {
            out.append(String.format(Locale.ROOT, "    %-22s %6d  %s%n", entry.getKey(), (long) entry.getValue()[0], time(entry.getValue()[1])));
        }
        return out.toString();
    }

    private static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static String share(double part, double whole) {
        return whole <= 0 ? "-" : String.format(Locale.ROOT, "%.1f %%", 100 * part / whole);
    }

    static String time(double us) {
        if (us >= 1_000_000) {
            return String.format(Locale.ROOT, "%.3f s", us / 1_000_000);
        }
        if (us >= 1_000) {
            return String.format(Locale.ROOT, "%.3f ms", us / 1_000);
        }
        return String.format(Locale.ROOT, "%.3f us", us);
    }
}
