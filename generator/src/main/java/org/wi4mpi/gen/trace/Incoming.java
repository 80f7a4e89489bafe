package org.wi4mpi.gen.trace;

import java.util.List;

/**
 * The message edges of the graph, by receiving vertex: for each rank, the sends arriving at each slot,
 * stored as offsets into one index array per rank so that long traces cost a few bytes per message.
 */
final class Incoming {

    private final List<Messages.Send> sends;
    /** start[r][slot] .. start[r][slot + 1] delimit the entries of (r, slot) in index[r]. */
    private final int[][] start;
    private final int[][] index;

    /** Builds the table from receiverRank/receiverSlot/sendIndex triples (one per matched message). */
    Incoming(List<Messages.Send> sends, List<RankTimeline> ranks, int[] receiverRank, int[] receiverSlot, int[] sendIndex, int count) {
        this.sends = sends;
        int n = ranks.size();
        start = new int[n][];
        index = new int[n][];
        for (int r = 0; r < n; r++) {
            start[r] = new int[ranks.get(r).size() + 1];
        }
        for (int m = 0; m < count; m++) {
            start[receiverRank[m]][receiverSlot[m] + 1]++;
        }
        int[][] fill = new int[n][];
        for (int r = 0; r < n; r++) {
            for (int s = 1; s < start[r].length; s++) {
                start[r][s] += start[r][s - 1];
            }
            index[r] = new int[start[r][start[r].length - 1]];
            fill[r] = start[r].clone();
        }
        for (int m = 0; m < count; m++) {
            int r = receiverRank[m];
            index[r][fill[r][receiverSlot[m]]++] = sendIndex[m];
        }
    }

    /** How many messages arrive at (rank, slot). */
    int count(int rank, int slot) {
        return start[rank][slot + 1] - start[rank][slot];
    }

    /** The k-th message arriving at (rank, slot), in matching order. */
    Messages.Send get(int rank, int slot, int k) {
        return sends.get(index[rank][start[rank][slot] + k]);
    }
}
