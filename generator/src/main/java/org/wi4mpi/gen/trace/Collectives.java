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

    /**
     * One instance: its function, communicator, the communicator's size (known once every file is
     * read), the largest per-rank payload and the participants as {rank, slot}.
     */
    static final class Instance {
        final String name;
        final String comm;
        int ranks;
        long bytes;
        final List<int[]> participants = new ArrayList<>();

        Instance(String name, String comm) {
            this.name = name;
            this.comm = comm;
        }

        /** The x of the latency fit: the payload, for MPI_Alltoall the block per destination times the ranks. */
        long modelBytes() {
            return name.equals("MPI_Alltoall") ? bytes * ranks : bytes;
        }
    }

    private final Map<String, Integer> byKey = new HashMap<>();
    final List<Instance> instances = new ArrayList<>();

    /**
     * Registers the participation of (rank, slot) in the seq-th collective on comm and returns the
     * instance id; a different function at the same position means the traces disagree.
     */
    int join(String comm, long seq, String name, long bytes, int rank, int slot, String where)
            throws TraceFormatException {
        String key = comm + "#" + seq;
        Integer id = byKey.get(key);
        if (id == null) {
            id = instances.size();
            byKey.put(key, id);
            instances.add(new Instance(name, comm));
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
