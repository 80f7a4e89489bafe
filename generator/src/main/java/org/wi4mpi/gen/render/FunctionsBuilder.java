package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The functions of a pair (FunctionsModel): each function the application's library exports,
 * classified once (FunctionClassifier) and given the view its class renders; the runtime's typed
 * pointers (R_PMPI_X and T_MPI_X for each runtime function); the code chooser's entries.
 */
final class FunctionsBuilder {

    private final AbiDescriptor app;
    private final AbiDescriptor run;
    private final Dictionaries dict;
    private final boolean identity;
    private final FunctionClassifier classifier;
    private final FunctionViewBuilder views;

    FunctionsBuilder(AbiDescriptor app, AbiDescriptor run, Dictionaries dict, List<HandleKind> kinds) {
        this.app = app;
        this.run = run;
        this.dict = dict;
        this.identity = app.family().equals(run.family());
        Set<String> handleTypes = new HashSet<>();
        kinds.forEach(k -> handleTypes.add(k.type()));
        this.classifier = new FunctionClassifier(app, run, dict, handleTypes);
        this.views = new FunctionViewBuilder(app, run, dict, classifier);
    }

    FunctionsModel build() {
        List<FunctionView> translated = new ArrayList<>();
        List<LocalFunctionView> local = new ArrayList<>();
        Map<String, FunctionClass> classes = new TreeMap<>();
        Set<String> exported = new TreeSet<>(app.exports());
        if (!identity && app.libraries().fortran() != null) {
            // All-capitals exports (Open MPI's MPI_COMM_DUP_FN, MPI_WTIME_F90) are Fortran procedures:
            // the cross pair's Fortran layer defines them (FortranSymbols).
            exported.removeIf(FortranSymbols::isFortranMangling);
        }
        for (String name : dict.funcList(app.family())) {
            if (!exported.contains(name)) {
                continue; // the application family has no such symbol: nothing to intercept
            }
            FunctionSpec f = dict.function(name);
            FunctionClassifier.Classification c = classifier.classify(f);
            classes.put(name, c.functionClass());
            if (c.functionClass().callsRuntime()) {
                translated.add(views.function(f, c.runtime()));
            } else if (c.functionClass().answersLocally()) {
                local.add(views.localFunction(f));
            }
        }
        List<FunctionView> runtimeFunctions = runtimeFunctions(translated);
        Set<String> typed = new HashSet<>();
        runtimeFunctions.forEach(f -> {
            typed.add(f.name());
            typed.add("P" + f.name());
        });
        List<ChooserEntry> chooser = new ArrayList<>();
        Set<String> unsupported = new TreeSet<>();
        List<String> untyped = new ArrayList<>();
        for (String symbol : exported) {
            boolean profiling = symbol.startsWith("P");
            String base = profiling ? symbol.substring(1) : symbol;
            FunctionClass c = classes.get(base);
            // an A_ function takes the call, unless there is none or it lacks the runtime support
            boolean isTranslated = c != null && c != FunctionClass.UNSUPPORTED;
            // Identity pairs have nothing to translate: the application goes straight to the runtime,
            // one indirect jump, except where a hook has work to do (loading the runtime).
            boolean direct = identity && c != FunctionClass.TRANSLATED;
            // A PMPI_ name runs the second instance of a translation calling the runtime, which calls
            // the runtime's PMPI_X; the functions answered without the runtime have one instance.
            ChooserEntry.Target target = !isTranslated ? ChooserEntry.Target.UNSUPPORTED
                    : profiling && c.callsRuntime() ? ChooserEntry.Target.PMPI_ENTRY : ChooserEntry.Target.MPI_ENTRY;
            String pointer = !typed.contains(symbol) ? "wi_rfn_" + symbol : profiling ? "R_" + symbol : "T_" + symbol;
            chooser.add(new ChooserEntry(symbol, base, target, !profiling, direct, pointer));
            if (!isTranslated && !direct) {
                unsupported.add(base);
            }
            if (!typed.contains(symbol)) {
                untyped.add(symbol);
            }
        }
        return new FunctionsModel(Collections.unmodifiableMap(classes), translated, local, runtimeFunctions, chooser,
                List.copyOf(unsupported), untyped);
    }

    /**
     * Every function of functions.json both families have gets a typed runtime pointer: the runtime
     * support code calls some of them directly. So do the runtime's c2f/f2c of handles and statuses
     * (mappers.json c2f), which the Fortran layer calls even where the application family has none
     * (the standard ABI), and the first name of a second name the application has
     * (MPIX_Allreduce_init calls the runtime's MPI_Allreduce_init).
     */
    private List<FunctionView> runtimeFunctions(List<FunctionView> translated) {
        Set<String> calledUnderFirstName = new HashSet<>();
        for (FunctionView f : translated) {
            if (!f.runtimeName().equals(f.name())) {
                calledUnderFirstName.add(f.runtimeName());
            }
        }
        Set<String> fortranConversions = new HashSet<>();
        for (MapperSpec m : dict.mappers().values()) {
            if (m.c2f() != null) {
                fortranConversions.add("MPI_" + m.c2f() + "_c2f");
                fortranConversions.add("MPI_" + m.c2f() + "_f2c");
            }
        }
        List<FunctionView> out = new ArrayList<>();
        for (FunctionSpec f : dict.functions()) {
            if (FunctionClassifier.provides(run, f.name()) && (FunctionClassifier.provides(app, f.name())
                    || fortranConversions.contains(f.name()) || calledUnderFirstName.contains(f.name()))) {
                out.add(views.function(f));
            }
        }
        return out;
    }
}
