package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * The operations of one rank between MPI_Init and MPI_Finalize, in order: one slot per task-graph
 * vertex of the rank (a collective's slot refers to the shared collective vertex), with its wall-clock
 * entry and exit in nanoseconds.
 */
final class RankTimeline {

    static final int NOT_COLLECTIVE = -1;

    final int rank;
    private final List<String> names = new ArrayList<>();
    private final LongList starts = new LongList();
    private final LongList ends = new LongList();
    private final LongList collectives = new LongList();
    String initName;
    long initEnd = -1;
    long finalizeStart = -1;

    RankTimeline(int rank) {
        this.rank = rank;
    }

    /** Appends a slot and returns its position. */
    int add(String name, long start, long end, int collective) {
        names.add(name);
        starts.add(start);
        ends.add(end);
        collectives.add(collective);
        return names.size() - 1;
    }

    int size() {
        return names.size();
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

    /** The collective instance of the slot, or {@link #NOT_COLLECTIVE}. */
    int collective(int slot) {
        return (int) collectives.get(slot);
    }
}
