package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.LengthExpression;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Computes the {@link PairModel} of one pair from the application and runtime descriptors. */
public final class PairModelBuilder {

    private final AbiDescriptor app;
    private final AbiDescriptor run;
    private final Dictionaries dict;
    private final boolean identity;
    private FunctionClassifier classifier;

    public PairModelBuilder(AbiDescriptor app, AbiDescriptor run, Dictionaries dict) {
        this.app = app;
        this.run = run;
        this.dict = dict;
        this.identity = app.family().equals(run.family());
    }

    public PairModel build() {
        List<HandleKind> kinds = HandleKind.ofPair(app, run);
        Set<String> kindTypes = new HashSet<>();
        kinds.forEach(k -> kindTypes.add(k.type()));
        Map<String, HandleKind> kindByType = new HashMap<>();
        kinds.forEach(k -> kindByType.put(k.type(), k));

        List<FunctionView> translated = new ArrayList<>();
        List<LocalFunctionView> local = new ArrayList<>();
        Set<String> translatedNames = new HashSet<>();
        Set<String> exported = new TreeSet<>(app.exports());
        if (!identity && app.libraries().fortran() != null) {
            // All-capitals exports (Open MPI's MPI_COMM_DUP_FN, MPI_WTIME_F90) are Fortran procedures:
            // the cross pair's Fortran layer defines them (FortranSymbols).
            exported.removeIf(FortranSymbols::isFortranMangling);
        }
        FunctionClassifier classifier = new FunctionClassifier(app, run, dict, kindTypes);
        this.classifier = classifier;
        for (String name : dict.funcList(app.family())) {
            FunctionSpec f = dict.function(name);
            if (!exported.contains(name)) {
                continue; // the application family has no such symbol: nothing to intercept
            }
            FunctionClassifier.Classification c = classifier.classify(f);
            FunctionClass cls = c.functionClass();
            if (cls.callsRuntime()) {
                translated.add(function(f, c.runtime()));
            } else if (cls.answersLocally()) {
                local.add(localFunction(f));
            }
            if (cls != FunctionClass.UNSUPPORTED) {
                translatedNames.add(name);
            }
        }
        // Every function of functions.json both families have gets a typed runtime pointer: the
        // runtime support code calls some of them directly. So do the runtime's handle c2f/f2c, which
        // the Fortran layer calls even where the application family has none (the standard ABI).
        List<FunctionView> runtimeFunctions = new ArrayList<>();
        Set<String> typed = new HashSet<>();
        // A second name the application has (MPIX_Allreduce_init) calls the runtime's first name.
        Set<String> calledUnderFirstName = new HashSet<>();
        for (FunctionView f : translated) {
            if (!f.runtimeName().equals(f.name())) {
                calledUnderFirstName.add(f.runtimeName());
            }
        }
        for (FunctionSpec f : dict.functions()) {
            boolean handleConversion = f.name().matches("MPI_[A-Z][a-z]+_(c2f|f2c)");
            if (FunctionClassifier.provides(run, f.name())
                    && (FunctionClassifier.provides(app, f.name()) || handleConversion || calledUnderFirstName.contains(f.name()))) {
                runtimeFunctions.add(function(f));
                typed.add("P" + f.name());
            }
        }
        List<ChooserEntry> chooser = new ArrayList<>();
        Set<String> unsupported = new TreeSet<>();
        List<String> untyped = new ArrayList<>();
        Set<String> hooked = new HashSet<>();
        translated.forEach(f -> { if (f.hook() != null) hooked.add(f.name()); });
        for (String symbol : exported) {
            String base = symbol.startsWith("P") ? symbol.substring(1) : symbol;
            boolean isTranslated = translatedNames.contains(base);
            // Identity pairs have nothing to translate: the application goes straight to the runtime,
            // one indirect jump, except where a hook has work to do (loading the runtime).
            boolean direct = identity && !hooked.contains(base);
            chooser.add(new ChooserEntry(symbol, isTranslated ? "A_" + base : "wi_unsupported_" + base,
                    isTranslated, !symbol.startsWith("P"), direct, typed.contains(symbol)));
            if (!isTranslated && !direct) {
                unsupported.add(base);
            }
            if (!typed.contains(symbol)) {
                untyped.add(symbol);
            }
        }

        Set<String> runtimeObjects = new TreeSet<>();
        List<ConstantMacro> appConstants = constants(app, "A_", null);
        List<ConstantMacro> runConstants = constants(run, "R_", runtimeObjects);
        appConstants.addAll(objectSentinels(app, "A_", null));
        runConstants.addAll(objectSentinels(run, "R_", runtimeObjects));

        // Any of the application family's MPI libraries shows an MPI application: a Fortran program
        // may load only the Fortran one (preload mode's fake libraries depend on nothing). Not Open
        // MPI's libopen-rte/libopen-pal: its launcher and daemons load those too.
        List<String> applicationSonames = Stream.concat(Stream.of(app.libraries().c()),
                app.libraries().fake().stream().filter(so -> so.startsWith("libmpi"))).distinct().toList();
        // Predefined handles the runtime lacks: aliases join the registrations (after every handle both
        // ABIs share, so that the runtime handle keeps its own application handle in r2a).
        List<SubstituteView> substitutes = identity ? List.of()
                : SubstituteBuilder.substitutes(app, run, kindByType, dict.substitutes());
        List<Registration> registrations = new ArrayList<>(registrations(kindByType));
        for (SubstituteView sub : substitutes) {
            if (sub.count() == 0) {
                registrations.add(new Registration(sub.name(), sub.kindEnum(), sub.applicationWord(), sub.runtimeWord(),
                        isObject(app.constants().get(sub.name()))));
            }
        }
        return new PairModel(app.family(), run.family(), identity, applicationSonames, kinds,
                typedefs(app, "A_"), typedefs(run, "R_"), status(app), status(run),
                appConstants, runConstants, applicationObjectSymbols(), exportedObjects(), exportedFunctions(),
                List.copyOf(runtimeObjects), constantSets(), guidedSets(), bitmaskSets(), errorClasses(), pointerSets(),
                registrations, fortranHandles(kinds), translated, local, runtimeFunctions, chooser, List.copyOf(unsupported), untyped,
                substitutes);
    }

