package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The longest path of the task graph, computed in one topological sweep over the threads of the ranks:
 * a thread advances while its next vertex has all its predecessors done (the senders of the messages it
 * receives, all the ranks of a collective). Vertex ids: -1 MPI_Init, -2 MPI_Finalize, -(3 + id)
 * collective id, and (rank << 32 | slot) an operation of a rank. Ties keep the first candidate: the
 * thread's own predecessor, then messages in matching order, then lower ranks.
 */
final class LongestPath {

    private static final long INIT = -1;
    private static final long NO_MESSAGE = -1;

    private final List<RankTimeline> ranks;
    private final Collectives collectives;
    private final Incoming incoming;
    private final LatencyModel model;
    private final double[][] dist;
    private final long[][] pred;
    private final long[][] predBytes;
    /** The message into the vertex left its sender on entry: the path continues before the sender. */
    private final boolean[][] predAtEntry;
    private final double[] collDist;
    private final long[] collPred;
    private final int[] collPredRank;
    private final int[] collArrived;
    private final boolean[][] done;
    /** The slot arrived at its collective already (a thread waiting there is retried). */
    private final boolean[][] arrived;

    LongestPath(List<RankTimeline> ranks, Collectives collectives, Incoming incoming, LatencyModel model) {
        this.ranks = ranks;
        this.collectives = collectives;
        this.incoming = incoming;
        this.model = model;
        int n = ranks.size();
        dist = new double[n][];
        pred = new long[n][];
        predBytes = new long[n][];
        predAtEntry = new boolean[n][];
        done = new boolean[n][];
        arrived = new boolean[n][];
        for (int r = 0; r < n; r++) {
            int size = ranks.get(r).size();
            dist[r] = new double[size];
            pred[r] = new long[size];
            predBytes[r] = new long[size];
            predAtEntry[r] = new boolean[size];
            done[r] = new boolean[size];
            arrived[r] = new boolean[size];
        }
        int c = collectives.instances.size();
        collDist = new double[c];
        Arrays.fill(collDist, -1);
        collPred = new long[c];
        collPredRank = new int[c];
        collArrived = new int[c];
    }

    CriticalPath solve() throws TraceFormatException {
        int n = ranks.size();
        int[][] cursor = new int[n][];
        for (int r = 0; r < n; r++) {
            cursor[r] = ranks.get(r).threadHeads();
        }
        int remaining = ranks.stream().mapToInt(RankTimeline::size).sum();
        while (remaining > 0) {
            int before = remaining;
            for (int r = 0; r < n; r++) {
                RankTimeline rank = ranks.get(r);
                for (int t = 0; t < cursor[r].length; t++) {
                    while (cursor[r][t] >= 0 && step(rank, cursor[r][t])) {
                        done[r][cursor[r][t]] = true;
                        cursor[r][t] = rank.next(cursor[r][t]);
                        remaining--;
                    }
                }
            }
            if (remaining == before) {
                throw new TraceFormatException(stuckMessage(cursor));
            }
        }
        return finish();
    }

    /** Computes the vertex at (rank, slot) if its predecessors are done; false to wait. */
    private boolean step(RankTimeline rank, int slot) {
        int r = rank.rank;
        int before = rank.previous(slot);
        if (before >= 0 && !done[r][before]) {
            return false; // a thread's first operation waits for the one it continues
        }
        double base = predecessorDist(rank, slot) + gapUs(rank, slot);
        int c = rank.collective(slot);
        if (c != RankTimeline.NOT_COLLECTIVE) {
            Collectives.Instance instance = collectives.instances.get(c);
            if (!arrived[r][slot]) {
                arrived[r][slot] = true;
                if (collArrived[c] == 0 || base > collDist[c] || (base == collDist[c] && r < collPredRank[c])) {
                    collDist[c] = base;
                    collPred[c] = predecessor(rank, slot);
                    collPredRank[c] = r;
                }
                collArrived[c]++;
                if (collArrived[c] == instance.participants.size()) {
                    collDist[c] += model.collective(instance.name, instance.modelBytes(), instance.ranks);
                }
            }
            if (collArrived[c] < instance.participants.size()) {
                return false;
            }
            dist[r][slot] = collDist[c];
            return true;
        }
        int messages = incoming.count(r, slot);
        for (int k = 0; k < messages; k++) {
            Messages.Send send = incoming.get(r, slot, k);
            int sentAfter = ranks.get(send.rank()).previous(send.slot());
            if (send.atEntry() ? sentAfter >= 0 && !done[send.rank()][sentAfter] : !done[send.rank()][send.slot()]) {
                return false;
            }
        }
        dist[r][slot] = base;
        pred[r][slot] = predecessor(rank, slot);
        predBytes[r][slot] = NO_MESSAGE;
        for (int k = 0; k < messages; k++) {
            Messages.Send send = incoming.get(r, slot, k);
            RankTimeline sender = ranks.get(send.rank());
            double left = send.atEntry() ? predecessorDist(sender, send.slot()) + gapUs(sender, send.slot())
                    : dist[send.rank()][send.slot()];
            double viaMessage = left + model.message(send.bytes());
            if (viaMessage > dist[r][slot]) {
                dist[r][slot] = viaMessage;
                pred[r][slot] = MessageMatcher.key(send.rank(), send.slot());
                predBytes[r][slot] = send.bytes();
                predAtEntry[r][slot] = send.atEntry();
            }
        }
        return true;
    }

