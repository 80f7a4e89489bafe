package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.dict.FunctionSpec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Computes the {@link FortranModel} of one cross pair: a wrapper for every function of the
 * application's func_list that has an A_ function and a Fortran binding the roles can express,
 * an aborting stub for every other Fortran symbol of the application family.
 */
public final class FortranModelBuilder {

    private final AbiDescriptor app;
    private final Dictionaries dict;
    private final FortranDictionary fortran;
    private final PairModel pair;

    public FortranModelBuilder(AbiDescriptor app, Dictionaries dict, FortranDictionary fortran, PairModel pair) {
        this.app = app;
        this.dict = dict;
        this.fortran = fortran;
        this.pair = pair;
    }

    public FortranModel build() {
        // Identity pairs keep the real Fortran library. Every other application family has a Fortran
        // library: a vendor's, or interface mode's libmpifort_abi, whose symbols these wrappers replace.
        if (pair.identity() || app.libraries().fortran() == null) {
            return FortranModel.none();
        }
        FortranDictionary.Sentinels sentinels = fortran.sentinels().get(app.family());
        if (sentinels == null) {
            throw new IllegalStateException("fortran.json: no sentinels for the " + app.family() + " family");
        }
        FortranSymbols symbols = new FortranSymbols(app, dict, fortran);
        FortranArgumentBuilder arguments = new FortranArgumentBuilder(app, dict, fortran, pair, symbols, sentinels);
        Map<String, FortranFunctionView.Callee> callees = new HashMap<>();
        pair.functions().functions().forEach(f -> callees.put(f.name(),
                new FortranFunctionView.Callee(f.applicationReturn(), f.applicationParams())));
        pair.functions().localFunctions().forEach(f -> callees.put(f.name(),
                new FortranFunctionView.Callee(f.applicationReturn(), f.applicationParams())));

        List<FortranFunctionView> functions = new ArrayList<>();
        Map<String, String> leftOut = new TreeMap<>();
        Set<String> wrapped = new HashSet<>();
        Set<String> exported = new HashSet<>(app.exports());
        for (String name : dict.funcList(app.family())) {
            if (!exported.contains(name) || !symbols.hasBinding(name)) {
                continue;
            }
            FortranFunctionView.Callee callee = callees.get(name);
            if (callee == null) {
                continue; // not translated at all: the stub below reports it
            }
            if (fortran.leftOut().containsKey(name)) {
                leftOut.put(name, fortran.leftOut().get(name));
                continue;
            }
            try {
                functions.add(function(dict.function(name), callee, symbols, arguments));
                wrapped.add(name);
            } catch (FortranUnexpressible e) {
                leftOut.put(name, e.getMessage());
            }
        }
        List<FortranModel.Stub> stubs = new ArrayList<>();
        for (String symbol : new java.util.TreeSet<>(app.exports())) {
            if (symbol.startsWith("MPI_") && !wrapped.contains(symbol) && symbols.hasBinding(symbol)) {
                stubs.add(new FortranModel.Stub(symbol, symbols.stub(symbol)));
            }
        }
        // Blocks the application's mpi.h declares as objects are exported by wi_objects.c already.
        List<FortranModel.Block> blocks = new ArrayList<>();
        List<FortranModel.Block> declared = new ArrayList<>();
        sentinels.blocks().forEach((symbol, size) -> (app.objects().containsKey(symbol) ? declared : blocks)
                .add(new FortranModel.Block(symbol, size)));
        F08Library f08 = f08Library(fortran.f08Modules().get(app.family()));
        List<String> intAttributes = fortran.attributes().intValues().stream()
                .filter(app.constants()::containsKey).toList();
        List<String> aintAttributes = fortran.attributes().aintValues().stream()
                .filter(app.constants()::containsKey).toList();
        List<FortranModel.PredefinedProcedure> procedures = new ArrayList<>();
        fortran.predefinedCallbacks().forEach((constant, p) -> {
            if (app.constants().containsKey(constant)) {
                procedures.add(new FortranModel.PredefinedProcedure(constant, p.does(), p.integer(),
                        symbols.predefined(constant, p)));
            }
        });
        FortranDictionary.FortranOnly only = fortran.fortranOnly().get(app.family());
        return new FortranModel(true, blocks, declared, functions, stubs, leftOut, f08.operators(), f08.data(),
                f08.copies(), intAttributes, aintAttributes, fortranKeyvals(), procedures, sizeofProcedures(only),
                only == null ? List.of() : only.noop(), only == null ? List.of() : only.aintAdd(),
                only == null ? List.of() : only.aintDiff());
    }

    /** What a family's mpi_f08 module library provides besides the bindings (none without a module). */
    private record F08Library(List<FortranModel.F08Operator> operators, List<FortranModel.Block> data,
                              List<FortranModel.Block> copies) {}

