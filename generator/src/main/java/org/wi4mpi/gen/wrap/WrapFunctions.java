package org.wi4mpi.gen.wrap;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;

/**
 * The functions a family's wrappers can cover, taken from its ABI descriptor with the rule wrap.py applies
 * to a preprocessed mpi.h: an {@code MPI_} function returning int, double or MPI_Aint, except the handle
 * conversions (c2f, f2c), the tool information interface (MPI_T_) and the MPI_Comm_spawn functions. The
 * standard ABI's handle conversions are named toint and fromint: they are left out too, or a tool's own
 * Fortran bindings, which convert through them, would count their conversions as calls of the program.
 */
public final class WrapFunctions {

    private static final List<String> RETURN_TYPES = List.of("int", "double", "MPI_Aint");
    private static final Pattern EXCLUDED = Pattern.compile("c2f|f2c|_toint$|_fromint$|typedef|MPI_T_|MPI_Comm_spawn");

    private final SortedMap<String, WrapFunction> byName;

    WrapFunctions(Map<String, WrapFunction> functions) {
        this.byName = Collections.unmodifiableSortedMap(new TreeMap<>(functions));
    }

    /** The functions of one descriptor that wrappers can cover. */
    public static WrapFunctions of(AbiDescriptor descriptor) {
        Map<String, WrapFunction> functions = new TreeMap<>();
        descriptor.functions().forEach((name, prototype) -> {
            if (wrappable(name, prototype)) {
                functions.put(name, new WrapFunction(name, prototype.returns(), prototype.params().stream()
                        .map(p -> new WrapParam(p.name(), p.type())).toList()));
            }
        });
        return new WrapFunctions(functions);
    }

    static boolean wrappable(String name, Prototype prototype) {
        return name.startsWith("MPI_") && RETURN_TYPES.contains(prototype.returns())
                && !EXCLUDED.matcher(name).find();
    }

    public int size() {
        return byName.size();
    }

    public boolean contains(String name) {
        return byName.containsKey(name);
    }

    /** The function of that name; the caller has checked {@link #contains}. */
    public WrapFunction get(String name) {
        WrapFunction f = byName.get(name);
        if (f == null) {
            throw new IllegalArgumentException(name + " is not a wrappable function");
        }
        return f;
    }

    /** Every function but the excluded ones, sorted by name ({{fnall}}, {{forallfn}}). */
    public List<String> allBut(List<String> excluded) {
        List<String> names = new ArrayList<>(byName.keySet());
        names.removeAll(excluded);
        return names;
    }
}
