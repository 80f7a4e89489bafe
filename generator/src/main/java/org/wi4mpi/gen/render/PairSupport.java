package org.wi4mpi.gen.render;

import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.Set;

/**
 * Whether a cross pair has the runtime support a function's roles need. Until the standard ABI, every
 * cross pair had one side without MPI-4.0's sessions, large-count user operations and MPI_T events, so
 * those roles were never rendered across ABIs; standard→mpich is the first pair with both sides. A
 * function this class rejects is not translated: it aborts with its name (docs/interface.md §5).
 */
final class PairSupport {

    /** Callbacks runtime-c has trampolines for (wi_callbacks.h, wi_attributes.h, wi_grequests.h, wi_datarep.h). */
    private static final Set<String> CALLBACKS = Set.of("op", "op_c", "op_c_int", "comm_errhandler", "win_errhandler",
            "file_errhandler", "session_errhandler", "comm_copy_attr", "comm_delete_attr", "datatype_copy_attr",
            "datatype_delete_attr", "win_copy_attr", "win_delete_attr", "grequest_query", "grequest_free",
            "grequest_cancel", "datarep_read", "datarep_write", "datarep_read_c", "datarep_write_c", "datarep_read_c_int", "datarep_write_c_int",
            "datarep_extent");

    private PairSupport() {}

    /** The first role of f the runtime cannot translate, as a reason; null when it can translate f. */
    static String missing(FunctionSpec f, Dictionaries dict, Set<String> handleTypes) {
        String ret = f.returns() == null ? "int" : f.returns();
        boolean returnsHandle = dict.mappers().values().stream()
                .anyMatch(m -> m.kind() == MapperKind.HANDLE && ret.equals(m.type()));
        if (returnsHandle && !handleTypes.contains(ret)) {
            return "returns " + ret + ", a handle type without a runtime table";
        }
        for (ArgSpec a : f.args()) {
            MapperSpec m = dict.mapper(a.role());
            switch (m.kind()) {
                case HANDLE -> {
                    if (!handleTypes.contains(m.type())) {
                        return a.name() + " is an " + m.type() + ", a handle type without a runtime table";
                    }
                }
                case CALLBACK -> {
                    if (!CALLBACKS.contains(m.callback())) {
                        return a.name() + " is a " + m.callback() + " callback, which has no trampoline";
                    }
                }
                case INT_CONSTANTS -> {
                    // Arrays convert through int temporaries: a wider element would be truncated.
                    String element = CTypes.element(a.type()).replace("const", "").trim();
                    if (a.isArray() && !element.equals("int")) {
                        return a.name() + " is '" + a.type() + "', wider than the int role " + a.role();
                    }
                }
                default -> { }
            }
        }
        return null;
    }
}
