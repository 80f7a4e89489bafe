package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * How a large-count function the runtime lacks reaches the runtime's MPI-3 _x form or int form: which
 * form, and how each integer argument is narrowed on the way (Narrowing).
 */
final class LargeCountForms {

    /** Integer types a large-count function's scalar inputs may have where its int form has int. */
    private static final Set<String> LARGE_SCALARS = Set.of("MPI_Count", "MPI_Aint");

    /** Integer types a large-count function and its int or _x form may differ in. */
    private static final Set<String> INTEGERS = Set.of("int", "MPI_Count", "MPI_Aint", "MPI_Offset");

    private final AbiDescriptor app;
    private final AbiDescriptor run;
    private final Dictionaries dict;

    LargeCountForms(AbiDescriptor app, AbiDescriptor run, Dictionaries dict) {
        this.app = app;
        this.run = run;
        this.dict = dict;
    }

    /**
     * The form the runtime has of a large-count function it lacks: its MPI-3 MPI_Count form
     * (MPI_Type_size_x for MPI_Type_size_c, the same prototype) or its int form (MPI_Send for
     * MPI_Send_c): the same arguments in direction (and role, but for callbacks of an int-form
     * family), differing only in integer types the translation can narrow or widen, less the
     * large_only arguments (see sameButNarrower). Null when there is none or f has a local expression;
     * a hook, f and its form must both have (the form's runs). runtimeHas: whether the runtime has a
     * function, itself or computed by runtime-c.
     */
    FunctionSpec runtimeForm(FunctionSpec f, Predicate<FunctionSpec> runtimeHas) {
        if (f.local() != null) {
            return null;
        }
        // MPI-3's MPI_Count forms first (MPI_Type_size_x for MPI_Type_size_c), then the int form.
        for (String candidate : dict.largeCountFormsOf(f)) {
            FunctionSpec form = dict.hasFunction(candidate) && runtimeHas.test(dict.function(candidate))
                    ? sameButNarrower(f, dict.function(candidate)) : null;
            if (form != null) {
                return form;
            }
        }
        return null;
    }

    /**
     * b, if f differs from it only in integer types the translation bridges; else null. Per argument
     * (narrowing(): how it is bridged): a scalar input (range-checked), a pointer to one output or
     * in/out integer (through an int temporary, the input range-checked, the output widened back), an
     * input array with a length in functions.json (copied element by element, each range-checked), or
     * any pointer to an integer of the same width (MPI_Count * where b has MPI_Aint *: passed as is).
     */
    private FunctionSpec sameButNarrower(FunctionSpec f, FunctionSpec b) {
        List<ArgSpec> passed = f.args().stream().filter(a -> !a.largeOnly()).toList();
        // a hook works on the form called (MPI_Type_get_contents_c's is MPI_Type_get_contents's)
        if (b.args().size() != passed.size() || !Objects.equals(b.returns(), f.returns())
                || (b.hook() == null) != (f.hook() == null) || b.variadic() != f.variadic()) {
            return null;
        }
        for (int i = 0; i < passed.size(); i++) {
            ArgSpec a = passed.get(i), c = b.args().get(i);
            String at = a.typeFor(app.family()).trim(), ct = c.typeFor(run.family()).trim();
            if (!a.dir().equals(c.dir())) {
                return null;
            }
            if (!a.role().equals(c.role())) {
                // a large-count callback registered as one of the int form (MPI_User_function_c)
                if (intFormCallback(a, c) == null) {
                    return null;
                }
                continue;
            }
            if (!at.equals(ct) && narrowing(a, at, ct) == null) {
                return null;
            }
        }
        return b;
    }

    /**
     * The trampoline family registering the large-count callback a where the runtime's form takes the
     * callback c of its int form (mappers.json int_form_callback), or null.
     */
    String intFormCallback(ArgSpec a, ArgSpec c) {
        MapperSpec am = dict.mappers().get(a.role()), cm = dict.mappers().get(c.role());
        return am.intFormCallback() != null && cm.kind() == MapperKind.CALLBACK ? am.intFormCallback() : null;
    }

    /**
     * How an integer argument of type appType reaches a runtime function taking runType (see
     * Narrowing); null when the translation cannot bridge them.
     */
    Narrowing narrowing(ArgSpec a, String appType, String runType) {
        if (appType.equals(runType)) {
            return Narrowing.NONE;
        }
        String ae = CTypes.element(appType), re = CTypes.element(runType);
        boolean pointer = CTypes.isPointer(appType);
        if (!INTEGERS.contains(ae) || !INTEGERS.contains(re) || pointer != CTypes.isPointer(runType)) {
            return null;
        }
        int appSize = byteSize(app, ae), runSize = byteSize(run, re);
        Direction dir = Direction.of(a.dir());
        if (!pointer) {
            if (dir != Direction.IN || !LARGE_SCALARS.contains(ae) || !(re.equals("int") || LARGE_SCALARS.contains(re))) {
                return null;
            }
            // an MPI_Count reaching an MPI_Aint of the same width
            return appSize > runSize ? Narrowing.SCALAR : Narrowing.NONE;
        }
        if (appSize == runSize) {
            return Narrowing.NONE;
        }
        if (appSize < runSize || !re.equals("int")) {
            return null;
        }
        boolean passthrough = dict.mappers().get(a.role()).kind() == MapperKind.PASSTHROUGH;
        if (a.length() != null) {
            return dir == Direction.IN && passthrough ? Narrowing.ARRAY : null;
        }
        if (dir == Direction.IN) {
            return null; // an input array without a length: how many elements to narrow is unknown
        }
        // an output of a converting mapper widens through its own int temporary (MPI_Get_count_c's index)
        return passthrough ? Narrowing.POINTER : dir == Direction.OUT ? Narrowing.NONE : null;
    }

    static int byteSize(AbiDescriptor abi, String type) {
        if (type.equals("int")) {
            return Integer.BYTES;
        }
        AbiDescriptor.TypeInfo info = abi.types() == null ? null : abi.types().get(type);
        if (info == null || info.size() == null) {
            throw new IllegalStateException(abi.family() + "'s ABI descriptor gives no size for " + type);
        }
        return info.size();
    }
}
