package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FunctionSpec;

import java.util.Set;

/**
 * Classifies each function of a pair once (FunctionClass): whether the runtime has it, under which
 * name, through which form, and whether the pair has the runtime support its roles need.
 */
final class FunctionClassifier {

    /**
     * A function's class, with the runtime's function it calls: f itself, or for RUNTIME_FORM the _x
     * or int form of the large-count function f; null for the classes that call nothing.
     */
    record Classification(FunctionClass functionClass, FunctionSpec runtime) {}

    private final AbiDescriptor run;
    private final Dictionaries dict;
    private final boolean identity;
    private final Set<String> handleTypes;
    private final LargeCountForms forms;

    /** handleTypes: the handle types the pair has runtime tables for (HandleKind). */
    FunctionClassifier(AbiDescriptor app, AbiDescriptor run, Dictionaries dict, Set<String> handleTypes) {
        this.run = run;
        this.dict = dict;
        this.identity = app.family().equals(run.family());
        this.handleTypes = handleTypes;
        this.forms = new LargeCountForms(app, run, dict);
    }

    /** The class of f, a function the application's library exports. */
    Classification classify(FunctionSpec f) {
        // A function the runtime lacks that runtime-c computes is called as if the runtime had it.
        boolean runHas = runtimeHas(f);
        boolean supported = identity || PairSupport.missing(f, dict, handleTypes) == null;
        if (!runHas && !identity) {
            FunctionSpec form = forms.runtimeForm(f, this::runtimeHas);
            if (form != null && supported) {
                return new Classification(FunctionClass.RUNTIME_FORM, form);
            }
        }
        if ((f.local() != null || runHas) && !supported) {
            // needs runtime support this pair lacks (a local expression too: MPI_Session_toint
            // without a session table)
            return new Classification(FunctionClass.UNSUPPORTED, null);
        }
        if (f.local() != null && (!identity || !runHas)) {
            return new Classification(FunctionClass.LOCAL, null); // identity pairs call the runtime's own
        }
        if (!runHas) {
            return new Classification(FunctionClass.LACKING, null);
        }
        if (identity && (f.hook() == null || !dict.hooks().get(f.hook()).identity())) {
            // identity pairs need an A_ function only for a hook of theirs (loading the runtime)
            return new Classification(FunctionClass.DIRECT, null);
        }
        return new Classification(emulated(f) ? FunctionClass.EMULATED : FunctionClass.TRANSLATED, f);
    }

    LargeCountForms forms() {
        return forms;
    }

    /** Whether the runtime has f, under some name or computed by runtime-c. */
    boolean runtimeHas(FunctionSpec f) {
        return runtimeSymbol(f) != null || emulated(f);
    }

    /**
     * Whether a family's library has the function: declared by its mpi.h, or only exported (Open MPI
     * 4.1 still exports the MPI-1 functions its mpi.h no longer declares).
     */
    static boolean provides(AbiDescriptor abi, String function) {
        return abi.functions().containsKey(function) || abi.exports().contains("P" + function);
    }

    /**
     * The runtime's name for f, or null: f's own, else the first name f is a second name of
     * (MPIX_Allreduce_init on MPICH calls MPI_Allreduce_init), else a second name of f the runtime
     * has instead (MPI_Allreduce_init on Open MPI 4.1 calls MPIX_Allreduce_init).
     */
    String runtimeSymbol(FunctionSpec f) {
        if (provides(run, f.name())) {
            return f.name();
        }
        if (f.sameAs() != null && provides(run, f.sameAs())) {
            return f.sameAs();
        }
        for (FunctionSpec g : dict.functions()) {
            if (f.name().equals(g.sameAs()) && g.args().equals(f.args()) && provides(run, g.name())) {
                return g.name();
            }
        }
        return null;
    }

    /** Whether the runtime lacks f and runtime-c computes it from its other functions (emulation). */
    boolean emulated(FunctionSpec f) {
        return !identity && f.emulation() != null && runtimeSymbol(f) == null;
    }
}
