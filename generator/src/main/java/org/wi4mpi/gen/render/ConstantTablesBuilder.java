package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The value tables of a pair's constant roles and of error classes (TablesModel). */
final class ConstantTablesBuilder {

    private final AbiDescriptor app;
    private final AbiDescriptor run;
    private final Dictionaries dict;
    private final boolean identity;

    ConstantTablesBuilder(AbiDescriptor app, AbiDescriptor run, Dictionaries dict) {
        this.app = app;
        this.run = run;
        this.dict = dict;
        this.identity = app.family().equals(run.family());
    }

    TablesModel build() {
        return new TablesModel(constantSets(), guidedSets(), bitmaskSets(), errorClasses(), pointerSets());
    }

    /** An int constant's value in an ABI, or null where the ABI does not define it as an int. */
    static Long intValue(AbiDescriptor abi, String name) {
        Constant c = abi.constants().get(name);
        return c != null && c.kind().equals("int") ? c.value() : null;
    }

    private List<ConstantSet> constantSets() {
        List<ConstantSet> sets = new ArrayList<>();
        for (var e : dict.mappers().entrySet()) {
            MapperSpec m = e.getValue();
            if (m.kind() == MapperKind.INT_CONSTANTS) {
                sets.add(intSet(e.getKey(), m.constants(), m, null));
            }
        }
        return sets;
    }

    private List<GuidedSet> guidedSets() {
        List<GuidedSet> sets = new ArrayList<>();
        for (var e : dict.mappers().entrySet()) {
            if (e.getValue().kind() == MapperKind.INT_CONSTANTS) {
                GuidedSet.of(e.getKey(), e.getValue(), app, run, identity).ifPresent(sets::add);
            }
        }
        return sets;
    }

    private List<BitmaskSet> bitmaskSets() {
        List<BitmaskSet> sets = new ArrayList<>();
        for (var e : dict.mappers().entrySet()) {
            if (e.getValue().kind() != MapperKind.BITMASK) {
                continue;
            }
            List<BitmaskSet.Flag> flags = new ArrayList<>();
            long aMask = 0, rMask = 0;
            for (String name : e.getValue().constants()) {
                Long a = intValue(app, name);
                Long r = intValue(run, name);
                if (a == null || r == null || a.equals(r) || identity) {
                    continue; // absent from one ABI, or the same bit: nothing to move
                }
                if (Long.bitCount(a) != 1 || Long.bitCount(r) != 1) {
                    throw new IllegalStateException("mappers.json: " + e.getKey() + ": " + name
                            + " is not a single bit in both ABIs (" + a + ", " + r + ")");
                }
                flags.add(new BitmaskSet.Flag(name, a, r));
                aMask |= a;
                rMask |= r;
            }
            sets.add(new BitmaskSet(e.getKey(), flags, aMask, rMask));
        }
        return sets;
    }

    /**
     * The constants of a role as pairs of values; the mapper's lacking (or lacking_as) names the
     * constant that one the runtime's ABI does not define becomes, rather than reaching the runtime as a number that may
     * be another of its constants (MPICH's MPI_COMM_TYPE_HW_GUIDED, 2, is Open MPI's
     * OMPI_COMM_TYPE_CORE).
     */
    private ConstantSet intSet(String role, List<String> names, MapperSpec mapper, String fallback) {
        Map<Long, ConstantSet.Entry> toRun = new LinkedHashMap<>();
        Map<Long, ConstantSet.Entry> toApp = new LinkedHashMap<>();
        for (String name : names) {
            Long a = intValue(app, name);
            Long r = intValue(run, name);
            String lacking = mapper == null ? null : mapper.lackingTarget(name);
            Long lackingValue = lacking == null ? null : intValue(run, lacking);
            if (a != null && r == null && lackingValue != null && !identity) {
                toRun.putIfAbsent(a, new ConstantSet.Entry(name + ", which the runtime lacks: " + lacking, a, lackingValue));
                continue;
            }
            if (a == null || r == null) {
                continue; // one ABI lacks it: nothing to map
            }
            if (!identity && !a.equals(r) || fallback != null) {
                toRun.putIfAbsent(a, new ConstantSet.Entry(name, a, r));
                toApp.putIfAbsent(r, new ConstantSet.Entry(name, r, a));
            }
        }
        return new ConstantSet(role, List.copyOf(toRun.values()), List.copyOf(toApp.values()),
                fallback);
    }

    /** Every error class both ABIs name, plus MPI_SUCCESS; anything else becomes MPI_ERR_UNKNOWN. */
    private ConstantSet errorClasses() {
        List<String> names = new ArrayList<>();
        names.add("MPI_SUCCESS");
        for (String n : app.constants().keySet()) {
            if ((n.startsWith("MPI_ERR_") || n.startsWith("MPI_T_ERR_")) && !n.equals("MPI_ERR_LASTCODE") && run.constants().containsKey(n)) {
                names.add(n);
            }
        }
        return intSet("error_class", names, null, "MPI_ERR_UNKNOWN");
    }

    private List<PointerSet> pointerSets() {
        List<PointerSet> sets = new ArrayList<>();
        for (var e : dict.mappers().entrySet()) {
            MapperSpec m = e.getValue();
            if (m.kind() != MapperKind.POINTER_CONSTANTS) {
                continue;
            }
            List<String> entries = new ArrayList<>();
            Set<String> appObjects = ConstantsBuilder.sentinelObjectNames(app, dict);
            Set<String> runObjects = ConstantsBuilder.sentinelObjectNames(run, dict);
            for (String name : m.constants()) {
                Constant a = app.constants().get(name);
                Constant r = run.constants().get(name);
                boolean inApp = a != null || appObjects.contains(name);
                boolean inRun = r != null || runObjects.contains(name);
                if (!inApp || !inRun || identity) {
                    continue;
                }
                if (a != null && r != null && a.symbol() == null && r.symbol() == null
                        && a.value().equals(r.value())) {
                    continue;
                }
                entries.add(name);
            }
            sets.add(new PointerSet(e.getKey(), entries));
        }
        return sets;
    }
}
