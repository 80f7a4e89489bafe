package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The members of every communicator of the run, as world ranks in communicator-rank order, so that
 * the ranks the traces record (relative to a communicator) can be joined across files. Known:
 * MPI_COMM_WORLD, each rank's MPI_COMM_SELF, duplicates (same members) and MPI_Comm_split results
 * (the ranks that gave the same color, ordered by key, then by rank in the parent), resolved once every
 * rank's file has been read.
 */
final class CommGroups {

    private final int worldSize;
    private final Map<String, int[]> resolved = new HashMap<>();
    private final Map<String, String> parents = new HashMap<>();
    /** For each split communicator: its members' {world rank, key}, in the order the files were read. */
    private final Map<String, List<int[]>> splitMembers = new HashMap<>();

    CommGroups(int worldSize) {
        this.worldSize = worldSize;
        int[] world = new int[worldSize];
        for (int r = 0; r < worldSize; r++) {
            world[r] = r;
            resolved.put(Communicators.self(r), new int[] {r});
        }
        resolved.put(Communicators.WORLD, world);
    }

    void duplicate(String name, String parent) {
        parents.put(name, parent);
    }

    void split(String name, String parent, int worldRank, int key) {
        parents.put(name, parent);
        splitMembers.computeIfAbsent(name, k -> new ArrayList<>()).add(new int[] {worldRank, key});
    }

    /** The world ranks of a communicator, by rank in it. */
    int[] group(String name) {
        int[] members = resolved.get(name);
        if (members != null) {
            return members;
        }
        int[] parent = group(parents.get(name));
        List<int[]> split = splitMembers.get(name);
        if (split == null) {
            members = parent;
        } else {
            int[] rankInParent = new int[worldSize];
            for (int i = 0; i < parent.length; i++) {
                rankInParent[parent[i]] = i;
            }
            members = split.stream()
                    .sorted((x, y) -> x[1] != y[1] ? Integer.compare(x[1], y[1]) : Integer.compare(rankInParent[x[0]], rankInParent[y[0]]))
                    .mapToInt(m -> m[0]).toArray();
        }
        resolved.put(name, members);
        return members;
    }

    /** The world rank of rank commRank of a communicator, or -1 when there is no such rank. */
    int world(String name, int commRank) {
        int[] members = group(name);
        return commRank >= 0 && commRank < members.length ? members[commRank] : -1;
    }
}