    // ---------------------------------------------------------------- types

    /** Handles and integers become C typedefs; function types are declared opaque ("function"). */
    private static List<Typedef> typedefs(AbiDescriptor abi, String prefix) {
        List<Typedef> out = new ArrayList<>();
        for (var e : abi.types().entrySet()) {
            TypeInfo t = e.getValue();
            String c = switch (t.kind()) {
                case "handle" -> Boolean.TRUE.equals(t.pointer()) ? "void *" : "int";
                case "integer" -> integer(t);
                case "function" -> "function";
                case "other" -> Integer.valueOf(4).equals(t.size()) ? "int" : null; // MPICH's MPI_T enums
                default -> null; // MPI_Status is declared from its layout
            };
            if (c != null) {
                out.add(new Typedef(prefix + e.getKey(), c));
            }
        }
        if (!abi.types().containsKey("MPI_Fint")) {
            // The standard ABI keeps MPI_Fint out of C (MPI-5.0 §21.4); its Fortran layer is wi4mpi's,
            // with gfortran's default INTEGER.
            out.add(new Typedef(prefix + "MPI_Fint", "int32_t"));
        }
        return out;
    }

    private static String integer(TypeInfo t) {
        boolean signed = !Boolean.FALSE.equals(t.signed());
        int bits = (t.size() == null ? 4 : t.size()) * 8;
        return (signed ? "int" : "uint") + bits + "_t";
    }

    private static StatusView status(AbiDescriptor abi) {
        var fields = abi.status().fields();
        Map<String, Integer> offsets = new TreeMap<>();
        fields.forEach((k, v) -> offsets.put(k, v.offset()));
        String codec;
        if (fields.containsKey("_ucount") && fields.containsKey("_cancelled")) {
            codec = "UCOUNT";
        } else if (fields.containsKey("count_lo") && fields.containsKey("count_hi_and_cancelled")) {
            codec = "LO_HI";
        } else if (fields.containsKey(StandardStatus.INTERNAL)) {
            return StandardStatus.view(abi);
        } else {
            throw new IllegalStateException(abi.family() + ".json: MPI_Status has no known count fields "
                    + fields.keySet() + " (expected _ucount/_cancelled, count_lo/count_hi_and_cancelled or MPI_internal)");
        }
        int alignment = fields.values().stream().mapToInt(AbiDescriptor.Field::size).max().orElse(4);
        return new StatusView(abi.status().size(), alignment, offsets, codec);
    }

