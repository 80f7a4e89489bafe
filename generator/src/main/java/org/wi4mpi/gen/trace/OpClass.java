package org.wi4mpi.gen.trace;

import java.util.Set;

/** What a call becomes in the task graph. */
enum OpClass {
    /** MPI_Init or MPI_Init_thread: merged into the single start vertex. */
    INIT,
    /** MPI_Finalize: merged into the single end vertex. */
    FINALIZE,
    /** A collective: one fan-in/fan-out vertex per instance, shared by the ranks of the communicator. */
    COLLECTIVE,
    /** Any other MPI call: a vertex of its rank. */
    LOCAL;

    private static final Set<String> COLLECTIVES = Set.of("MPI_Barrier", "MPI_Bcast", "MPI_Gather", "MPI_Gatherv",
            "MPI_Scatter", "MPI_Scatterv", "MPI_Allgather", "MPI_Allgatherv", "MPI_Alltoall", "MPI_Alltoallv",
            "MPI_Alltoallw", "MPI_Reduce", "MPI_Allreduce", "MPI_Reduce_scatter", "MPI_Scan", "MPI_Exscan");

    static OpClass of(String function) {
        return switch (function) {
            case "MPI_Init", "MPI_Init_thread" -> INIT;
            case "MPI_Finalize" -> FINALIZE;
            default -> COLLECTIVES.contains(function) ? COLLECTIVE : LOCAL;
        };
    }
}
