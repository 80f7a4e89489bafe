package org.wi4mpi.tests.dumpi;

import java.util.List;
import java.util.Optional;

/**
 * Compares the calls of one rank as two tracers recorded them, times apart: the same functions in the same
 * order with the same arguments (names, types and values), user handles by kind ({@link HandleKinds}).
 */
final class TraceComparison {

    /** Calls shown before the first difference, for context. */
    private static final int CONTEXT = 3;

    private TraceComparison() {
    }

    /** A description of the first difference, or empty when the two lists are the same. */
    static Optional<String> firstDifference(List<DumpiCall> reference, List<DumpiCall> ours, Equivalence equivalence,
                                            boolean lbUbAsUser) {
        int n = Math.min(reference.size(), ours.size());
        for (int i = 0; i < n; i++) {
            DumpiCall r = reference.get(i);
            DumpiCall o = ours.get(i);
            String why = difference(r, o, equivalence, lbUbAsUser);
            if (why != null)
                return Optional.of("call " + i + " differs (" + why + ")\n" + context(reference, i)
                        + "  reference: " + r.withoutTimes() + "\n  ours:      " + o.withoutTimes());
        }
        if (reference.size() != ours.size()) {
            List<DumpiCall> longer = reference.size() > ours.size() ? reference : ours;
            return Optional.of((longer == reference ? "the reference" : "ours") + " has " + Math.abs(reference.size() - ours.size())
                    + " more calls, from call " + n + ": " + longer.get(n).withoutTimes());
        }
        return Optional.empty();
    }

    private static String difference(DumpiCall r, DumpiCall o, Equivalence equivalence, boolean lbUbAsUser) {
        if (!r.function().equals(o.function()))
            return "function";
        if (r.thread() != o.thread())
            return "thread";
        if (r.arguments().size() != o.arguments().size())
            return "number of arguments";
        for (int a = 0; a < r.arguments().size(); a++) {
            DumpiArgument ra = r.arguments().get(a);
            DumpiArgument oa = o.arguments().get(a);
            if (!ra.name().equals(oa.name()) || !ra.type().equals(oa.type()))
                return "argument " + a + " is " + oa.type() + " " + oa.name() + ", not " + ra.type() + " " + ra.name();
            boolean handle = HandleKinds.isHandle(ra);
            if (!(handle ? HandleKinds.sameKinds(ra, oa, lbUbAsUser) : ra.value().equals(oa.value()) || equivalence.same(ra, oa)))
                return ra.name() + (handle ? ", not handles of the same kinds" : "");
        }
        return null;
    }

    /** Further values that count as the same (an intended difference that depends on both sides). */
    @FunctionalInterface
    interface Equivalence {
        boolean same(DumpiArgument reference, DumpiArgument ours);
    }

    private static String context(List<DumpiCall> calls, int index) {
        StringBuilder s = new StringBuilder();
        for (int i = Math.max(0, index - CONTEXT); i < index; i++)
            s.append("  before:    ").append(calls.get(i).withoutTimes()).append('\n');
        return s.toString();
    }
}