    // ---------------------------------------------------------------- constants

    private static boolean isCIdentifier(String s) {
        return s.matches("[A-Za-z_][A-Za-z_0-9]*");
    }

    /** The C expression of one constant on one side; runtime symbols are read through wi_r_objects. */
    private static String expression(Constant c, String prefix, Set<String> runtimeObjects) {
        String type = c.type() == null ? null : prefix + c.type();
        if (c.symbol() != null) {
            String address;
            if (runtimeObjects != null) {
                runtimeObjects.add(c.symbol());
                address = "wi_r_object_" + c.symbol();
            } else {
                address = "(void *)&" + c.symbol();
            }
            return type == null ? "(" + address + ")" : "((" + type + ")" + address + ")";
        }
        long v = c.value();
        String lit = v < 0 ? "(" + v + "LL)" : v + "LL";
        return switch (c.kind()) {
            case "int" -> v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? "(" + v + ")" : "(" + lit + ")";
            case "pointer" -> type != null && !type.endsWith("*") && !type.endsWith("function")
                    ? "((" + type + ")(intptr_t)" + lit + ")" : "((void *)(intptr_t)" + lit + ")";
            case "handle" -> "((" + type + ")(intptr_t)" + lit + ")";
            default -> null;
        };
    }

    private List<ConstantMacro> constants(AbiDescriptor abi, String prefix, Set<String> runtimeObjects) {
        List<ConstantMacro> out = new ArrayList<>();
        for (var e : abi.constants().entrySet()) {
            Constant c = e.getValue();
            if (!isCIdentifier(e.getKey()) || !Set.of("int", "pointer", "handle").contains(c.kind())) {
                continue;
            }
            if (c.symbol() == null && c.value() == null) {
                continue;
            }
            String expr = expression(c, prefix, runtimeObjects);
            if (expr != null) {
                out.add(new ConstantMacro(prefix + e.getKey(), expr));
            }
        }
        return out;
    }

    private List<String> applicationObjectSymbols() {
        Set<String> symbols = new TreeSet<>();
        app.constants().values().forEach(c -> {
            if (c.symbol() != null) symbols.add(c.symbol());
        });
        symbols.addAll(sentinelObjectNames(app));
        return List.copyOf(symbols);
    }

    /**
     * Pointer sentinels a family defines as variables rather than macros (MPICH's MPI_UNWEIGHTED and
     * MPI_WEIGHTS_EMPTY: {@code extern int * const}), named by a pointer_constants mapper: their value
     * is the variable's content, known only once the library is loaded.
     */
    private Set<String> sentinelObjectNames(AbiDescriptor abi) {
        Set<String> names = new TreeSet<>();
        for (MapperSpec m : dict.mappers().values()) {
            if (m.kind() == MapperKind.POINTER_CONSTANTS) {
                for (String name : m.constants()) {
                    if (!abi.constants().containsKey(name) && abi.objects().containsKey(name)) {
                        names.add(name);
                    }
                }
            }
        }
        return names;
    }

    private List<ConstantMacro> objectSentinels(AbiDescriptor abi, String prefix, Set<String> runtimeObjects) {
        List<ConstantMacro> out = new ArrayList<>();
        for (String name : sentinelObjectNames(abi)) {
            String address;
            if (runtimeObjects != null) {
                runtimeObjects.add(name);
                address = "wi_r_object_" + name;
            } else {
                address = "(void *)" + name;
            }
            out.add(new ConstantMacro(prefix + name, "(*(void *const *)" + address + ")"));
        }
        return out;
    }

    private static final long POINTER_SIZE = 8;

