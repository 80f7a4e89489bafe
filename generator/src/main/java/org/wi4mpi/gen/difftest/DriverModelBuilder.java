package org.wi4mpi.gen.difftest;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Computes the cases of a family's driver from the dictionaries (functions, roles, func_list), the
 * family's ABI descriptor (prototypes, constants) and the edge-value table. Case numbers depend only on
 * the dictionaries and the table, so that the drivers of two families number a function's cases alike;
 * a case using a constant the family's mpi.h lacks is kept, marked skipped.
 */
public final class DriverModelBuilder {

    private static final Pattern CONSTANT = Pattern.compile("\\bMPIX?_[A-Z0-9_]+\\b");
    private static final Set<String> INTEGERS = Set.of("int", "MPI_Aint", "MPI_Count", "MPI_Offset", "MPI_Fint");

    private final Dictionaries dict;
    private final AbiDescriptor abi;
    private final EdgeTable edges;
    private final Set<String> removedHandles;
    private final List<String> handleTypes = new ArrayList<>();

    /**
     * @param removedHandles predefined handles the descriptor records although the mpi.h no longer
     *                       defines them (probe.json's removed_handles: Open MPI's MPI_LB, MPI_UB)
     */
    public DriverModelBuilder(Dictionaries dict, AbiDescriptor abi, EdgeTable edges, Set<String> removedHandles) {
        this.dict = dict;
        this.abi = abi;
        this.edges = edges;
        this.removedHandles = removedHandles;
        for (MapperSpec m : dict.mappers().values()) {
            if (m.type() != null && (m.kind() == MapperKind.HANDLE || m.kind() == MapperKind.PENDING_HANDLE)
                    && !handleTypes.contains(m.type())) {
                handleTypes.add(m.type());
            }
        }
    }

    /** The driver of the family's func_list; {@code only}, when not empty, keeps those functions alone. */
    public DriverModel build(Set<String> only) {
        String family = abi.family();
        List<DriverModel.FunctionCases> functions = new ArrayList<>();
        List<DriverModel.NotDriven> notDriven = new ArrayList<>();
        List<DriverModel.Declaration> declarations = new ArrayList<>();
        for (String name : dict.funcList(family)) {
            if (!only.isEmpty() && !only.contains(name)) continue;
            String reason = edges.notDriven().get(name);
            if (reason != null) {
                notDriven.add(new DriverModel.NotDriven(name, reason));
                continue;
            }
            try {
                functions.add(function(name, declarations));
            } catch (NotDrivable e) {
                notDriven.add(new DriverModel.NotDriven(name, e.getMessage()));
            }
        }
        List<DriverModel.FunctionCases> beforeInit = new ArrayList<>();
        for (String name : edges.beforeInit()) {
            if (!dict.funcList(family).contains(name) || (!only.isEmpty() && !only.contains(name))) continue;
            try {
                DriverModel.FunctionCases all = function(name, new ArrayList<>());
                DriverModel.Case base = all.cases().get(0);
                // Nothing may be created before MPI_Init: a base case with fixtures is not run there.
                if (!base.fixtures().isEmpty()) continue;
                beforeInit.add(new DriverModel.FunctionCases(name, all.returns(), all.returnRecorder(), all.returnKind(),
                        List.of(new DriverModel.Case(-1, "before MPI_Init", base.skip(), base.fixtures(), base.args()))));
            } catch (NotDrivable e) {
                // Reported with the function's post-MPI_Init cases.
            }
        }
        List<DriverModel.HandleTable> handles = new ArrayList<>();
        for (int k = 0; k < handleTypes.size(); k++) {
            String type = handleTypes.get(k);
            if (!abi.types().containsKey(type)) continue;
            List<String> nulls = new ArrayList<>();
            List<String> predefined = new ArrayList<>();
            abi.constants().forEach((n, c) -> {
                if (c.kind().equals("handle") && type.equals(c.type()) && !removedHandles.contains(n)) {
                    (n.endsWith("_NULL") ? nulls : predefined).add(n);
                }
            });
            handles.add(new DriverModel.HandleTable(k, type, nulls, predefined));
        }
        List<DriverModel.ConstTable> tables = new ArrayList<>();
        dict.mappers().forEach((role, m) -> {
            if (m.kind() == MapperKind.INT_CONSTANTS || m.kind() == MapperKind.BITMASK) {
                tables.add(new DriverModel.ConstTable(role, m.kind() == MapperKind.BITMASK,
                        m.constants().stream().filter(this::hasIntConstant).toList()));
            }
        });
        List<String> errors = new ArrayList<>();
        List<String> toolErrors = new ArrayList<>();
        abi.constants().forEach((n, c) -> {
            if (!c.kind().equals("int")) return;
            if (edges.errorCodes().isClass(n)) errors.add(n);
            if (edges.errorCodes().isToolClass(n)) toolErrors.add(n);
        });
        return new DriverModel(family, abi.version(), List.copyOf(abi.types().keySet()), handles, tables, errors, toolErrors, declarations,
                functions, beforeInit, notDriven);
    }

