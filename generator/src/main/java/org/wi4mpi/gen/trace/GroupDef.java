package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A group as one rank's trace made it (MPI_Comm_group, MPI_Comm_remote_group, MPI_Group_incl, ...),
 * kept as an expression and evaluated to world ranks, in group order, once the communicators are
 * resolved. Groups are local objects: only the rank that made one uses it (for MPI_Comm_create).
 */
final class GroupDef {

    enum Kind { EMPTY, OF_COMM, REMOTE_OF_COMM, INCL, EXCL, RANGE_INCL, RANGE_EXCL, UNION, INTERSECTION, DIFFERENCE }

    /** A group whose members the traces cannot tell; the message is a clause naming why. */
    static final class UnknownMembers extends Exception {
        UnknownMembers(String clause) {
            super(clause, null, false, false);
        }
    }

    static final GroupDef EMPTY = new GroupDef(Kind.EMPTY, null, null, null, null, "");

    final Kind kind;
    final CommDef comm;
    final GroupDef first;
    final GroupDef second;
    /** INCL, EXCL: positions in the first group; RANGE_*: the {first, last, stride} triplets. */
    final int[][] ranks;
    final String where;

    GroupDef(Kind kind, CommDef comm, GroupDef first, GroupDef second, int[][] ranks, String where) {
        this.kind = kind;
        this.comm = comm;
        this.first = first;
        this.second = second;
        this.ranks = ranks;
        this.where = where;
    }

    /** The world ranks of the group in group order. */
    int[] members() throws UnknownMembers {
        return switch (kind) {
            case EMPTY -> new int[0];
            case OF_COMM -> ordered(comm, comm.local, comm.unordered);
            case REMOTE_OF_COMM -> {
                if (comm.remote == null) {
                    throw new UnknownMembers(where + " asks the remote group of an intracommunicator");
                }
                yield ordered(comm, comm.remote, comm.remoteUnordered);
            }
            case INCL -> pick(first.members(), ranks[0]);
            case EXCL -> drop(first.members(), ranks[0]);
            case RANGE_INCL -> pick(first.members(), expand(ranks));
            case RANGE_EXCL -> drop(first.members(), expand(ranks));
            case UNION -> {
                Set<Integer> union = new LinkedHashSet<>(list(first.members()));
                union.addAll(list(second.members()));
                yield union.stream().mapToInt(Integer::intValue).toArray();
            }
            case INTERSECTION -> {
                Set<Integer> b = new HashSet<>(list(second.members()));
                yield list(first.members()).stream().filter(b::contains).mapToInt(Integer::intValue).toArray();
            }
            case DIFFERENCE -> {
                Set<Integer> b = new HashSet<>(list(second.members()));
                yield list(first.members()).stream().filter(r -> !b.contains(r)).mapToInt(Integer::intValue).toArray();
            }
        };
    }

    private int[] ordered(CommDef def, int[] members, String unordered) throws UnknownMembers {
        if (!def.resolved()) {
            throw new UnknownMembers(where + " takes the group of a communicator the traces do not resolve (" + def.where + ")");
        }
        if (unordered != null) {
            throw new UnknownMembers(where + " takes the group of a communicator whose rank order the traces do not tell ("
                    + unordered + ")");
        }
        return members;
    }

    private int[] pick(int[] group, int[] positions) throws UnknownMembers {
        int[] picked = new int[positions.length];
        for (int i = 0; i < positions.length; i++) {
            if (positions[i] < 0 || positions[i] >= group.length) {
                throw new UnknownMembers(where + " names rank " + positions[i] + " of a group of " + group.length);
            }
            picked[i] = group[positions[i]];
        }
        return picked;
    }

    private static int[] drop(int[] group, int[] positions) {
        boolean[] dropped = new boolean[group.length];
        for (int p : positions) {
            if (p >= 0 && p < group.length) {
                dropped[p] = true;
            }
        }
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < group.length; i++) {
            if (!dropped[i]) {
                kept.add(group[i]);
            }
        }
        return kept.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The positions the {first, last, stride} triplets of MPI_Group_range_incl/excl name, in order. */
    private int[] expand(int[][] triplets) throws UnknownMembers {
        List<Integer> positions = new ArrayList<>();
        for (int[] t : triplets) {
            if (t.length != 3 || t[2] == 0) {
                throw new UnknownMembers(where + " gives a range that is not {first, last, stride}");
            }
            for (int p = t[0]; t[2] > 0 ? p <= t[1] : p >= t[1]; p += t[2]) {
                positions.add(p);
            }
        }
        return positions.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<Integer> list(int[] members) {
        List<Integer> list = new ArrayList<>(members.length);
        for (int m : members) {
            list.add(m);
        }
        return list;
    }
}
