package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.dict.SubstituteSpec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The predefined handles of the application's ABI that have no counterpart in the runtime's (no
 * constant of that name and type, or one that is the runtime's null handle where the application's
 * is not: MPICH's MPI_INTEGER16), and what stands for each, chosen from substitutes.json: the first
 * alternative whose base the runtime has. Handles the application's header defines as another name's
 * value (Open MPI's MPI_CXX_COMPLEX is MPI_CXX_FLOAT_COMPLEX) need none.
 */
final class SubstituteBuilder {

    private SubstituteBuilder() {}

    static List<SubstituteView> substitutes(AbiDescriptor app, AbiDescriptor run, Map<String, HandleKind> kinds,
                                            Map<String, List<SubstituteSpec>> specs) {
        Set<String> matched = new HashSet<>();
        List<String> lacking = new ArrayList<>();
        for (var e : app.constants().entrySet()) {
            Constant a = e.getValue();
            HandleKind k = a.kind().equals("handle") ? kinds.get(a.type()) : null;
            if (k == null) {
                continue;
            }
            if (lacks(run, e.getKey(), a, app, k)) {
                lacking.add(e.getKey());
            } else {
                matched.add(key(a));
            }
        }
        List<SubstituteView> out = new ArrayList<>();
        for (String name : lacking) {
            Constant a = app.constants().get(name);
            if (matched.contains(key(a))) {
                continue; // the same object as a handle the runtime has
            }
            HandleKind k = kinds.get(a.type());
            List<SubstituteSpec> alternatives = specs.get(name);
            if (alternatives == null) {
                throw new IllegalStateException("dictionaries/substitutes.json has no entry for " + name + ", a predefined "
                        + a.type() + " of " + app.family() + " that " + run.family() + " lacks");
            }
            SubstituteSpec chosen = alternatives.stream().filter(s -> usable(s, a.type(), run)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("dictionaries/substitutes.json: " + name
                            + ": no alternative fits " + run.family() + " (each names a handle it lacks, or a "
                            + "datatype for a handle of another type)"));
            out.add(new SubstituteView(name, k, chosen.isAlias() ? 0 : chosen.contiguous(), chosen.base()));
        }
        return out;
    }

    private static boolean lacks(AbiDescriptor run, String name, Constant a, AbiDescriptor app, HandleKind k) {
        Constant r = run.constants().get(name);
        if (r == null || !r.kind().equals("handle") || !r.type().equals(a.type())) {
            return true;
        }
        return isNull(run, k, r) && !isNull(app, k, a);
    }

    private static boolean isNull(AbiDescriptor abi, HandleKind k, Constant c) {
        Constant nul = abi.constants().get(k.nullConstant());
        return nul != null && key(nul).equals(key(c));
    }

    private static boolean usable(SubstituteSpec s, String type, AbiDescriptor run) {
        Constant base = run.constants().get(s.base());
        String baseType = s.isAlias() ? type : "MPI_Datatype";
        if (base == null || !base.kind().equals("handle") || !base.type().equals(baseType)
                || !s.isAlias() && !type.equals("MPI_Datatype")) {
            return false;
        }
        if (s.isAlias() && s.alias().equals(HandleKind.nullConstantOf(baseType))) {
            // Named outright: a handle the runtime removed (Open MPI 5's MPI_LB) becomes its null
            // handle, which the runtime refuses with an error where it is used.
            return true;
        }
        Constant nul = run.constants().get(HandleKind.nullConstantOf(baseType));
        return nul == null || !key(nul).equals(key(base));
    }

    private static String key(Constant c) {
        return c.symbol() != null ? c.symbol() : String.valueOf(c.value());
    }
}
