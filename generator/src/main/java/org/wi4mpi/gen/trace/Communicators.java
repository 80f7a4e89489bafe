package org.wi4mpi.gen.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * The communicators one rank uses, named so that the same communicator has the same name on every
 * rank: MPI_COMM_WORLD, the rank's MPI_COMM_SELF, and the communicators made by MPI_Comm_dup and
 * MPI_Comm_split of a known one (collective over the parent, so the k-th of them made from a parent is
 * the same communicator on all its ranks; a split's color is part of the name). Their members are
 * recorded in the run's {@link CommGroups}.
 */
final class Communicators {

    static final int DUMPI_COMM_WORLD = 2;
    static final int DUMPI_COMM_SELF = 3;
    static final String WORLD = "world";

    private final int rank;
    private final CommGroups groups;
    private final Map<Integer, String> names = new HashMap<>();
    private final Map<String, Integer> made = new HashMap<>();

    Communicators(int rank, CommGroups groups) {
        this.rank = rank;
        this.groups = groups;
        names.put(DUMPI_COMM_WORLD, WORLD);
        names.put(DUMPI_COMM_SELF, self(rank));
    }

    static String self(int rank) {
        return "self" + rank;
    }

    /** The run-wide name of a communicator id, or null when it is not one critpath can follow. */
    String name(int comm) {
        return names.get(comm);
    }

    /** Records MPI_Comm_dup(oldcomm) = newcomm; a duplicate of an unknown communicator stays unknown. */
    void duplicate(int oldcomm, int newcomm) {
        String parent = names.get(oldcomm);
        if (parent == null) {
            forget(newcomm);
            return;
        }
        String name = parent + "/c" + made.merge(parent, 1, Integer::sum);
        names.put(newcomm, name);
        groups.duplicate(name, parent);
    }

    /** Records MPI_Comm_split(oldcomm, color, key) = newcomm; a negative color (MPI_UNDEFINED) makes none. */
    void split(int oldcomm, int color, int key, int newcomm) {
        String parent = names.get(oldcomm);
        if (parent == null) {
            forget(newcomm);
            return;
        }
        int k = made.merge(parent, 1, Integer::sum);
        if (color < 0) {
            return;
        }
        String name = parent + "/c" + k + "." + color;
        names.put(newcomm, name);
        groups.split(name, parent, rank, key);
    }

    /** Records a communicator created another way (create, intercommunicators, ...), which critpath cannot follow. */
    void forget(int newcomm) {
        if (newcomm != DUMPI_COMM_WORLD && newcomm != DUMPI_COMM_SELF) {
            names.remove(newcomm);
        }
    }
}
