package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One kind of MPI handle as the runtime tables see it; c2f and completesPending come from its handle
 * role in mappers.json (the X of MPI_X_c2f, or null; whether completing one hands over pending outputs). The order is the runtime's enum wi_kind order
 * (docs/internals.md §6), so it is fixed here rather than derived from the dictionaries.
 */
public record HandleKind(String type, String table, String enumName, String nullConstant,
                         boolean applicationPointer, boolean runtimePointer, boolean identical, String c2f,
                         boolean completesPending) {

    static final List<String> TYPES = List.of("MPI_Comm", "MPI_Group", "MPI_Datatype", "MPI_Op",
            "MPI_Request", "MPI_Errhandler", "MPI_Info", "MPI_Win", "MPI_File", "MPI_Message", "MPI_Session");

    /** Kinds a family may lack (MPI-4.0's sessions: Open MPI 4.1): a pair has them when both sides do. */
    static final java.util.Set<String> OPTIONAL = java.util.Set.of("MPI_Session");

    /** The kinds of a pair, in wi_kind order: an optional one only where both ABIs have it. */
    static List<HandleKind> ofPair(AbiDescriptor app, AbiDescriptor run, Dictionaries dict) {
        boolean identity = app.family().equals(run.family());
        List<HandleKind> kinds = new ArrayList<>();
        for (String type : TYPES) {
            if (OPTIONAL.contains(type) && (!app.types().containsKey(type) || !run.types().containsKey(type))) {
                continue;
            }
            String table = tableOf(type);
            MapperSpec role = dict.mappers().values().stream()
                    .filter(m -> m.kind() == MapperKind.HANDLE && type.equals(m.type())).findFirst().orElse(null);
            kinds.add(new HandleKind(type, table, "WI_KIND_" + table.toUpperCase(Locale.ROOT), nullConstantOf(type),
                    isPointer(app, type), isPointer(run, type), identity, role == null ? null : role.c2f(),
                    role != null && role.handle().completesPending()));
        }
        return kinds;
    }

    private static boolean isPointer(AbiDescriptor abi, String type) {
        AbiDescriptor.TypeInfo t = abi.types().get(type);
        if (t == null) {
            throw new IllegalStateException(abi.family() + ".json: handle type " + type + " is missing from types");
        }
        return Boolean.TRUE.equals(t.pointer());
    }

    static String tableOf(String type) {
        return type.substring("MPI_".length()).toLowerCase(Locale.ROOT);
    }

    static String nullConstantOf(String type) {
        return "MPI_" + tableOf(type).toUpperCase(Locale.ROOT) + "_NULL";
    }
}
