package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.List;

/** The point-to-point traffic of one rank or of all, collected while scanning, matched afterwards. */
final class Messages {

    /**
     * A message leaving slot {@code slot} of world rank {@code rank} for rank {@code dest} of its
     * communicator (for an intercommunicator: of its remote group), translated to a world rank when
     * matching. atEntry: the
     * message leaves when the rank enters the call, not when the call is done (MPI_Sendrecv, whose
     * receive may wait for another Sendrecv's send: a ring of them would otherwise be a cycle).
     */
    record Send(int rank, int slot, int dest, int tag, CommDef comm, long bytes, boolean atEntry) {
    }

    /**
     * A posted receive of world rank {@code rank}; source (a rank of the communicator) and tag are those
     * given (DUMPI_ANY_SOURCE and DUMPI_ANY_TAG are -1) until a status tells the actual source; slot is
     * the vertex that completes
     * it (the Recv itself, or the Wait/Test of its request), -1 while pending.
     */
    static final class Receive {
        final int rank;
        final CommDef comm;
        final int tag;
        int source;
        int slot = -1;

        Receive(int rank, int source, int tag, CommDef comm) {
            this.rank = rank;
            this.source = source;
            this.tag = tag;
            this.comm = comm;
        }
    }

    final List<Send> sends = new ArrayList<>();
    final List<Receive> receives = new ArrayList<>();
}
