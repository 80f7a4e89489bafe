package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.HookSpec;
import org.wi4mpi.gen.dict.LengthExpression;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The views of a pair's A_ functions: those calling the runtime (FunctionView, one ArgView per
 * argument) and those answering without it (LocalFunctionView).
 */
final class FunctionViewBuilder {

    private final AbiDescriptor app;
    private final AbiDescriptor run;
    private final Dictionaries dict;
    private final boolean identity;
    private final FunctionClassifier classifier;

    FunctionViewBuilder(AbiDescriptor app, AbiDescriptor run, Dictionaries dict, FunctionClassifier classifier) {
        this.app = app;
        this.run = run;
        this.dict = dict;
        this.identity = app.family().equals(run.family());
        this.classifier = classifier;
    }

    FunctionView function(FunctionSpec f) {
        return function(f, f);
    }

    /**
     * The A_ function of f calling the runtime's function of {@code runtime} (f itself, or the _x or
     * int form of a large-count function): the runtime's argument types are that function's, and an
     * argument the runtime takes narrower (an MPI_Count the int form takes as int) is range-checked.
     */
    FunctionView function(FunctionSpec f, FunctionSpec runtime) {
        List<ArgView> args = new ArrayList<>();
        LengthExpression firstArrayCapacity = null;
        for (ArgSpec a : f.args()) {
            if (a.length() != null && !a.length().startsWith("*") && firstArrayCapacity == null) {
                firstArrayCapacity = lengthExpression(a.length());
            }
        }
        ArgView created = null;
        boolean scratch = false;
        int runtimeIndex = 0;
        for (ArgSpec a : f.args()) {
            MapperSpec m = dict.mappers().get(a.role());
            MapperKind kind = identity ? MapperKind.PASSTHROUGH : m.kind();
            // the runtime's argument this one becomes; none for one its int form lacks
            ArgSpec r = runtime == f ? a : a.largeOnly() ? null : runtime.args().get(runtimeIndex++);
            ArrayLength length = a.length() == null ? null : arrayLength(f, a, firstArrayCapacity);
            if (length != null && kind != MapperKind.PASSTHROUGH) {
                scratch = true;
            }
            String elementType = CTypes.element(a.type());
            String appType = a.typeFor(app.family()), runType = r == null ? appType : r.typeFor(run.family());
            Narrowing narrowing = Narrowing.NONE;
            String runElement = elementType;
            String callback = m.callback();
            if (r == null) {
                narrowing = Narrowing.ABSENT;
            } else if (runtime != f && !a.role().equals(r.role())) {
                callback = classifier.forms().intFormCallback(a, r);
            } else if (runtime != f) {
                narrowing = classifier.forms().narrowing(a, appType.trim(), runType.trim());
                runElement = CTypes.element(runType);
                if (narrowing == Narrowing.ARRAY) {
                    scratch = true;
                }
            }
            if (narrowing == Narrowing.NONE && !CTypes.isPointer(appType)) {
                checkWidening(f, a, appType, runType);
            }
            ArgTypes types = new ArgTypes(CTypes.application(appType), CTypes.runtime(runType),
                    CTypes.application(elementType), CTypes.runtime(runElement), CTypes.isPointer(a.type()));
            ArgView view = new ArgView(a.name(), a.role(), kind, Direction.of(a.dir()), types, narrowing, length,
                    translation(f, m, callback), a.nullOk(), a.unusedIfInPlace());
            args.add(view);
            if (created == null && view.dir() == Direction.OUT && length == null
                    && (m.kind() == MapperKind.HANDLE || m.kind() == MapperKind.INT_CONSTANTS)) {
                created = view;
            }
        }
        String ret = f.returns() == null ? "int" : f.returns();
        MapperKind returnKind = switch (ret) {
            case "int" -> identity ? MapperKind.PASSTHROUGH : MapperKind.ERROR_CODE;
            case "double" -> MapperKind.PASSTHROUGH;
            default -> identity ? MapperKind.PASSTHROUGH : MapperKind.HANDLE;
        };
        String returnTable = ret.startsWith("MPI_") ? HandleKind.tableOf(ret) : null;
        ReturnView returns = new ReturnView(CTypes.application(ret), CTypes.runtime(ret), returnKind, returnTable);
        // A second name the runtime lacks (MPIX_Allreduce_init on MPICH) calls its first name.
        String runtimeSymbol = classifier.runtimeSymbol(runtime);
        String runtimeName = runtimeSymbol != null ? runtimeSymbol : runtime.runtimeName();
        Callee callee = classifier.emulated(runtime) ? new Callee(Callee.Kind.EMULATION, runtime.emulation())
                : new Callee(Callee.Kind.RUNTIME_POINTER, runtimeName);
        return new FunctionView(f.name(), runtimeName, callee, returns, args, scratch, hookUse(runtime.hook(), args), created,
                f.variadic(), errorObject(f));
    }

