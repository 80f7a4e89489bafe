package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The collective instances of the run. The n-th collective a rank calls on a communicator is the same
 * instance on every rank of that communicator (MPI orders collectives per communicator), so instances
 * are keyed by (communicator, n).
 */
final class Collectives {

    /** One instance: its function, communicator size, largest per-rank payload and participants. */
    static final class Instance {
        final String name;
        final int ranks;
        long bytes;
        final List<int[]> participants = new ArrayList<>();

        Instance(String name, int ranks) {
            this.name = name;
            this.ranks = ranks;
        }
    }

    private final Map<String, Integer> byKey = new HashMap<>();
    final List<Instance> instances = new ArrayList<>();

    /**
     * Registers the participation of (rank, slot) in the seq-th collective on comm and returns the
     * instance id; a different function at the same position means the traces disagree.
     */
    int join(String comm, long seq, String name, int ranks, long bytes, int rank, int slot, String where)
            throws TraceFormatException {
        String key = comm + "#" + seq;
        Integer id = byKey.get(key);
        if (id == null) {
            id = instances.size();
            byKey.put(key, id);
            instances.add(new Instance(name, ranks));
        }
        Instance instance = instances.get(id);
        if (!instance.name.equals(name)) {
            throw new TraceFormatException(where + " is collective number " + (seq + 1) + " on its communicator, which other ranks"
                    + " entered as " + instance.name + ": the traces do not belong to one run.");
        }
        instance.bytes = Math.max(instance.bytes, bytes);
        instance.participants.add(new int[] {rank, slot});
        return id;
    }
}
