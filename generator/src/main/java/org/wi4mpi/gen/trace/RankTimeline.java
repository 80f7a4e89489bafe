package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The operations of one rank between MPI_Init and MPI_Finalize, in order of entry: one slot per
 * task-graph vertex of the rank (a collective's slot refers to the shared collective vertex), with its
 * wall-clock entry and exit in nanoseconds. A thread's operations form a chain: each slot's computation
 * edge comes from the previous slot of the same thread, and each thread's last slot has an edge to
 * MPI_Finalize. A thread's first slot continues the rank where the thread began: its edge comes from the
 * operation entered last among those that had ended when it was entered (the rank's MPI_Init for the
 * first thread, or when none had ended). A rank of one thread is one chain.
 */
final class RankTimeline {

    static final int NOT_COLLECTIVE = -1;
    /** A collective slot whose instance is assigned once every file is read. */
    static final int COLLECTIVE_PENDING = -2;
    private static final int NONE = -1;

    final int rank;
    private final List<String> names = new ArrayList<>();
    private final LongList starts = new LongList();
    private final LongList ends = new LongList();
    private final LongList collectives = new LongList();
    /** The previous slot of the same thread; null while the rank has one thread (then it is slot - 1). */
    private LongList previous;
    /** The last slot of each thread, kept once a second thread appears. */
    private final Map<Integer, Integer> lastOfThread = new HashMap<>();
    /** For the first slot of each thread but the first: the slot its computation edge comes from. */
    private final Map<Integer, Integer> threadStart = new HashMap<>();
    private int firstThread = -1;
    /** The next slot of the same thread, built on first use. */
    private int[] next;
    String initName;
    long initEnd = -1;
    long finalizeStart = -1;

    RankTimeline(int rank) {
        this.rank = rank;
    }

    /** Appends a slot of a thread and returns its position. */
    int add(String name, long start, long end, int collective, int thread) {
        int slot = names.size();
        if (firstThread < 0) {
            firstThread = thread;
        }
        if (previous == null && thread != firstThread) {
            previous = new LongList();
            for (int s = 0; s < slot; s++) {
                previous.add(s - 1);
            }
            lastOfThread.put(firstThread, slot - 1);
        }
        if (previous != null) {
            Integer before = lastOfThread.put(thread, slot);
            previous.add(before == null ? NONE : before);
            if (before == null) {
                for (int s = slot - 1; s >= 0; s--) {
                    if (ends.get(s) <= start) {
                        threadStart.put(slot, s);
                        break;
                    }
                }
            }
        }
        names.add(name);
        starts.add(start);
        ends.add(end);
        collectives.add(collective);
        next = null;
        return slot;
    }

    int size() {
        return names.size();
    }

    /** How many threads made operations. */
    int threads() {
        return previous != null ? lastOfThread.size() : size() > 0 ? 1 : 0;
    }

    String name(int slot) {
        return names.get(slot);
    }

    long start(int slot) {
        return starts.get(slot);
    }

    long end(int slot) {
        return ends.get(slot);
    }

    /** Where the slot's computation edge comes from: a slot of the rank, or -1 for MPI_Init. */
    int previous(int slot) {
        if (previous == null) {
            return slot - 1;
        }
        int before = (int) previous.get(slot);
        return before != NONE ? before : threadStart.getOrDefault(slot, NONE);
    }

    /** The next operation of the slot's thread, or -1 when the slot is its thread's last. */
    int next(int slot) {
        if (previous == null) {
            return slot + 1 < size() ? slot + 1 : NONE;
        }
        if (next == null) {
            next = new int[size()];
            java.util.Arrays.fill(next, NONE);
            for (int s = 0; s < size(); s++) {
                int p = (int) previous.get(s);
                if (p >= 0) {
                    next[p] = s;
                }
            }
        }
        return next[slot];
    }

    /** The first slot of each thread, in order of entry. */
    int[] threadHeads() {
        int[] heads = new int[threads()];
        int n = 0;
        for (int s = 0; s < size() && n < heads.length; s++) {
            if (previous == null ? s == 0 : previous.get(s) == NONE) {
                heads[n++] = s;
            }
        }
        return java.util.Arrays.copyOf(heads, n);
    }

    /** The collective instance of the slot, or {@link #NOT_COLLECTIVE}. */
    int collective(int slot) {
        return (int) collectives.get(slot);
    }

    void setCollective(int slot, int instance) {
        collectives.set(slot, instance);
    }
}
