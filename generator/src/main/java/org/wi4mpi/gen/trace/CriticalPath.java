package org.wi4mpi.gen.trace;

import java.util.List;

/**
 * The longest path of the task graph from MPI_Init to MPI_Finalize: its vertices in order, each with
 * the edge that leads to it (none for the first), and its length in microseconds.
 */
public record CriticalPath(List<Step> steps, double lengthUs) {

    public enum EdgeKind {
        /** The first vertex: no edge leads to it. */
        NONE,
        /** Wall-clock time between two consecutive operations of a rank. */
        COMPUTATION,
        /** A message from a send to its receive, weighted by the modelled latency. */
        MESSAGE
    }

    /**
     * One vertex of the path: its function, its rank (-1 for MPI_Init, MPI_Finalize and collectives),
     * the edge into it (its weight in microseconds, and the message size for a message edge) and the
     * vertex's own weight (the modelled latency of a collective, else 0); node is its id in the DOT graph
     * and edgeRank the rank whose timeline a computation edge follows (-1 for other edges).
     */
    public record Step(String node, String function, int rank, EdgeKind edge, double edgeUs, long bytes, double vertexUs,
            int edgeRank) {
    }

    public double computationUs() {
        return steps.stream().filter(s -> s.edge() == EdgeKind.COMPUTATION).mapToDouble(Step::edgeUs).sum();
    }

    public double communicationUs() {
        return lengthUs - computationUs();
    }
}
