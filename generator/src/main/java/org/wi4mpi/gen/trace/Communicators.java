package org.wi4mpi.gen.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * The communicators one rank uses, named so that the same communicator has the same name on every
 * rank: MPI_COMM_WORLD, MPI_COMM_SELF of each rank, and duplicates of a known communicator (the k-th
 * MPI_Comm_dup of a communicator is the same communicator on all its ranks). Ranks in these
 * communicators are world ranks.
 */
final class Communicators {

    static final int DUMPI_COMM_WORLD = 2;
    static final int DUMPI_COMM_SELF = 3;
    static final String WORLD = "world";

    private final Map<Integer, String> names = new HashMap<>();
    private final Map<String, Integer> dups = new HashMap<>();

    Communicators(int rank) {
        names.put(DUMPI_COMM_WORLD, WORLD);
        names.put(DUMPI_COMM_SELF, "self" + rank);
    }

    /** The run-wide name of a communicator id, or null when it is not one critpath can follow. */
    String name(int comm) {
        return names.get(comm);
    }

    boolean isSelf(String name) {
        return name.startsWith("self");
    }

    /** Records MPI_Comm_dup(oldcomm) = newcomm; a duplicate of an unknown communicator stays unknown. */
    void duplicate(int oldcomm, int newcomm) {
        String parent = names.get(oldcomm);
        if (parent == null) {
            names.remove(newcomm);
            return;
        }
        int k = dups.merge(parent, 1, Integer::sum);
        names.put(newcomm, parent + "/dup" + k);
    }

    /** Records a communicator created another way (split, create, ...), which critpath cannot follow. */
    void forget(int newcomm) {
        if (newcomm != DUMPI_COMM_WORLD && newcomm != DUMPI_COMM_SELF) {
            names.remove(newcomm);
        }
    }
}
