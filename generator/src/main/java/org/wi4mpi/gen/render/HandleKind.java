package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One handle type of a pair as the runtime tables see it: whether each side's handles are pointers,
 * whether both sides are one family (identical), and what its handle role in mappers.json says: c2f,
 * the X of MPI_X_c2f, or null; completesPending, whether completing one hands over pending outputs.
 */
public record HandleKind(HandleType handle, boolean applicationPointer, boolean runtimePointer, boolean identical,
                         String c2f, boolean completesPending) {

    /** The C type (MPI_Comm). */
    public String type() { return handle.cType(); }

    /** The runtime table (comm). */
    public String table() { return handle.table(); }

    /** The null handle's constant (MPI_COMM_NULL). */
    public String nullConstant() { return nullConstantOf(type()); }

    /** The kinds of a pair, in wi_kind order: an optional one only where both ABIs have it. */
    static List<HandleKind> ofPair(AbiDescriptor app, AbiDescriptor run, Dictionaries dict) {
        boolean identity = app.family().equals(run.family());
        List<HandleKind> kinds = new ArrayList<>();
        for (HandleType handle : HandleType.values()) {
            String type = handle.cType();
            if (handle.optional() && (!app.types().containsKey(type) || !run.types().containsKey(type))) {
                continue;
            }
            MapperSpec role = dict.mappers().values().stream()
                    .filter(m -> m.kind() == MapperKind.HANDLE && type.equals(m.type())).findFirst().orElse(null);
            kinds.add(new HandleKind(handle, isPointer(app, type), isPointer(run, type), identity,
                    role == null ? null : role.c2f(), role != null && role.handle().completesPending()));
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

    /** The table name of a handle type's spelling (MPI_Comm: comm), as conversions are named. */
    static String tableOf(String type) {
        return type.substring("MPI_".length()).toLowerCase(Locale.ROOT);
    }

    static String nullConstantOf(String type) {
        return "MPI_" + tableOf(type).toUpperCase(Locale.ROOT) + "_NULL";
    }
}
