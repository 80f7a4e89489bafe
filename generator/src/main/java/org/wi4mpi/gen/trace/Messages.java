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
        /** The source was DUMPI_ANY_SOURCE (-1, also MPICH's MPI_PROC_NULL) and a status gave it. */
        boolean sourceFromStatus;
        /** The bytes that status reported (-1 without one). */
        int statusBytes = -1;

        Receive(int rank, int source, int tag, CommDef comm) {
            this.rank = rank;
            this.source = source;
            this.tag = tag;
            this.comm = comm;
        }

        /**
         * Takes the actual source from a completion's status when the receive named none. Only -1 is
         * replaced: -2 and -3 are MPI_PROC_NULL of Open MPI and of the standard ABI (whose statuses
         * MPICH fills with source 0 under translation).
         */
        void completeWith(CallRecord.Status status) {
            if (status != null && source == -1) {
                source = status.source();
                sourceFromStatus = true;
                statusBytes = status.bytes();
            }
        }
    }

    final List<Send> sends = new ArrayList<>();
    final List<Receive> receives = new ArrayList<>();
}