    /** The hook of a function whose arguments are args, its parameters bound to them in order. */
    private HookUse hookUse(String name, List<ArgView> args) {
        if (name == null) {
            return null;
        }
        HookSpec spec = dict.hooks().get(name);
        List<String> named = spec.namedParameters();
        Map<String, ArgView> bound = new LinkedHashMap<>();
        for (int i = 0; i < named.size(); i++) {
            bound.put(named.get(i), args.get(i));
        }
        List<ArgView> further = spec.bindsFurther() ? args.subList(named.size(), args.size()) : List.of();
        return new HookUse(name, bound, further);
    }

    /** What the mapper kind of an argument needs from mappers.json (callback: the family registering it). */
    private static Translation translation(FunctionSpec f, MapperSpec m, String callback) {
        return switch (m.kind()) {
            case HANDLE -> new Translation.HandleTable(m.table(), m.handle().completesPending());
            case PENDING_HANDLE -> new Translation.HandleTable(m.table(), false);
            case CALLBACK -> new Translation.Callback(callback);
            case STRING_OUT -> new Translation.StringOut(m.max(), m.resultLength());
            case STATUS -> new Translation.Status(f.args().stream()
                    .filter(b -> b.name().equals(m.deliveredFlag()) && Direction.of(b.dir()).writes())
                    .map(ArgSpec::name).findFirst().orElse(null));
            default -> new Translation.ByRole();
        };
    }

    private static ArrayLength arrayLength(FunctionSpec f, ArgSpec a, LengthExpression firstArrayCapacity) {
        LengthExpression count = lengthExpression(a.length());
        boolean reported = count.form() == LengthExpression.Form.DEREFERENCED_ARGUMENT;
        LengthExpression capacity = reported ? firstArrayCapacity : count;
        if (capacity == null && reported && dirOf(f, count.argument()) == Direction.INOUT) {
            // An in/out length (MPI_T_event_get_info's num_elements): the array's size on input, read
            // before the call; the number of elements written on output.
            return new ArrayLength(count, count, true);
        }
        if (capacity == null) {
            throw new IllegalStateException("functions.json: " + f.name() + ": argument '" + a.name()
                    + "' has length " + a.length() + " but no other array gives its capacity");
        }
        return new ArrayLength(capacity, count, false);
    }

    /**
     * An integer argument the two families declare with different types (family_types) reaches the
     * runtime by C's conversion: only a widening one keeps every value.
     */
    private void checkWidening(FunctionSpec f, ArgSpec a, String appType, String runType) {
        if (!appType.equals(runType) && LargeCountForms.byteSize(app, appType) > LargeCountForms.byteSize(run, runType)) {
            throw new IllegalStateException("functions.json: " + f.name() + ": argument '" + a.name() + "' is "
                    + appType + " for " + app.family() + " but the narrower " + runType + " for " + run.family()
                    + ": the " + app.family() + "→" + run.family() + " pair would truncate it");
        }
    }

    /**
     * Computed locally, or reporting that the runtime lacks it: the first communicator, window or file
     * passed by value receives the error; tool functions (mappers.json tool_functions) return MPI_T
     * error codes; functions without an error code to return cannot report.
     */
    LocalFunctionView localFunction(FunctionSpec f) {
        String ret = f.returns() == null ? "int" : f.returns();
        String expression = f.local();
        ErrorObject errorObject = errorObject(f);
        LocalFunctionView.Report report;
        if (f.local() != null) {
            report = LocalFunctionView.Report.LOCAL;
        } else if (dict.isToolFunction(f)) {
            report = LocalFunctionView.Report.TOOL;
        } else if (!ret.equals("int")) {
            report = LocalFunctionView.Report.FATAL; // no error code to return
        } else if (errorObject != null) {
            report = LocalFunctionView.Report.OBJECT;
        } else {
            report = LocalFunctionView.Report.SELF;
        }
        List<String> params = new ArrayList<>(f.args().stream()
                .map(a -> CTypes.declare(CTypes.application(a.typeFor(app.family())), a.name())).toList());
        if (f.variadic()) {
            params.add("...");
        }
        return new LocalFunctionView(f.name(), CTypes.application(ret),
                params.isEmpty() ? "void" : String.join(", ", params),
                f.args().stream().map(ArgSpec::name).toList(), report,
                report == LocalFunctionView.Report.OBJECT ? errorObject : null, expression);
    }

    /**
     * Where the error of a call is raised: the first input handle passed by value whose role says its
     * objects carry an error handler (mappers.json error_object), else null (MPI_COMM_SELF).
     */
    private ErrorObject errorObject(FunctionSpec f) {
        for (ArgSpec a : f.args()) {
            MapperSpec m = dict.mapper(a.role());
            if (m.kind() == MapperKind.HANDLE && m.handle().errorObject() && a.type().trim().equals(m.type())
                    && Direction.of(a.dir()) == Direction.IN) {
                return new ErrorObject(m.table(), a.name());
            }
        }
        return null;
    }

    private static Direction dirOf(FunctionSpec f, String argument) {
        return f.args().stream().filter(x -> x.name().equals(argument)).map(x -> Direction.of(x.dir())).findFirst()
                .orElse(null);
    }

    /** A length written in functions.json (docs/dictionaries.md), checked by the loader. */
    private static LengthExpression lengthExpression(String length) {
        return LengthExpression.parse(length).orElseThrow(() -> new IllegalStateException("malformed length " + length));
    }
}
