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
                    if (!dict.callbacks().get(m.callback()).hasTrampolines()) {
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
