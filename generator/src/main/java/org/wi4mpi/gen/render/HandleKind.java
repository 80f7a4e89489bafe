package org.wi4mpi.gen.render;

import java.util.List;
import java.util.Locale;

/**
 * One kind of MPI handle as the runtime tables see it. The order is the runtime's enum wi_kind order
 * (docs/internals.md §6), so it is fixed here rather than derived from the dictionaries.
 */
public record HandleKind(String type, String table, String enumName, String nullConstant,
                         boolean applicationPointer, boolean runtimePointer, boolean identical) {

    static final List<String> TYPES = List.of("MPI_Comm", "MPI_Group", "MPI_Datatype", "MPI_Op",
            "MPI_Request", "MPI_Errhandler", "MPI_Info", "MPI_Win", "MPI_File", "MPI_Message", "MPI_Session");

    /** Kinds a family may lack (MPI-4.0's sessions: Open MPI 4.1): a pair has them when both sides do. */
    static final java.util.Set<String> OPTIONAL = java.util.Set.of("MPI_Session");

    static String tableOf(String type) {
        return type.substring("MPI_".length()).toLowerCase(Locale.ROOT);
    }

    static String nullConstantOf(String type) {
        return "MPI_" + tableOf(type).toUpperCase(Locale.ROOT) + "_NULL";
    }
}
