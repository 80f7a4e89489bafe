package org.wi4mpi.gen.trace;

import java.util.List;

/**
 * The task graph of a run: the operations of every rank, the collective instances, the message edges
 * (sends arriving at each receiving vertex), the latency model that weighs them, and the calls the
 * traces counted without recording them.
 */
record TaskGraph(List<RankTimeline> ranks, Collectives collectives, Incoming incoming, LatencyModel model, UnlabelledCalls unlabelled) {

    static final String INIT_NODE = "init";
    static final String FINALIZE_NODE = "finalize";

    static String node(int rank, int slot) {
        return "r" + rank + "_" + slot;
    }

    static String collectiveNode(int id) {
        return "c" + id;
    }

    /** The DOT node of a rank's slot: its own vertex, or the collective it takes part in. */
    String slotNode(RankTimeline rank, int slot) {
        int c = rank.collective(slot);
        return c == RankTimeline.NOT_COLLECTIVE ? node(rank.rank, slot) : collectiveNode(c);
    }

    /** The summary line naming the ranks of several threads (one chain each), or "" when there are none. */
    String threadsLine() {
        List<String> ranksOfThreads = ranks.stream().filter(r -> r.threads() > 1).map(r -> "rank " + r.rank + " " + r.threads())
                .toList();
        return ranksOfThreads.isEmpty() ? "" : "  threads (one chain each): " + String.join(", ", ranksOfThreads) + "\n";
    }

    CriticalPath criticalPath() throws TraceFormatException {
        return new LongestPath(ranks, collectives, incoming, model).solve();
    }
}
