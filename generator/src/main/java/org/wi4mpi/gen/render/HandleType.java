package org.wi4mpi.gen.render;

import java.util.Locale;

/**
 * The MPI handle types with a runtime table, in the order of runtime-c's enum wi_kind
 * (docs/internals.md §6): the order is the runtime's, so it is fixed here rather than derived from the
 * dictionaries. Templates see the table name (comm, datatype, ...).
 */
public enum HandleType {
    COMM("MPI_Comm"), GROUP("MPI_Group"), DATATYPE("MPI_Datatype"), OP("MPI_Op"), REQUEST("MPI_Request"),
    ERRHANDLER("MPI_Errhandler"), INFO("MPI_Info"), WIN("MPI_Win"), FILE("MPI_File"), MESSAGE("MPI_Message"),
    /** MPI-4.0's sessions, which a family may lack (Open MPI 4.1): a pair has them when both sides do. */
    SESSION("MPI_Session", true);

    private final String cType;
    private final boolean optional;

    HandleType(String cType) {
        this(cType, false);
    }

    HandleType(String cType, boolean optional) {
        this.cType = cType;
        this.optional = optional;
    }

    /** The C type (MPI_Comm). */
    public String cType() {
        return cType;
    }

    /** The runtime table's name (comm), which names the conversion functions (wi_comm_a2r). */
    public String table() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a family may lack the type. */
    public boolean optional() {
        return optional;
    }

    @Override
    public String toString() {
        return table();
    }
}
