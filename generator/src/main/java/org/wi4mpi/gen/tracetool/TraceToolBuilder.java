package org.wi4mpi.gen.tracetool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.trace.CallLayout;
import org.wi4mpi.gen.trace.DumpiCalls;
import org.wi4mpi.gen.wrap.WrapFunction;
import org.wi4mpi.gen.wrap.WrapFunctions;
import org.wi4mpi.gen.wrap.WrapParam;

/**
 * The tracing tool of one application family: a wrapper for every function wrap covers in the
 * family's descriptor (and the labelled ones wrap leaves out), the conversion tables of the
 * predefined values the family defines.
 */
public final class TraceToolBuilder {

    private final AbiDescriptor abi;
    private final Dictionaries dict;
    private final FieldSourceTable sources;
    private final ConstantTable constants;
    private final FortranDictionary fortran;

    public TraceToolBuilder(AbiDescriptor abi, Dictionaries dict, FieldSourceTable sources, ConstantTable constants,
                            FortranDictionary fortran) {
        this.abi = abi;
        this.dict = dict;
        this.sources = sources;
        this.constants = constants;
        this.fortran = fortran;
    }

    /** The family's tool; a DUMPI field without a source fails with a TraceToolException. */
    public TraceToolModel build() {
        Map<String, CallLayout> labelled = labelledFunctions();
        WrapFunctions wrappable = WrapFunctions.of(abi);
        Map<String, WrapFunction> functions = new TreeMap<>();
        for (String name : wrappable.allBut(List.of())) {
            functions.put(name, wrappable.get(name));
        }
        // wrap leaves MPI_Comm_spawn* out (wrap.py does); DUMPI records them.
        labelled.keySet().stream().filter(n -> !functions.containsKey(n) && abi.functions().containsKey(n))
                .filter(n -> abi.functions().get(n).returns().equals("int"))
                .forEach(n -> functions.put(n, of(n, abi.functions().get(n))));
        List<TraceWrapper> wrappers = new ArrayList<>();
        List<WrapFunction> recorded = new ArrayList<>();
        for (WrapFunction f : functions.values()) {
            CallLayout layout = labelled.get(f.name());
            wrappers.add(layout == null ? unlabelled(f)
                    : sources.unrecorded(f.name()) ? passThrough(f) : labelled(f, layout));
            if (layout != null && !sources.unrecorded(f.name()) && wrappable.contains(f.name())) {
                recorded.add(f);
            }
        }
        Map<Conversion, List<ConstantTable.Entry>> tables = new LinkedHashMap<>();
        for (Conversion c : Conversion.values()) {
            if (c != Conversion.PLAIN) {
                tables.put(c, lastOfEachValue(constants.entries(c, abi.constants().keySet())));
            }
        }
        TraceFortranModel fortranEntries = new TraceFortranBuilder(abi, dict, fortran).build(recorded).orElse(null);
        return new TraceToolModel(abi.family(), wrappers, tables, constants, List.copyOf(abi.objects().keySet()),
                fortranEntries);
    }

    private TraceWrapper labelled(WrapFunction f, CallLayout layout) {
        FunctionSpec spec = dict.hasFunction(f.name()) ? dict.function(f.name()) : null;
        RecordWriter w = new RecordWriter(f, layout, spec, sources).write();
        TraceWrapper.Kind kind = switch (f.name()) {
            case "MPI_Init", "MPI_Init_thread" -> TraceWrapper.Kind.INIT;
            case "MPI_Finalize" -> TraceWrapper.Kind.FINALIZE;
            case "MPI_Abort" -> TraceWrapper.Kind.ABORT;
            default -> TraceWrapper.Kind.LABELLED;
        };
        return new TraceWrapper(f.name(), f.returnType(), f.prototype(f.name()), call(f), layout.label(), kind,
                w.declarations(), w.entry(), w.fields());
    }

    private static TraceWrapper unlabelled(WrapFunction f) {
        return new TraceWrapper(f.name(), f.returnType(), f.prototype(f.name()), call(f), -1,
                TraceWrapper.Kind.UNLABELLED, List.of(), List.of(), List.of());
    }

    private static TraceWrapper passThrough(WrapFunction f) {
        return new TraceWrapper(f.name(), f.returnType(), f.prototype(f.name()), call(f), -1,
                TraceWrapper.Kind.PASS_THROUGH, List.of(), List.of(), List.of());
    }

    private static String call(WrapFunction f) {
        return "WI_TOOL_NEXT(" + f.name() + ")(" + String.join(", ", f.argNames()) + ")";
    }

    private static WrapFunction of(String name, AbiDescriptor.Prototype p) {
        return new WrapFunction(name, p.returns(), p.params().stream().map(q -> new WrapParam(q.name(), q.type())).toList());
    }

    /**
     * Of constants the family defines as the same object or value (Open MPI's MPI_LONG_LONG is
     * MPI_LONG_LONG_INT), the last in table order: libdumpi fills its tables in that order, so the
     * last assignment is the number it records.
     */
    private List<ConstantTable.Entry> lastOfEachValue(List<ConstantTable.Entry> entries) {
        Map<String, ConstantTable.Entry> byIdentity = new LinkedHashMap<>();
        for (ConstantTable.Entry e : entries) {
            AbiDescriptor.Constant c = abi.constants().get(e.mpi());
            String identity = c.symbol() != null ? "symbol " + c.symbol()
                    : c.value() != null ? "value " + c.value() : "text " + e.mpi();
            byIdentity.remove(identity);
            byIdentity.put(identity, e);
        }
        return List.copyOf(byIdentity.values());
    }

    /** The functions DUMPI has a label for, by name. */
    static Map<String, CallLayout> labelledFunctions() {
        Map<String, CallLayout> byName = new TreeMap<>();
        for (int label = 0; label < DumpiCalls.ALL_FUNCTIONS; label++) {
            DumpiCalls.instance().layout(label).filter(l -> l.name().startsWith("MPI_"))
                    .ifPresent(l -> byName.put(l.name(), l));
        }
        return byName;
    }
}