    private boolean hasIntConstant(String name) {
        AbiDescriptor.Constant c = abi.constants().get(name);
        return c != null && c.kind().equals("int");
    }

    /** Why a function cannot be driven (an argument without a base value, a type the driver cannot hold). */
    static final class NotDrivable extends Exception {
        NotDrivable(String message) {
            super(message);
        }
    }

    /** One argument as the cases see it: its family type, its plan and how its storage looks. */
    private record Shape(ArgSpec spec, String type, MapperKind kind, Storage storage, String element,
                         EdgeTable.Plan plan) {}

    private DriverModel.FunctionCases function(String name, List<DriverModel.Declaration> declarations)
            throws NotDrivable {
        FunctionSpec f = dict.function(name);
        List<ArgSpec> args = f.sameAs() != null ? dict.function(f.sameAs()).args() : f.args();
        String returns = f.sameAs() != null ? dict.function(f.sameAs()).returns() : f.returns();
        AbiDescriptor.Prototype proto = abi.functions().get(name);
        if (proto == null) {
            // Open MPI exports MPI-1 functions its mpi.h no longer declares: declare them as functions.json does.
            List<String> params = new ArrayList<>();
            for (ArgSpec a : args) params.add(a.typeFor(abi.family()));
            declarations.add(new DriverModel.Declaration(returns, name, params));
        } else {
            returns = proto.returns();
        }
        List<EdgeTable.Override> overrides = edges.overrides().stream()
                .filter(o -> o.pattern() != null && o.pattern().matcher(name).matches()).toList();
        List<Shape> shapes = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            ArgSpec a = args.get(i);
            String type = proto != null && i < proto.params().size() ? proto.params().get(i).type() : a.typeFor(abi.family());
            EdgeTable.Plan plan = edges.plan(a.role(), a.dir(), a.type(), a.name());
            if (plan == null) throw new NotDrivable("role '" + a.role() + "' of argument " + a.name()
                    + " has no entry in " + edges.file());
            for (EdgeTable.Override o : overrides) plan = plan.over(o.args().get(a.name()));
            shapes.add(shape(name, a, type, plan));
        }
        Set<String> skipped = new LinkedHashSet<>();
        overrides.forEach(o -> { if (o.skip() != null) skipped.addAll(o.skip()); });

