package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The constant macros of both sides (ConstantsModel), with the data objects they read, and what a
 * cross pair exports besides functions (ExportsModel).
 */
final class ConstantsBuilder {

    private final AbiDescriptor app;
    private final AbiDescriptor run;
    private final Dictionaries dict;
    private final boolean identity;

    ConstantsBuilder(AbiDescriptor app, AbiDescriptor run, Dictionaries dict) {
        this.app = app;
        this.run = run;
        this.dict = dict;
        this.identity = app.family().equals(run.family());
    }

    ConstantsModel constants() {
        List<PairConstant> appConstants = constants(app);
        List<PairConstant> runConstants = constants(run);
        Set<String> runtimeObjects = new TreeSet<>();
        for (PairConstant c : runConstants) {
            if (c.value() instanceof ConstantValue.ObjectAddress o) {
                runtimeObjects.add(o.symbol());
            } else if (c.value() instanceof ConstantValue.ObjectContent o) {
                runtimeObjects.add(o.symbol());
            }
        }
        return new ConstantsModel(appConstants, runConstants, applicationObjectSymbols(), List.copyOf(runtimeObjects));
    }

    ExportsModel exports() {
        return new ExportsModel(exportedObjects(), exportedFunctions());
    }

    private static boolean isCIdentifier(String s) {
        return s.matches("[A-Za-z_][A-Za-z_0-9]*");
    }

    /** The value of one constant, or null for one of a kind the macros do not carry. */
    private static ConstantValue value(Constant c) {
        if (c.symbol() != null) {
            return new ConstantValue.ObjectAddress(c.symbol(), c.type());
        }
        long v = c.value();
        return switch (c.kind()) {
            case "int" -> new ConstantValue.IntValue(v, v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE);
            case "pointer" -> new ConstantValue.PointerValue(v, c.type() != null && !c.type().endsWith("*")
                    && !c.type().endsWith("function") ? c.type() : null);
            case "handle" -> new ConstantValue.HandleValue(v, c.type());
            default -> null;
        };
    }

    /** The constants of one side, then the pointer sentinels its library defines as variables. */
    private List<PairConstant> constants(AbiDescriptor abi) {
        List<PairConstant> out = new ArrayList<>();
        for (var e : abi.constants().entrySet()) {
            Constant c = e.getValue();
            if (!isCIdentifier(e.getKey()) || !Set.of("int", "pointer", "handle").contains(c.kind())) {
                continue;
            }
            if (c.symbol() == null && c.value() == null) {
                continue;
            }
            ConstantValue value = value(c);
            if (value != null) {
                out.add(new PairConstant(e.getKey(), value));
            }
        }
        for (String name : sentinelObjectNames(abi, dict)) {
            out.add(new PairConstant(name, new ConstantValue.ObjectContent(name)));
        }
        return out;
    }

    private List<String> applicationObjectSymbols() {
        Set<String> symbols = new TreeSet<>();
        app.constants().values().forEach(c -> {
            if (c.symbol() != null) symbols.add(c.symbol());
        });
        symbols.addAll(sentinelObjectNames(app, dict));
        return List.copyOf(symbols);
    }

    /**
     * Pointer sentinels a family defines as variables rather than macros (MPICH's MPI_UNWEIGHTED and
     * MPI_WEIGHTS_EMPTY: {@code extern int * const}), named by a pointer_constants mapper: their value
     * is the variable's content, known only once the library is loaded.
     */
    static Set<String> sentinelObjectNames(AbiDescriptor abi, Dictionaries dict) {
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

    private static final long POINTER_SIZE = 8;

    /** Cross pairs export the application family's data objects; identity pairs leave them to the real library. */
    private List<ExportsModel.ExportedObject> exportedObjects() {
        if (identity) {
            return List.of();
        }
        List<ExportsModel.ExportedObject> out = new ArrayList<>();
        app.objects().forEach((name, o) -> out.add(new ExportsModel.ExportedObject(name, o.size(),
                name.startsWith("MPI_") && o.size() == POINTER_SIZE)));
        return out;
    }

    /** Cross pairs export the functions the application's constants name; identity pairs do not. */
    private List<ExportsModel.ExportedFunction> exportedFunctions() {
        if (identity) {
            return List.of();
        }
        Map<String, ExportsModel.Behaviour> behaviours = new TreeMap<>();
        app.constants().forEach((name, c) -> {
            if (c.symbol() == null || app.objects().containsKey(c.symbol())) {
                return;
            }
            behaviours.merge(c.symbol(), ExportsModel.Behaviour.ofConstant(name),
                    (x, y) -> x == y ? x : ExportsModel.Behaviour.UNSUPPORTED);
        });
        List<ExportsModel.ExportedFunction> out = new ArrayList<>();
        behaviours.forEach((symbol, behaviour) -> out.add(new ExportsModel.ExportedFunction(symbol, behaviour)));
        return out;
    }
}
