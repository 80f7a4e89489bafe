package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

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

    /** Why an argument cannot be expressed: the function is left out of the Fortran layer. */
    private static final class Unexpressible extends Exception {
        Unexpressible(String reason) {
            super(reason, null, false, false);
        }
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
        Map<String, String> prototypes = new HashMap<>();
        pair.functions().functions().forEach(f -> prototypes.put(f.name(),
                f.applicationReturn() + " A_" + f.name() + "(" + f.applicationParams() + ")"));
        pair.functions().localFunctions().forEach(f -> prototypes.put(f.name(),
                f.applicationReturn() + " A_" + f.name() + "(" + f.applicationParams() + ")"));

        List<FortranFunctionView> functions = new ArrayList<>();
        Map<String, String> leftOut = new TreeMap<>();
        Set<String> wrapped = new HashSet<>();
        Set<String> exported = new HashSet<>(app.exports());
        for (String name : dict.funcList(app.family())) {
            if (!exported.contains(name) || !hasFortranBinding(name)) {
                continue;
            }
            String prototype = prototypes.get(name);
            if (prototype == null) {
                continue; // not translated at all: the stub below reports it
            }
            if (fortran.leftOut().containsKey(name)) {
                leftOut.put(name, fortran.leftOut().get(name));
                continue;
            }
            try {
                functions.add(function(dict.function(name), prototype, sentinels));
                wrapped.add(name);
            } catch (Unexpressible e) {
                leftOut.put(name, e.getMessage());
            }
        }
        List<FortranModel.Stub> stubs = new ArrayList<>();
        for (String symbol : new java.util.TreeSet<>(app.exports())) {
            if (symbol.startsWith("MPI_") && !wrapped.contains(symbol) && hasFortranBinding(symbol)) {
                List<String> all = new ArrayList<>(symbols(symbol));
                all.addAll(descriptorSymbols(symbol));
                stubs.add(new FortranModel.Stub(symbol, all));
            }
        }
        // Blocks the application's mpi.h declares as objects are exported by wi_objects.c already.
        List<FortranModel.Block> blocks = new ArrayList<>();
        List<FortranModel.Block> declared = new ArrayList<>();
        sentinels.blocks().forEach((symbol, size) -> (app.objects().containsKey(symbol) ? declared : blocks)
                .add(new FortranModel.Block(symbol, size)));
        List<FortranModel.F08Operator> operators = new ArrayList<>();
        List<FortranModel.Block> data = new ArrayList<>();
        List<FortranModel.Block> copies = new ArrayList<>();
        FortranDictionary.F08Module module = fortran.f08Modules().get(app.family());
        if (module != null) {
            List<String> types = new ArrayList<>(module.kinds());
            types.add("status");
            for (String kind : types) {
                long size = kind.equals("status") ? module.statusBytes() : 4;
                String type = module.types().replace("{kind}", kind);
                data.add(new FortranModel.Block(module.prefix() + "__def_init_" + type, size));
                copies.add(new FortranModel.Block(module.prefix() + "__copy_" + type, size));
                if (!kind.equals("status")) {
                    for (String pattern : module.operators()) {
                        for (String op : List.of(module.equal(), module.notEqual())) {
                            operators.add(new FortranModel.F08Operator(module.prefix()
                                    + pattern.replace("{kind}", kind).replace("{op}", op), op.equals(module.equal())));
                        }
                    }
                }
            }
        }
        List<String> intAttributes = fortran.attributes().intValues().stream()
                .filter(app.constants()::containsKey).map(c -> "A_" + c).toList();
        List<String> aintAttributes = fortran.attributes().aintValues().stream()
                .filter(app.constants()::containsKey).map(c -> "A_" + c).toList();
        // Predefined keyvals whose Fortran value is not the C value: Fortran value → A_ macro.
        Map<Long, String> fortranKeyvals = new TreeMap<>();
        for (String c : java.util.stream.Stream.of(fortran.attributes().intValues(), fortran.attributes().aintValues(),
                fortran.attributes().addressValues()).flatMap(List::stream).toList()) {
            Long fv = app.fortran() == null ? null : app.fortran().get(c);
            AbiDescriptor.Constant cv = app.constants().get(c);
            if (fv != null && cv != null && cv.value() != null && !fv.equals(cv.value())) {
                fortranKeyvals.put(fv, "A_" + c);
            }
        }
        List<FortranModel.PredefinedProcedure> procedures = new ArrayList<>();
        fortran.predefinedCallbacks().forEach((constant, p) -> {
            if (app.constants().containsKey(constant)) {
                procedures.add(new FortranModel.PredefinedProcedure(constant, p.does(), p.integer(),
                        predefinedSymbols(constant, p)));
            }
        });
        FortranDictionary.FortranOnly only = fortran.fortranOnly().get(app.family());
        Map<Integer, List<String>> bySize = new TreeMap<>();
        if (only != null) {
            only.sizeof().forEach((symbol, size) -> bySize.computeIfAbsent(size, k -> new ArrayList<>()).add(symbol));
        }
        List<FortranModel.SizeofProcedure> sizeofs = new ArrayList<>();
        bySize.forEach((size, symbols) -> sizeofs.add(new FortranModel.SizeofProcedure(size, symbols)));
        return new FortranModel(true, blocks, declared, functions, stubs, leftOut, operators, data, copies,
                intAttributes, aintAttributes, fortranKeyvals, procedures, sizeofs,
                only == null ? List.of() : only.noop(), only == null ? List.of() : only.aintAdd(),
                only == null ? List.of() : only.aintDiff());
    }

    /**
     * The symbols of a predefined callback procedure: the mpif.h manglings (not the PMPI ones), and
     * the family's mpi_f08 module procedure (MPI-2 callbacks only: MPI-1's MPI_DUP_FN has none).
     */
    private List<String> predefinedSymbols(String constant, FortranDictionary.PredefinedCallback p) {
        List<String> out = new ArrayList<>(FortranSymbols.of(constant, app.exports()).stream()
                .filter(x -> !x.startsWith("p") && !x.startsWith("P")).toList());
        FortranDictionary.F08Module module = fortran.f08Modules().get(app.family());
        if (module != null && module.callbacks() != null && !p.integer()) {
            out.add(module.callbacks().replace("{name}", constant.toLowerCase(java.util.Locale.ROOT)));
        }
        return out;
    }

    /**
     * Whether the family binds {@code name} in Fortran: every function but the C-only ones, and the
     * large-count C functions (MPI_Send_c) where its mpi_f08 module binds them.
     */
    private boolean hasFortranBinding(String name) {
        return !fortran.isCOnly(name) || largeF08(name);
    }

    /** A large-count C function bound in the family's mpi_f08 only (mpi_send_f08ts_large_). */
    private boolean largeF08(String name) {
        FortranDictionary.F08 f08 = fortran.f08().get(app.family());
        return f08 != null && f08.hasLarge(name);
    }

    /**
     * The symbols of the wrapper of {@code name}: the mpif.h manglings (none for a large-count
     * function), and the family's mpi_f08 symbol unless the function takes array descriptors there
     * (those get their own wrapper).
     */
    private List<String> symbols(String name) {
        FortranDictionary.F08 f08 = fortran.f08().get(app.family());
        boolean plainF08 = f08 != null && descriptorArguments(name).isEmpty();
        List<String> out = new ArrayList<>(largeF08(name) ? List.of() : FortranSymbols.of(name, app.exports()));
        if (plainF08) {
            String binding = f08.binding(name, f08.suffix());
            out.addAll(List.of(binding, f08.profiling(binding)));
        }
        if (fortran.cptr().getOrDefault(app.family(), List.of()).contains(name)) {
            String lower = name.toLowerCase(java.util.Locale.ROOT) + "_cptr";
            for (String prefix : List.of("", "p")) {
                out.addAll(List.of(prefix + lower + "_", prefix + lower + "__", prefix + lower,
                        (prefix + lower).toUpperCase(java.util.Locale.ROOT)));
            }
        }
        FortranDictionary.FortranOnly only = fortran.fortranOnly().get(app.family());
        if (only != null) {
            out.addAll(only.aliases().getOrDefault(name, List.of()));
        }
        return out;
    }

    /** The mpi_f08 symbols of a function whose choice buffers arrive as array descriptors. */
    private List<String> descriptorSymbols(String name) {
        FortranDictionary.F08 f08 = fortran.f08().get(app.family());
        if (f08 == null || descriptorArguments(name).isEmpty()) {
            return List.of();
        }
        String binding = f08.binding(name, f08.descriptorSuffix());
        return List.of(binding, f08.profiling(binding));
    }

    /**
     * The descriptor buffers that may be non-contiguous sections: those followed by their own count
     * (int) and datatype, which no other buffer of the call shares; buffer → [count, datatype]. The
     * binding then describes the section with a datatype built for it.
     */
    private Map<String, List<String>> descriptorSections(FunctionSpec f) {
        List<String> descriptors = descriptorArguments(f.name());
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

    /** The arguments the family's mpi_f08 binding of {@code name} passes as array descriptors. */
    private List<String> descriptorArguments(String name) {
        FortranDictionary.F08 f08 = fortran.f08().get(app.family());
        if (f08 == null || f08.descriptorSuffix() == null || !dict.hasFunction(name)) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (ArgSpec a : dict.function(name).args()) {
            boolean voidPointer = a.type().replace("const ", "").trim().equals("void *");
            if (voidPointer && ("buffer".equals(a.role()) || f08.descriptorArguments().contains(a.name()))) {
                out.add(a.name());
            }
        }
        return out;
    }

    /**
     * The Fortran status is the C status seen as integers: true when MPI_STATUS_SIZE integers are the
     * C status and MPI_SOURCE/MPI_TAG/MPI_ERROR index its fields.
     */
    private boolean statusIsIntegers() {
        Map<String, Long> f = app.fortran();
        if (f == null || f.get("MPI_STATUS_SIZE") == null || f.get("MPI_STATUS_SIZE") * 4 != app.status().size()) {
            return false;
        }
        for (String field : List.of("MPI_SOURCE", "MPI_TAG", "MPI_ERROR")) {
            AbiDescriptor.Field c = app.status().fields().get(field);
            if (c == null || f.get(field) == null || (f.get(field) - 1) * 4 != c.offset()) {
                return false;
            }
        }
        return true;
    }

    private FortranFunctionView function(FunctionSpec f, String prototype, FortranDictionary.Sentinels sentinels)
            throws Unexpressible {
        String ret = f.returns() == null ? "int" : f.returns();
        boolean subroutine = ret.equals("int");
        if (!subroutine && !ret.equals("double") && !ret.equals("MPI_Aint")) {
            throw new Unexpressible("returns " + ret);
        }
        List<FortranArgView> args = new ArrayList<>();
        boolean scratch = false;
        for (ArgSpec a : f.args()) {
            FortranArgView v = argument(f, a, sentinels);
            scratch |= v.conv().startsWith("string") || v.conv().equals("handle") && v.array() && v.tableCalls()
                    || v.conv().equals("aint_int_array");
            args.add(v);
        }
        checkArgumentRef(f, "one_based_indices", fortran.oneBasedIndices().get(f.name()));
        checkArgumentRef(f, "integer_addresses", fortran.integerAddresses().get(f.name()));
        return new FortranFunctionView(f.name(), prototype, subroutine, CTypes.application(ret), args,
                symbols(f.name()), scratch, descriptorArguments(f.name()), descriptorSymbols(f.name()),
                descriptorSections(f));
    }

    private static void checkArgumentRef(FunctionSpec f, String key, FortranDictionary.ArgumentRef ref) {
        if (ref == null) {
            return;
        }
        for (String named : java.util.Arrays.asList(ref.argument(), ref.count())) {
            if (named != null && f.args().stream().noneMatch(a -> a.name().equals(named))) {
                throw new IllegalStateException("fortran.json: " + key + " names '" + named
                        + "', which is not an argument of " + f.name());
            }
        }
    }

    private FortranArgView argument(FunctionSpec f, ArgSpec a, FortranDictionary.Sentinels sentinels)
            throws Unexpressible {
        MapperSpec m = dict.mappers().get(a.role());
        String type = a.type().trim();
        String cType = CTypes.application(type);
        String name = a.name();
        boolean pointer = type.endsWith("*") || type.contains("(*)");
        FortranDictionary.StringArray strings = fortran.stringArrays().getOrDefault(f.name(), Map.of()).get(name);
        if (strings != null) {
            // CHARACTER*(*) arrays, converted to C string arrays; MPI_ARGV(S)_NULL recognised by address.
            String sentinel = strings.form().equals("argvs") ? "MPI_ARGVS_NULL" : "MPI_ARGV_NULL";
            return new FortranArgView(name, "string_" + strings.form(), "char *" + name, cType, null, a.dir(), false,
                    null, false, strings.count() == null ? null : "(*" + strings.count() + ")",
                    strings.form().equals("strings") ? List.of() : sentinels(List.of(sentinel), sentinels),
                    null, null, null);
        }
        FortranDictionary.ArgumentRef oneBased = fortran.oneBasedIndices().get(f.name());
        if (oneBased != null && oneBased.argument().equals(name)) {
            // C's request index counts from 0, Fortran's from 1: converted after the call.
            if (!type.equals("int *") || a.dir().equals("in")) {
                throw new IllegalStateException("fortran.json: one_based_indices names " + f.name() + "'s argument "
                        + name + ", which is not an int * output");
            }
            return oneBased.count() != null
                    ? new FortranArgView(name, "indices_out", CTypes.declare(cType, name), cType, null, a.dir(), true, null,
                            false, oneBased.count(), List.of(), null, null, null)
                    : view(name, "index_out", CTypes.declare(cType, name), cType, a, false, List.of(), null);
        }
        FortranDictionary.ArgumentRef integerAddress = fortran.integerAddresses().get(f.name());
        if (integerAddress != null && integerAddress.argument().equals(name)) {
            // MPI-1 binding: an INTEGER where C has an MPI_Aint.
            String conv = integerAddress.count() != null ? "aint_int_array"
                    : type.equals("MPI_Aint") ? "aint_int_in" : type.equals("MPI_Aint *") && a.dir().equals("out") ? "aint_int_out" : null;
            if (conv == null || conv.equals("aint_int_array") && !type.equals("MPI_Aint *")) {
                throw new IllegalStateException("fortran.json: integer_addresses names " + f.name() + "'s argument "
                        + name + ", which is not an MPI_Aint input, MPI_Aint * output or MPI_Aint array");
            }
            return new FortranArgView(name, conv, "A_MPI_Fint *" + name, cType, "A_MPI_Aint", a.dir(),
                    conv.equals("aint_int_array"), null, false, integerAddress.count(), List.of(), null, null, null);
        }
        if (fortran.omitted().contains(name)) {
            // absent in Fortran: NULL, or 0 for a count passed by value (MPI_Info_create_env's argc)
            return view(name, pointer ? "omitted" : "omitted_value", null, cType, a, false, List.of(), null);
        }
        if (type.equals("char **")) {
            throw new Unexpressible("argument " + name + " is an array of Fortran strings");
        }
        if (fortran.ignoredOutputs().getOrDefault(f.name(), List.of()).contains(name) && pointer) {
            // The C call writes a temporary; the Fortran argument is left alone.
            return view(name, "ignored_out", "void *" + name, cType, a, false, List.of(), null);
        }
        String attribute = fortran.attributes().functions().get(f.name());
        String extraState = fortran.attributes().extraState().get(f.name());
        if (extraState != null && name.equals("extra_state")) {
            attribute = extraState;
        }
        if (attribute != null && (name.equals(fortran.attributes().argument()) || name.equals("extra_state"))) {
            // The Fortran value is an integer: INTEGER(KIND=MPI_ADDRESS_KIND) or the MPI-1 INTEGER.
            // "reference": the vendors hand the callbacks the application's variable itself, so its
            // address is the C extra_state (MPI_Grequest_start).
            String valueType = attribute.equals("integer") ? "A_MPI_Fint" : "int64_t";
            // A value set from Fortran is boxed: C code reading it gets a pointer to the integer.
            String conv = attribute.equals("reference") ? "attribute_ref"
                    : !a.dir().equals("in") ? "attribute_out"
                    : name.equals("extra_state") ? "attribute_in" : "attribute_box";
            return new FortranArgView(name, conv,
                    valueType + " *" + name, cType, valueType, a.dir(), false, null, false, null, List.of(), null,
                    null, null);
        }
        if (a.role().equals("keyval") && type.equals("int")) {
            // Predefined keyvals may have other values in Fortran (MPICH): mapped back to C's.
            return view(name, "keyval", "int *" + name, cType, a, false, List.of(), null);
        }
        if (m.kind() == MapperKind.CALLBACK) {
            if (!fortran.callbacks().contains(m.callback())) {
                throw new Unexpressible("takes a callback (" + name + ") whose trampoline knows no Fortran form");
            }
            // A Fortran procedure argument arrives as the procedure's address; the predefined ones
            // (our Fortran procedures, under any of their symbols) stand for the application's C constant.
            List<FortranArgView.Sentinel> predefined = new ArrayList<>();
            boolean integer = "integer".equals(fortran.attributes().extraState().get(f.name()));
            fortran.predefinedCallbacks().forEach((constant, p) -> {
                if (p.callbacks().contains(m.callback()) && p.integer() == integer && app.constants().containsKey(constant)
                        && app.constants().containsKey(p.standsFor())) {
                    String c = "A_" + p.standsFor();
                    predefined.add(new FortranArgView.Sentinel(constant, "wi_fp_" + constant, c));
                    for (String symbol : predefinedSymbols(constant, p)) {
                        predefined.add(new FortranArgView.Sentinel(constant, symbol, c));
                    }
                }
            });
            return view(name, "callback", "void *" + name, cType, a, false, predefined, null);
        }
        if (type.startsWith("char **") || type.startsWith("char ***") || type.contains("MPI_Fint")) {
            throw new Unexpressible("argument " + name + " of type " + type + " has no Fortran form here");
        }
        if (m.kind() == MapperKind.STRING_OUT) {
            return new FortranArgView(name, "string_out", "char *" + name, cType, null, a.dir(), false, null,
                    false, null, List.of(), "A_" + m.max(), null, null);
        }
        Map<String, String> returned = fortran.returnedLengths().getOrDefault(f.name(), Map.of());
        if (returned.containsKey(name)) {
            // The C buffer holds the Fortran length + 1 (given by the length argument); see string_len.
            return new FortranArgView(name, "string_returned", "char *" + name, cType, null, a.dir(), false, null,
                    false, returned.get(name), List.of(), null, null, null);
        }
        if (returned.containsValue(name)) {
            String string = returned.entrySet().stream().filter(e -> e.getValue().equals(name)).findFirst()
                    .orElseThrow().getKey();
            // The length: Fortran's excludes the NUL, C's includes it, on entry and on return.
            return new FortranArgView(name, "returned_len", "int *" + name, cType, null, a.dir(), false, null,
                    false, "a_" + string, List.of(), null, null, null);
        }
        String sizedBy = fortran.sizedStrings().getOrDefault(f.name(), Map.of()).get(name);
        if (type.equals("char *") && sizedBy != null) {
            // The C buffer holds sizedBy + 1 bytes; copied blank-padded to the Fortran length.
            return new FortranArgView(name, "string_sized", "char *" + name, cType, null, a.dir(), false, null,
                    false, "wi_f_len(*" + sizedBy + ") + 1", List.of(), null, null, null);
        }
        if (type.equals("char *")) {
            throw new Unexpressible("output string " + name + " is sized by another argument");
        }
        if (type.equals("const char *")) {
            return view(name, "string_in", "char *" + name, cType, a, false, List.of(), null);
        }
        if (m.kind() == MapperKind.HANDLE) {
            return handle(f, a, m, cType);
        }
        if (m.kind() == MapperKind.STATUS) {
            if (!statusIsIntegers()) {
                throw new Unexpressible("the " + app.family() + " Fortran status is not its C status");
            }
            return view(name, "pointer", "A_MPI_Fint *" + name, cType, a, false,
                    sentinels(List.of(a.isArray() ? "MPI_STATUSES_IGNORE" : "MPI_STATUS_IGNORE"), sentinels), null);
        }
        if (m.kind() == MapperKind.POINTER_CONSTANTS && pointer) {
            return view(name, "pointer", CTypes.declare(cType, name), cType, a, false,
                    sentinels(m.constants(), sentinels), null);
        }
        if (m.kind() == MapperKind.ERROR_CODE && a.isArray()) {
            return view(name, "pointer", CTypes.declare(cType, name), cType, a, false,
                    sentinels(List.of("MPI_ERRCODES_IGNORE"), sentinels), null);
        }
        if (fortran.logical().contains(name) && !a.isArray() && (type.equals("int") || type.equals("int *"))) {
            return view(name, type.equals("int") ? "logical_in" : "logical_out", "A_MPI_Fint *" + name, cType, a,
                    false, List.of(), null);
        }
        if (pointer) {
            return view(name, "pointer", CTypes.declare(cType, name), cType, a, false, List.of(), null);
        }
        return view(name, "value", cType + " *" + name, cType, a, false, List.of(), null);
    }

    private static FortranArgView view(String name, String conv, String decl, String cType, ArgSpec a,
                                       boolean tableCalls, List<FortranArgView.Sentinel> sentinels, String length) {
        return new FortranArgView(name, conv, decl, cType, null, a.dir(), a.isArray(), null, tableCalls, length,
                sentinels, null, a.unusedIfInPlace(), null);
    }

    private FortranArgView handle(FunctionSpec f, ArgSpec a, MapperSpec m, String cType) throws Unexpressible {
        HandleKind kind = pair.handles().handleKinds().stream().filter(k -> k.type().equals(m.type())).findFirst().orElse(null);
        boolean tableCalls = pair.handles().fortranHandles().stream().anyMatch(k -> k.type().equals(m.type()));
        if (kind == null || !tableCalls && kind.applicationPointer()) {
            throw new Unexpressible(m.type() + " handles have no Fortran form in the " + app.family() + " family");
        }
        String length = null;
        if (a.isArray()) {
            length = fortranLength(f, a.length());
        }
        return new FortranArgView(a.name(), "handle", "A_MPI_Fint *" + a.name(), cType, "A_" + m.type(), a.dir(),
                a.isArray(), kind.table(), tableCalls, length, List.of(), null, a.unusedIfInPlace(),
                "A_" + kind.nullConstant());
    }

    /** A functions.json length as a C expression over the wrapper's Fortran parameters and temporaries. */
    private static String fortranLength(FunctionSpec f, String length) throws Unexpressible {
        if (length.startsWith("*")) {
            throw new Unexpressible("a handle array's length (" + length + ") is known only after the call");
        }
        if (length.startsWith("@")) {
            String fn = length.substring(1, length.indexOf('('));
            String inner = length.substring(length.indexOf('(') + 1, length.lastIndexOf(')')).trim();
            return switch (fn) {
                case "fixed" -> "(" + inner + ")";
                case "comm_size", "comm_remote_size", "comm_peers" -> "wi_f_" + fn + "(a_" + inner + ")";
                case "comm_indegree" -> "wi_f_comm_degree(a_" + inner + ", 0)";
                case "comm_outdegree" -> "wi_f_comm_degree(a_" + inner + ", 1)";
                default -> throw new Unexpressible("length " + length);
            };
        }
        return "(*" + length + ")";
    }

    private List<FortranArgView.Sentinel> sentinels(List<String> constants, FortranDictionary.Sentinels sentinels) {
        List<FortranArgView.Sentinel> out = new ArrayList<>();
        for (String c : constants) {
            for (Map<String, FortranDictionary.Member> places : List.of(sentinels.members(), sentinels.f08Members())) {
                FortranDictionary.Member member = places.get(c);
                if (member != null) {
                    out.add(new FortranArgView.Sentinel(c, "((const char *)" + member.block() + " + "
                            + member.offset() + ")", "A_" + c));
                }
            }
        }
        return out;
    }
}