    /** Cross pairs export the application family's data objects; identity pairs leave them to the real library. */
    private List<PairModel.ExportedObject> exportedObjects() {
        if (identity) {
            return List.of();
        }
        List<PairModel.ExportedObject> out = new ArrayList<>();
        app.objects().forEach((name, o) -> out.add(new PairModel.ExportedObject(name, o.size(),
                name.startsWith("MPI_") && o.size() == POINTER_SIZE)));
        return out;
    }

    /** Cross pairs export the functions the application's constants name; identity pairs do not. */
    private List<PairModel.ExportedFunction> exportedFunctions() {
        if (identity) {
            return List.of();
        }
        Map<String, String> behaviours = new TreeMap<>();
        app.constants().forEach((name, c) -> {
            if (c.symbol() == null || app.objects().containsKey(c.symbol())) {
                return;
            }
            String behaviour = name.endsWith("_DUP_FN") ? "dup"
                    : name.endsWith("_NULL_COPY_FN") ? "null_copy"
                    : name.endsWith("_NULL_DELETE_FN") ? "null_delete" : "unsupported";
            behaviours.merge(c.symbol(), behaviour, (x, y) -> x.equals(y) ? x : "unsupported");
        });
        List<PairModel.ExportedFunction> out = new ArrayList<>();
        behaviours.forEach((symbol, behaviour) -> out.add(new PairModel.ExportedFunction(symbol, behaviour)));
        return out;
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
                sets.add(intSet(e.getKey(), m.constants(), m, null, null));
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
    private ConstantSet intSet(String role, List<String> names, MapperSpec mapper, String fallbackToRuntime,
                               String fallbackToApp) {
        Map<Long, ConstantSet.Entry> toRun = new LinkedHashMap<>();
        Map<Long, ConstantSet.Entry> toApp = new LinkedHashMap<>();
        for (String name : names) {
            Long a = intValue(app, name);
            Long r = intValue(run, name);
            String lacking = mapper == null ? null : mapper.lackingTarget(name);
            Long lackingValue = lacking == null ? null : intValue(run, lacking);
            if (a != null && r == null && lackingValue != null && !identity) {
                toRun.putIfAbsent(a, new ConstantSet.Entry(name + ", which the runtime lacks: " + lacking,
                        "(" + a + ")", "(" + lackingValue + ")"));
                continue;
            }
            if (a == null || r == null) {
                continue; // one ABI lacks it: nothing to map
            }
            if (!identity && !a.equals(r) || fallbackToRuntime != null) {
                toRun.putIfAbsent(a, new ConstantSet.Entry(name, "(" + a + ")", "(" + r + ")"));
                toApp.putIfAbsent(r, new ConstantSet.Entry(name, "(" + r + ")", "(" + a + ")"));
            }
        }
        return new ConstantSet(role, List.copyOf(toRun.values()), List.copyOf(toApp.values()),
                fallbackToRuntime, fallbackToApp);
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
        return intSet("error_class", names, null, "R_MPI_ERR_UNKNOWN", "A_MPI_ERR_UNKNOWN");
    }

    private List<PointerSet> pointerSets() {
        List<PointerSet> sets = new ArrayList<>();
        for (var e : dict.mappers().entrySet()) {
            MapperSpec m = e.getValue();
            if (m.kind() != MapperKind.POINTER_CONSTANTS) {
                continue;
            }
            List<PointerSet.Entry> entries = new ArrayList<>();
            Set<String> appObjects = sentinelObjectNames(app);
            Set<String> runObjects = sentinelObjectNames(run);
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
                entries.add(new PointerSet.Entry(name, "A_" + name, "R_" + name));
            }
            sets.add(new PointerSet(e.getKey(), entries));
        }
        return sets;
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
            out.add(new Registration(e.getKey(), k.enumName(), "A_" + e.getKey(), "R_" + e.getKey(), isObject(a)));
        }
        return out;
    }

    /** Whether an application handle is the address of an object large enough to carry its runtime value. */
    private boolean isObject(Constant a) {
        AbiDescriptor.DataObject object = a.symbol() == null ? null : app.objects().get(a.symbol());
        return object != null && object.size() >= 16;
    }

    /** The prefix of MPI_X_c2f for each handle type. */
    private static final Map<String, String> C2F_PREFIX = Map.ofEntries(Map.entry("MPI_Comm", "Comm"),
            Map.entry("MPI_Group", "Group"), Map.entry("MPI_Datatype", "Type"), Map.entry("MPI_Op", "Op"),
            Map.entry("MPI_Request", "Request"), Map.entry("MPI_Errhandler", "Errhandler"),
            Map.entry("MPI_Info", "Info"), Map.entry("MPI_Win", "Win"), Map.entry("MPI_File", "File"),
            Map.entry("MPI_Message", "Message"), Map.entry("MPI_Session", "Session"));

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
            String prefix = C2F_PREFIX.get(k.type());
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
                FortranHandleView.Entry entry = new FortranHandleView.Entry("A_" + e.getKey(), fortran);
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

    // ---------------------------------------------------------------- functions

    private FunctionView function(FunctionSpec f) {
        return function(f, f);
    }

    /**
     * The A_ function of f calling the runtime's function of {@code runtime} (f itself, or the _x or
     * int form of a large-count function): the runtime's argument types are that function's, and an
     * argument the runtime takes narrower (an MPI_Count the int form takes as int) is range-checked.
     */
    private FunctionView function(FunctionSpec f, FunctionSpec runtime) {
        List<ArgView> args = new ArrayList<>();
        String firstArrayCapacity = null;
        for (ArgSpec a : f.args()) {
            if (a.length() != null && !a.length().startsWith("*") && firstArrayCapacity == null) {
                firstArrayCapacity = lengthExpression(a.length());
            }
        }
        String createdTemp = null;
        String createdWord = null;
        boolean scratch = false;
        Set<String> names = new HashSet<>();
        f.args().forEach(a -> names.add(a.name()));
        int runtimeIndex = 0;
        for (int index = 0; index < f.args().size(); index++) {
            ArgSpec a = f.args().get(index);
            MapperSpec m = dict.mappers().get(a.role());
            MapperKind kind = identity ? MapperKind.PASSTHROUGH : m.kind();
            // the runtime's argument this one becomes; none for one its int form lacks
            ArgSpec r = runtime == f ? a : a.largeOnly() ? null : runtime.args().get(runtimeIndex++);
            boolean array = a.length() != null;
            String capacity = null;
            String count = null;
            if (array) {
                count = lengthExpression(a.length());
                capacity = a.length().startsWith("*") ? firstArrayCapacity : count;
                if (capacity == null && a.length().startsWith("*") && "inout".equals(dirOf(f, a.length().substring(1)))) {
                    // An in/out length (MPI_T_event_get_info's num_elements): the array's size on
                    // input, read before the call; the number of elements written on output.
                    capacity = "wi_len" + count;
                }
                if (capacity == null) {
                    throw new IllegalStateException("functions.json: " + f.name() + ": argument '" + a.name()
                            + "' has length " + a.length() + " but no other array gives its capacity");
                }
                if (kind != MapperKind.PASSTHROUGH) scratch = true;
            }
            if (a.dir().equals("out") && a.length() == null && createdTemp == null
                    && (m.kind() == MapperKind.HANDLE || m.kind() == MapperKind.INT_CONSTANTS)) {
                createdTemp = "r_" + a.name();
                createdWord = m.kind() == MapperKind.HANDLE
                        ? "wi_" + m.table() + "_rword(" + createdTemp + ")"
                        : "(wi_word)(uint32_t)" + createdTemp;
            }
            String elementType = CTypes.element(a.type());
            String resultLength = m.kind() == MapperKind.STRING_OUT && names.contains("resultlen") ? "resultlen" : null;
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
            args.add(new ArgView(a.name(), CTypes.application(appType), CTypes.runtime(runType),
                    CTypes.application(elementType), CTypes.runtime(runElement), a.role(), kind, Direction.of(a.dir()),
                    array, CTypes.isPointer(a.type()), capacity, count,
                    m.table(), callback, m.max(), resultLength, a.unusedIfInPlace(), a.nullOk(), narrowing));
        }
        String ret = f.returns() == null ? "int" : f.returns();
        String returnKind = switch (ret) {
            case "int" -> identity ? "passthrough" : "error_code";
            case "double" -> "passthrough";
            default -> identity ? "passthrough" : "handle";
        };
        String returnTable = ret.startsWith("MPI_") ? HandleKind.tableOf(ret) : null;
        // A second name the runtime lacks (MPIX_Allreduce_init on MPICH) calls its first name.
        String runtimeSymbol = classifier.runtimeSymbol(runtime);
        String runtimeName = runtimeSymbol != null ? runtimeSymbol : runtime.runtimeName();
        String callee = classifier.emulated(runtime) ? runtime.emulation() : "R_P" + runtimeName;
        String[] errorObject = errorObject(f);
        return new FunctionView(f.name(), runtimeName, callee, CTypes.application(ret), CTypes.runtime(ret), returnKind,
                returnTable, args, scratch, runtime.hook(), createdTemp, createdWord, f.variadic(), errorObject[0],
                errorObject[1]);
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

    /** Handle types whose objects carry an error handler, and the report that uses it. */
    private static final Map<String, String> ERROR_OBJECTS = Map.of("MPI_Comm", "comm", "MPI_Win", "win",
            "MPI_File", "file");

    /**
     * Computed locally, or reporting that the runtime lacks it: the first communicator, window or file
     * passed by value receives the error; MPI_T functions return MPI_T error codes; functions without an
     * error code to return cannot report.
     */
    private LocalFunctionView localFunction(FunctionSpec f) {
        String ret = f.returns() == null ? "int" : f.returns();
        String expression = f.local();
        String report = f.local() != null ? "local"
                : f.name().startsWith("MPI_T_") ? "tool" : ret.equals("int") ? "self" : "fatal";
        String object = null;
        if (report.equals("self")) {
            String[] errorObject = errorObject(f);
            report = errorObject[0];
            object = errorObject[1];
        }
        List<String> params = new ArrayList<>(f.args().stream()
                .map(a -> CTypes.declare(CTypes.application(a.typeFor(app.family())), a.name())).toList());
        if (f.variadic()) {
            params.add("...");
        }
        return new LocalFunctionView(f.name(), CTypes.application(ret),
                params.isEmpty() ? "void" : String.join(", ", params),
                f.args().stream().map(ArgSpec::name).toList(), report, object, expression);
    }

    /**
     * Where the error of a call is raised: the first communicator, window or file passed by value
     * ({kind, argument name}), else MPI_COMM_SELF ({"self", null}).
     */
    private static String[] errorObject(FunctionSpec f) {
        for (ArgSpec a : f.args()) {
            String kind = ERROR_OBJECTS.get(a.type().trim());
            if (kind != null && a.dir().equals("in")) {
                return new String[] {kind, a.name()};
            }
        }
        return new String[] {"self", null};
    }

    /** C expression of a length written in functions.json (internals §3). */
    private static String dirOf(FunctionSpec f, String argument) {
        return f.args().stream().filter(x -> x.name().equals(argument)).map(ArgSpec::dir).findFirst().orElse(null);
    }

    private static String lengthExpression(String length) {
        LengthExpression e = LengthExpression.parse(length)
                .orElseThrow(() -> new IllegalStateException("malformed length " + length));
        return switch (e.form()) {
            case ARGUMENT -> "(" + e.argument() + ")";
            case DEREFERENCED_ARGUMENT -> "(*" + e.argument() + ")";
            case COMM_SIZE -> "wi_comm_size_r(r_" + e.argument() + ")";
            case COMM_REMOTE_SIZE -> "wi_comm_remote_size_r(r_" + e.argument() + ")";
            case COMM_PEERS -> "wi_comm_peers_r(r_" + e.argument() + ")";
            case COMM_INDEGREE -> "wi_comm_degree_r(r_" + e.argument() + ", 0)";
            case COMM_OUTDEGREE -> "wi_comm_degree_r(r_" + e.argument() + ", 1)";
            case ROOT_PEERS -> "wi_root_peers_r(r_" + e.argument() + ", r_" + e.count() + ")";
            case FIXED -> "(" + e.fixed() + ")";
            case SUM -> "wi_sum(" + e.argument() + ", " + e.count() + ")";
        };
    }
}