        List<DriverModel.Case> cases = new ArrayList<>();
        cases.add(makeCase(0, "base", shapes, -1, null, false));
        int number = 1;
        for (int i = 0; i < shapes.size(); i++) {
            Shape s = shapes.get(i);
            List<String> pointerEdges = s.plan().pointerEdges() == null ? List.of() : s.plan().pointerEdges();
            List<String> valueEdges = s.plan().edges() == null ? List.of() : s.plan().edges();
            if (!needsInput(s)) valueEdges = List.of();
            for (String e : pointerEdges) {
                String label = s.spec().name() + "=" + e;
                if (skipped.contains(label)) continue;
                cases.add(makeCase(number++, label, shapes, i, e, true));
            }
            for (String e : valueEdges) {
                if (e.equals(s.plan().base())) continue;
                String label = s.spec().name() + "=" + e;
                if (skipped.contains(label)) continue;
                cases.add(makeCase(number++, label, shapes, i, e, false));
            }
        }
        // The recorder follows functions.json's return type: Open MPI's mpi.h spells MPI_Fint as int.
        String canonicalReturn = f.sameAs() != null ? dict.function(f.sameAs()).returns() : f.returns();
        Recorder returnRecorder = switch (canonicalReturn) {
            case "int" -> dict.isToolFunction(f) ? Recorder.TOOL_ERROR : Recorder.ERROR; // mappers.json tool_functions
            case "double" -> Recorder.DOUBLE;
            case "MPI_Aint", "MPI_Count", "MPI_Fint", "MPI_Offset" -> Recorder.NUMBER;
            default -> handleTypes.contains(canonicalReturn) ? Recorder.HANDLE : Recorder.OPAQUE;
        };
        return new DriverModel.FunctionCases(name, returns, returnRecorder, handleTypes.indexOf(canonicalReturn), cases);
    }

    private boolean needsInput(Shape s) {
        return s.spec().reads() || s.storage() == Storage.NONE;
    }

    private Shape shape(String function, ArgSpec a, String type, EdgeTable.Plan plan) throws NotDrivable {
        MapperKind kind = dict.mapper(a.role()).kind();
        String t = type.strip();
        Storage storage = Storage.NONE;
        String element = null;
        boolean functionPointer = kind == MapperKind.CALLBACK || t.contains("(*)") || t.endsWith("function");
        if (!functionPointer && t.endsWith("*")) {
            String pointee = t.substring(0, t.length() - 1).replace("const", " ").strip();
            if (pointee.equals("void")) {
                if (kind == MapperKind.POINTER_CONSTANTS) {
                    storage = a.writes() ? Storage.BYTES : Storage.NONE;
                } else if (a.writes()) {
                    storage = Storage.ELEMENTS;
                    element = "void *";
                }
            } else if (pointee.equals("char")) {
                storage = a.writes() ? Storage.CHARS : Storage.NONE;
            } else if (pointee.contains("*")) {
                storage = Storage.NONE;
            } else {
                storage = Storage.ELEMENTS;
                element = pointee;
            }
        }
        Shape s = new Shape(a, t, kind, storage, element, plan);
        if (plan.base() == null && needsInput(s)) {
            throw new NotDrivable("argument " + a.name() + " (role " + a.role() + ", " + a.dir() + " " + a.type()
                    + ") has no base value in " + edges.file());
        }
        return s;
    }

    /**
     * One case: every argument at its base value except argument {@code varied}, which gets {@code edge}
     * (the pointer itself when {@code pointerEdge}, else its value or first element).
     */
    private DriverModel.Case makeCase(int number, String label, List<Shape> shapes, int varied, String edge,
                                      boolean pointerEdge) {
        Set<String> used = new TreeSet<>();
        Map<String, DriverModel.FixtureUse> fixtures = new LinkedHashMap<>();
        List<DriverModel.Arg> args = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            Shape s = shapes.get(i);
            String name = s.spec().name();
            String value = s.plan().base();
            String pointer = null;
            if (i == varied) {
                if (pointerEdge) pointer = edge; else value = edge;
            }
            DriverModel.Value valueExpr = value == null ? null : expression(value, name, fixtures, used);
            DriverModel.Value pointerExpr = pointer == null ? null : expression(pointer, name, fixtures, used);
            args.add(arg(s, valueExpr, pointerExpr, value != null && value.startsWith("@")));
        }
        String skip = null;
        List<String> missing = used.stream().filter(c -> !abi.constants().containsKey(c)).toList();
        for (DriverModel.FixtureUse fx : fixtures.values()) {
            if (!abi.types().containsKey(fx.type()) && fx.type().startsWith("MPI")) {
                skip = "the fixture type " + fx.type() + " is not in " + abi.family() + "'s mpi.h";
            }
        }
        if (!missing.isEmpty()) skip = String.join(", ", missing) + " not in " + abi.family() + "'s mpi.h";
        return new DriverModel.Case(number, label, skip, List.copyOf(fixtures.values()), args);
    }

    /**
     * A value: a fixture reference becomes the argument's fixture (created once per argument), any other
     * is the table's C expression; the constants either names are noted.
     */
    private DriverModel.Value expression(String value, String arg, Map<String, DriverModel.FixtureUse> fixtures,
                                         Set<String> used) {
        if (value.startsWith("@")) {
            EdgeTable.Fixture fx = edges.fixtures().get(value.substring(1));
            noteConstants(fx.create(), used);
            noteConstants(fx.free(), used);
            fixtures.put(arg, new DriverModel.FixtureUse(arg, fx.type(), handleTypes.indexOf(fx.type()),
                    fx.create(), fx.free()));
            return new DriverModel.Value(null, arg);
        }
        noteConstants(value, used);
        return new DriverModel.Value(value, null);
    }

    private static void noteConstants(String c, Set<String> used) {
        Matcher m = CONSTANT.matcher(c);
        while (m.find()) used.add(m.group());
    }

    private DriverModel.Arg arg(Shape s, DriverModel.Value value, DriverModel.Value pointer, boolean fixtureBase) {
        ArgSpec a = s.spec();
        String cleanup = s.plan().cleanup();
        List<DriverModel.Record> records = new ArrayList<>();
        switch (s.storage()) {
            case NONE -> {
                return new DriverModel.Arg(a.name(), Storage.NONE, null, null, false, null,
                        pointer != null ? pointer : value, List.of(), false, null, false, false);
            }
            case BYTES -> {
                if (pointer == null && a.writes()) records.add(new DriverModel.Record(a.name(), Recorder.DIGEST, -1, -1, null));
                // The buffer starts after a guard zone: a negative displacement writes before it.
                return new DriverModel.Arg(a.name(), Storage.BYTES, null, null, a.reads(), null,
                        pointer, records, pointer == null, null, false, false);
            }
            case CHARS -> {
                MapperSpec m = dict.mapper(a.role());
                String size = m.kind() == MapperKind.STRING_OUT && m.max() != null && abi.constants().containsKey(m.max())
                        ? m.max() : null;
                if (pointer == null) records.add(new DriverModel.Record(a.name(), Recorder.STRING, -1, -1, null));
                return new DriverModel.Arg(a.name(), Storage.CHARS, null, null, false, size,
                        pointer, records, pointer == null, null, false, false);
            }
            default -> {
                String element = s.element();
                Recorder recorder;
                int kind = -1;
                String table = null;
                switch (s.kind()) {
                    case HANDLE, PENDING_HANDLE -> {
                        recorder = Recorder.HANDLE;
                        kind = handleTypes.indexOf(element);
                    }
                    case INT_CONSTANTS -> {
                        recorder = Recorder.CONST;
                        table = a.role();
                    }
                    case BITMASK -> {
                        recorder = Recorder.BITMASK;
                        table = a.role();
                    }
                    case ERROR_CODE -> recorder = Recorder.ERROR;
                    case STATUS -> recorder = Recorder.STATUS;
                    default -> recorder = element.equals("MPI_Status") ? Recorder.STATUS
                            : INTEGERS.contains(element) ? Recorder.NUMBER : Recorder.OPAQUE;
                }
                if (recorder == Recorder.HANDLE && kind < 0) recorder = Recorder.OPAQUE;
                int shown = a.isArray() ? 2 : 1;
                if (pointer == null && a.writes()) {
                    for (int i = 0; i < shown; i++) {
                        String label = a.isArray() ? a.name() + "[" + i + "]" : a.name();
                        records.add(new DriverModel.Record(label, recorder, i, kind, table));
                    }
                }
                // The varied value goes into every element: one argument differs from the base case.
                DriverModel.Value fill = a.reads() ? value : null;
                // Requests are cleaned up first: completing one may complete other outputs of the call
                // (mappers.json completes_pending).
                MapperSpec.HandleTraits traits = dict.mapper(a.role()).handle();
                boolean firstCleanup = traits != null && traits.completesPending();
                boolean logged = pointer == null && a.writes();
                return new DriverModel.Arg(a.name(), Storage.ELEMENTS, element, fill, false, String.valueOf(shown),
                        pointer, records, logged, logged ? cleanup : null, firstCleanup,
                        logged && fixtureBase);
            }
        }
    }
}