    private double predecessorDist(RankTimeline rank, int slot) {
        int before = rank.previous(slot);
        return before < 0 ? 0 : dist[rank.rank][before];
    }

    /** The vertex before (rank, slot) on its thread: MPI_Init, an operation or a collective. */
    private long predecessor(RankTimeline rank, int slot) {
        int before = rank.previous(slot);
        return before < 0 ? INIT : vertex(rank, before);
    }

    private static long vertex(RankTimeline rank, int slot) {
        int c = rank.collective(slot);
        return c == RankTimeline.NOT_COLLECTIVE ? MessageMatcher.key(rank.rank, slot) : -(3L + c);
    }

    private static double gapUs(RankTimeline rank, int slot) {
        int before = rank.previous(slot);
        long previousEnd = before < 0 ? rank.initEnd : rank.end(before);
        return Math.max(0, rank.start(slot) - previousEnd) / 1000.0;
    }

    private CriticalPath finish() {
        double best = -1;
        long last = INIT;
        double lastGap = 0;
        int lastRank = -1;
        for (RankTimeline rank : ranks) {
            for (int lastSlot : lastSlots(rank)) {
                long end = lastSlot < 0 ? rank.initEnd : rank.end(lastSlot);
                double gap = Math.max(0, rank.finalizeStart - end) / 1000.0;
                double candidate = (lastSlot < 0 ? 0 : dist[rank.rank][lastSlot]) + gap;
                if (candidate > best) {
                    best = candidate;
                    last = lastSlot < 0 ? INIT : vertex(rank, lastSlot);
                    lastGap = gap;
                    lastRank = rank.rank;
                }
            }
        }
        List<CriticalPath.Step> reversed = new ArrayList<>();
        reversed.add(new CriticalPath.Step(TaskGraph.FINALIZE_NODE, "MPI_Finalize", -1, CriticalPath.EdgeKind.COMPUTATION, lastGap, 0, 0,
                lastRank));
        long v = last;
        boolean entered = false;
        while (v != INIT) {
            long next = backtrack(v, entered, reversed);
            entered = !entered && v >= 0 && predBytes[(int) (v >>> 32)][(int) v] != NO_MESSAGE
                    && predAtEntry[(int) (v >>> 32)][(int) v];
            v = next;
        }
        String init = ranks.isEmpty() ? "MPI_Init" : ranks.getFirst().initName;
        reversed.add(new CriticalPath.Step(TaskGraph.INIT_NODE, init, -1, CriticalPath.EdgeKind.NONE, 0, 0, 0, -1));
        Collections.reverse(reversed);
        return new CriticalPath(List.copyOf(reversed), best);
    }

    /**
     * Adds vertex v with the edge that leads to it and returns its predecessor on the path; entered:
     * the path leaves v on entry (a Sendrecv's message), so v is reached from its rank's predecessor.
     */
    private long backtrack(long v, boolean entered, List<CriticalPath.Step> reversed) {
        if (v < INIT) {
            int c = (int) (-v - 3);
            Collectives.Instance instance = collectives.instances.get(c);
            long from = collPred[c];
            RankTimeline arriving = ranks.get(collPredRank[c]);
            int slot = slotOf(instance, arriving.rank);
            reversed.add(new CriticalPath.Step(TaskGraph.collectiveNode(c), instance.name, -1, CriticalPath.EdgeKind.COMPUTATION, gapUs(arriving, slot), 0,
                    model.collective(instance.name, instance.modelBytes(), instance.ranks), arriving.rank));
            return from;
        }
        int r = (int) (v >>> 32);
        int slot = (int) v;
        RankTimeline rank = ranks.get(r);
        long bytes = entered ? NO_MESSAGE : predBytes[r][slot];
        if (bytes == NO_MESSAGE) {
            reversed.add(new CriticalPath.Step(TaskGraph.node(r, slot), rank.name(slot), r, CriticalPath.EdgeKind.COMPUTATION, gapUs(rank, slot), 0, 0,
                    r));
            if (entered) {
                return predecessor(rank, slot);
            }
        } else {
            reversed.add(new CriticalPath.Step(TaskGraph.node(r, slot), rank.name(slot), r, CriticalPath.EdgeKind.MESSAGE, model.message(bytes), bytes, 0,
                    -1));
        }
        return pred[r][slot];
    }

    /** The last operation of each thread of a rank, in order of entry ({-1} for a rank without operations). */
    static int[] lastSlots(RankTimeline rank) {
        if (rank.size() == 0) {
            return new int[] {-1};
        }
        return java.util.stream.IntStream.range(0, rank.size()).filter(s -> rank.next(s) < 0).toArray();
    }

    private static int slotOf(Collectives.Instance instance, int rank) {
        for (int[] participant : instance.participants) {
            if (participant[0] == rank) {
                return participant[1];
            }
        }
        throw new IllegalStateException("rank " + rank + " not in collective");
    }

    private String stuckMessage(int[][] cursor) {
        StringBuilder waiting = new StringBuilder();
        for (RankTimeline rank : ranks) {
            for (int slot : cursor[rank.rank]) {
                if (slot >= 0) {
                    waiting.append(waiting.isEmpty() ? "" : ", ").append("rank ").append(rank.rank).append(" at ")
                            .append(rank.name(slot)).append(" (operation ").append(slot + 1).append(')');
                }
            }
        }
        return "the messages and collectives of the traces form a cycle (" + waiting
                + " wait for each other): the traces do not belong to one run.";
    }
}
