package org.wi4mpi.gen.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The collective instances of the run. The n-th collective a rank calls on a communicator is the same
 * instance on every rank of that communicator (MPI orders collectives per communicator), so instances
 * are keyed by (communicator identity, n), once the communicators are resolved.
 */
final class Collectives {

    /** One rank's call of a collective: the seq-th on its view of the communicator, at a slot of its timeline. */
    record Participation(CommDef comm, long seq, String name, long bytes, int slot, Path file, long offset) {
    }

    /**
     * One instance: its function, the communicator's size, the largest per-rank payload and the
     * participants as {rank, slot}.
     */
    static final class Instance {
        final String name;
        final int ranks;
        long bytes;
        final List<int[]> participants = new ArrayList<>();

        Instance(String name, int ranks) {
            this.name = name;
            this.ranks = ranks;
        }

        /** The x of the latency fit: the payload, for MPI_Alltoall the block per destination times the ranks. */
        long modelBytes() {
            return name.equals("MPI_Alltoall") ? bytes * ranks : bytes;
        }
    }

    final List<Instance> instances = new ArrayList<>();

    /**
     * Joins every rank's participations into instances, in the order of the files, and points each
     * collective slot of the timelines at its instance; a different function at the same position, or an
     * instance not entered by all the communicator's ranks, means the traces disagree.
     */
    void build(List<RankTimeline> timelines, List<List<Participation>> byRank) throws TraceFormatException {
        Map<String, Integer> byKey = new HashMap<>();
        for (int r = 0; r < byRank.size(); r++) {
            for (Participation p : byRank.get(r)) {
                String key = p.comm().identity + "#" + p.seq();
                Integer id = byKey.get(key);
                if (id == null) {
                    id = instances.size();
                    byKey.put(key, id);
                    instances.add(new Instance(p.name(), p.comm().collectiveSize()));
                }
                Instance instance = instances.get(id);
                if (!instance.name.equals(p.name())) {
                    throw new TraceFormatException(p.file() + ": " + p.name() + " at byte " + p.offset() + " is collective number "
                            + (p.seq() + 1) + " on its communicator, which other ranks entered as " + instance.name
                            + ": the traces do not belong to one run.");
                }
                instance.bytes = Math.max(instance.bytes, p.bytes());
                instance.participants.add(new int[] {r, p.slot()});
                timelines.get(r).setCollective(p.slot(), id);
            }
        }
        for (Instance instance : instances) {
            if (instance.participants.size() != instance.ranks) {
                throw new TraceFormatException("a " + instance.name + " was entered by " + instance.participants.size() + " of its "
                        + instance.ranks + " ranks (first by rank " + instance.participants.getFirst()[0]
                        + "): the traces do not belong to one run.");
            }
        }
    }
}
