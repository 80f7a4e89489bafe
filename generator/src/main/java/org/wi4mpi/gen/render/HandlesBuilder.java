package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.dict.Dictionaries;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a pair registers in its handle tables (HandlesModel): predefined handles both ABIs have,
 * substitutes for those the runtime lacks, and the Fortran conversions of each kind.
 */
final class HandlesBuilder {

    private final AbiDescriptor app;
    private final AbiDescriptor run;
    private final Dictionaries dict;
    private final boolean identity;

    HandlesBuilder(AbiDescriptor app, AbiDescriptor run, Dictionaries dict) {
        this.app = app;
        this.run = run;
        this.dict = dict;
        this.identity = app.family().equals(run.family());
    }

    HandlesModel build(List<HandleKind> kinds) {
        Map<String, HandleKind> kindByType = new HashMap<>();
        kinds.forEach(k -> kindByType.put(k.type(), k));
        // Predefined handles the runtime lacks: aliases join the registrations (after every handle both
        // ABIs share, so that the runtime handle keeps its own application handle in r2a).
        List<SubstituteView> substitutes = identity ? List.of()
                : SubstituteBuilder.substitutes(app, run, kindByType, dict.substitutes());
        List<Registration> registrations = new ArrayList<>(registrations(kindByType));
        for (SubstituteView sub : substitutes) {
            if (sub.count() == 0) {
                registrations.add(new Registration(sub.name(), sub.kind(), sub.base(),
                        isObject(app.constants().get(sub.name()))));
            }
        }
        return new HandlesModel(kinds, registrations, fortranHandles(kinds), substitutes);
    }

    /** Predefined handles present in both ABIs, each application and runtime value used once per kind. */
    private List<Registration> registrations(Map<String, HandleKind> kinds) {
        List<Registration> out = new ArrayList<>();
        if (identity) {
            return out;
        }
        Map<String, Set<String>> seenA = new HashMap<>();
        Map<String, Set<String>> seenR = new HashMap<>();
        for (var e : app.constants().entrySet()) {
            Constant a = e.getValue();
            Constant r = run.constants().get(e.getKey());
            if (!a.kind().equals("handle") || r == null || !r.kind().equals("handle")) {
                continue;
            }
            HandleKind k = kinds.get(a.type());
            if (k == null || !a.type().equals(r.type())) {
                continue;
            }
            String aKey = a.symbol() != null ? a.symbol() : String.valueOf(a.value());
            String rKey = r.symbol() != null ? r.symbol() : String.valueOf(r.value());
            if (!seenA.computeIfAbsent(k.type(), x -> new HashSet<>()).add(aKey)
                    | !seenR.computeIfAbsent(k.type(), x -> new HashSet<>()).add(rKey)) {
                continue; // an alias of a handle already registered
            }
            out.add(new Registration(e.getKey(), k, e.getKey(), isObject(a)));
        }
        return out;
    }

    /** Whether an application handle is the address of an object large enough to carry its runtime value. */
    private boolean isObject(Constant a) {
        AbiDescriptor.DataObject object = a.symbol() == null ? null : app.objects().get(a.symbol());
        return object != null && object.size() >= 16;
    }

    /**
     * Kinds whose application Fortran handle is not the C handle: those whose MPI_X_c2f the
     * application's library exports (Open MPI: all; MPICH: File only), and pointer handles of a family
     * without c2f in C (the standard ABI), whose Fortran layer is wi4mpi's own.
     */
    private List<FortranHandleView> fortranHandles(List<HandleKind> kinds) {
        List<FortranHandleView> out = new ArrayList<>();
        if (identity) {
            return out;
        }
        for (HandleKind k : kinds) {
            String prefix = k.c2f();
            if (prefix == null || !FunctionClassifier.provides(app, "MPI_" + prefix + "_c2f") && !k.applicationPointer()) {
                continue;
            }
            List<FortranHandleView.Entry> to = new ArrayList<>();
            Map<Long, FortranHandleView.Entry> from = new LinkedHashMap<>();
            Set<String> seen = new HashSet<>();
            for (var e : app.constants().entrySet()) {
                Constant a = e.getValue();
                Long fortran = app.fortran() == null ? null : app.fortran().get(e.getKey());
                if (fortran == null || !a.kind().equals("handle") || !k.type().equals(a.type())
                        || !run.constants().containsKey(e.getKey())) {
                    continue;
                }
                String key = a.symbol() != null ? a.symbol() : String.valueOf(a.value());
                FortranHandleView.Entry entry = new FortranHandleView.Entry(e.getKey(), fortran);
                if (seen.add(key)) {
                    to.add(entry);
                }
                from.putIfAbsent(fortran, entry);
            }
            // The standard ABI (an application-only family) reserves 1…4095 for predefined handles.
            long userOffset = app.libraries().fake().isEmpty() ? 4096 : 0;
            out.add(new FortranHandleView(k.type(), k.table(), prefix, FunctionClassifier.provides(run, "MPI_" + prefix + "_c2f"),
                    to, List.copyOf(from.values()), userOffset));
        }
        return out;
    }
}