    private static F08Library f08Library(FortranDictionary.F08Module module) {
        List<FortranModel.F08Operator> operators = new ArrayList<>();
        List<FortranModel.Block> data = new ArrayList<>();
        List<FortranModel.Block> copies = new ArrayList<>();
        if (module == null) {
            return new F08Library(operators, data, copies);
        }
        // The handle types are one INTEGER and compare with == and /=; the status type has its own size.
        for (String kind : module.kinds()) {
            String type = module.types().replace("{kind}", kind);
            data.add(new FortranModel.Block(FortranSymbols.f08DefaultInit(module, type), 4));
            copies.add(new FortranModel.Block(FortranSymbols.f08Copy(module, type), 4));
            for (String pattern : module.withoutOperators().contains(kind) ? List.<String>of() : module.operators()) {
                for (String op : List.of(module.equal(), module.notEqual())) {
                    operators.add(new FortranModel.F08Operator(FortranSymbols.f08Operator(module, pattern, kind, op),
                            op.equals(module.equal())));
                }
            }
        }
        String status = module.types().replace("{kind}", module.statusKind());
        data.add(new FortranModel.Block(FortranSymbols.f08DefaultInit(module, status), module.statusBytes()));
        copies.add(new FortranModel.Block(FortranSymbols.f08Copy(module, status), module.statusBytes()));
        return new F08Library(operators, data, copies);
    }

    /** Predefined keyvals whose Fortran value is not the C value: Fortran value → the constant. */
    private Map<Long, String> fortranKeyvals() {
        Map<Long, String> out = new TreeMap<>();
        FortranDictionary.Attributes at = fortran.attributes();
        for (String c : java.util.stream.Stream.of(at.intValues(), at.aintValues(), at.addressValues())
                .flatMap(List::stream).toList()) {
            Long fv = app.fortran() == null ? null : app.fortran().get(c);
            AbiDescriptor.Constant cv = app.constants().get(c);
            if (fv != null && cv != null && cv.value() != null && !fv.equals(cv.value())) {
                out.put(fv, c);
            }
        }
        return out;
    }

    /** The family's MPI_Sizeof procedures, grouped by the size they store. */
    private static List<FortranModel.SizeofProcedure> sizeofProcedures(FortranDictionary.FortranOnly only) {
        Map<Integer, List<String>> bySize = new TreeMap<>();
        if (only != null) {
            only.sizeof().forEach((symbol, size) -> bySize.computeIfAbsent(size, k -> new ArrayList<>()).add(symbol));
        }
        List<FortranModel.SizeofProcedure> out = new ArrayList<>();
        bySize.forEach((size, names) -> out.add(new FortranModel.SizeofProcedure(size, names)));
        return out;
    }

    /**
     * The descriptor buffers that may be non-contiguous sections: those followed by their own count
     * (int) and datatype, which no other buffer of the call shares; buffer → [count, datatype]. The
     * binding then describes the section with a datatype built for it.
     */
    private static Map<String, List<String>> descriptorSections(FunctionSpec f, List<String> descriptors) {
        Map<String, List<String>> out = new java.util.LinkedHashMap<>();
        Map<String, Integer> uses = new HashMap<>();
        List<ArgSpec> args = f.args();
        for (int i = 0; i < args.size(); i++) {
            if (!descriptors.contains(args.get(i).name())) {
                continue;
            }
            int c = i + 1;
            while (c < args.size() && descriptors.contains(args.get(c).name())) {
                c++; // MPI_Allreduce: sendbuf, recvbuf, count, datatype
            }
            if (c + 1 < args.size() && List.of("int", "MPI_Count").contains(args.get(c).type().trim())
                    && args.get(c + 1).type().trim().equals("MPI_Datatype")) {
                out.put(args.get(i).name(), List.of(args.get(c).name(), args.get(c + 1).name()));
                uses.merge(args.get(c).name(), 1, Integer::sum);
            }
        }
        out.values().removeIf(pair -> uses.get(pair.get(0)) > 1);
        return out;
    }

    private static FortranFunctionView function(FunctionSpec f, FortranFunctionView.Callee callee, FortranSymbols symbols,
                                                FortranArgumentBuilder arguments) throws FortranUnexpressible {
        String ret = f.returns() == null ? "int" : f.returns();
        boolean subroutine = ret.equals("int");
        if (!subroutine && !ret.equals("double") && !ret.equals("MPI_Aint")) {
            throw new FortranUnexpressible("returns " + ret);
        }
        List<FortranArgView> args = new ArrayList<>();
        boolean scratch = false;
        for (ArgSpec a : f.args()) {
            FortranArgView v = arguments.argument(f, a);
            scratch |= v.conv().isString() || v.conv() == FortranConversion.HANDLE && v.array() && v.handle().tableCalls()
                    || v.conv() == FortranConversion.AINT_INT_ARRAY;
            args.add(v);
        }
        List<String> descriptors = symbols.descriptorArguments(f.name());
        return new FortranFunctionView(f.name(), callee, subroutine, CTypes.application(ret), args,
                symbols.wrapper(f.name()), scratch, descriptors, symbols.descriptor(f.name()),
                descriptorSections(f, descriptors));
    }
}
