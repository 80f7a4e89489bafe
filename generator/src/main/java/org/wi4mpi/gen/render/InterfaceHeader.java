package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What include/mpi.h of interface mode declares, from dictionaries/abi/standard.json: the descriptor
 * gives the types, callback signatures, values and prototypes; the C spellings the descriptor cannot
 * carry (the pointer types of pointer constants) are the standard's, kept here.
 */
public record InterfaceHeader(
        String version,
        List<Typedef> handles,
        List<Typedef> integers,
        int statusInternalInts,
        List<Callback> callbacks,
        List<ConstantMacro> constants,
        List<Prototype> prototypes,
        List<String> exports) {

    /** One prototype: return type, name and the parameter list as C text. */
    public record Prototype(String returns, String name, String params) {}

    /** A callback type: its result type and parameter list as C text, or the callback type it is another name of. */
    public record Callback(String name, String returns, String params, String alias) {}

    /** C types of the pointer constants (A.1.1 gives values; the types are those of their use). */
    static final Map<String, String> POINTER_TYPES = Map.ofEntries(
            Map.entry("MPI_BOTTOM", "void *"), Map.entry("MPI_IN_PLACE", "void *"),
            Map.entry("MPI_BUFFER_AUTOMATIC", "void *"),
            Map.entry("MPI_STATUS_IGNORE", "MPI_Status *"), Map.entry("MPI_STATUSES_IGNORE", "MPI_Status *"),
            Map.entry("MPI_ERRCODES_IGNORE", "int *"), Map.entry("MPI_UNWEIGHTED", "int *"),
            Map.entry("MPI_WEIGHTS_EMPTY", "int *"),
            Map.entry("MPI_ARGV_NULL", "char **"), Map.entry("MPI_ARGVS_NULL", "char ***"),
            Map.entry("MPI_COMM_DUP_FN", "MPI_Comm_copy_attr_function *"),
            Map.entry("MPI_COMM_NULL_COPY_FN", "MPI_Comm_copy_attr_function *"),
            Map.entry("MPI_COMM_NULL_DELETE_FN", "MPI_Comm_delete_attr_function *"),
            Map.entry("MPI_TYPE_DUP_FN", "MPI_Type_copy_attr_function *"),
            Map.entry("MPI_TYPE_NULL_COPY_FN", "MPI_Type_copy_attr_function *"),
            Map.entry("MPI_TYPE_NULL_DELETE_FN", "MPI_Type_delete_attr_function *"),
            Map.entry("MPI_WIN_DUP_FN", "MPI_Win_copy_attr_function *"),
            Map.entry("MPI_WIN_NULL_COPY_FN", "MPI_Win_copy_attr_function *"),
            Map.entry("MPI_WIN_NULL_DELETE_FN", "MPI_Win_delete_attr_function *"),
            Map.entry("MPI_DUP_FN", "MPI_Copy_function *"), Map.entry("MPI_NULL_COPY_FN", "MPI_Copy_function *"),
            Map.entry("MPI_NULL_DELETE_FN", "MPI_Delete_function *"),
            Map.entry("MPI_CONVERSION_FN_NULL", "MPI_Datarep_conversion_function *"),
            Map.entry("MPI_CONVERSION_FN_NULL_C", "MPI_Datarep_conversion_function_c *"));

    /** Integer constants whose C type is not int. */
    static final Map<String, String> INT_TYPES = Map.of("MPI_DISPLACEMENT_CURRENT", "MPI_Offset");

    public static InterfaceHeader of(AbiDescriptor abi) {
        List<Typedef> handles = new ArrayList<>();
        List<Typedef> integers = new ArrayList<>();
        List<Callback> callbacks = new ArrayList<>();
        for (var e : new TreeMap<>(abi.types()).entrySet()) {
            String name = e.getKey();
            TypeInfo t = e.getValue();
            switch (t.kind()) {
                case "handle" -> handles.add(new Typedef(name, "struct MPI_ABI_" + name.substring(4) + " *"));
                case "integer" -> integers.add(new Typedef(name, name.equals("MPI_Aint") ? "intptr_t"
                        : (Boolean.FALSE.equals(t.signed()) ? "uint" : "int") + t.size() * 8 + "_t"));
                case "other" -> integers.add(new Typedef(name, enumType(abi, name, t)));
                case "function" -> callbacks.add(callback(abi, name, t));
                default -> { } // MPI_Status is declared from its layout
            }
        }
        // Aliases (X_fn = X_function) after what they name.
        callbacks.sort((a, b) -> Boolean.compare(a.alias() != null, b.alias() != null));
        var internal = abi.status().fields().get(StandardStatus.INTERNAL);
        if (internal == null || internal.size() % 4 != 0) {
            throw new IllegalStateException(abi.family() + ".json: MPI_Status has no int array MPI_internal");
        }
        List<ConstantMacro> constants = new ArrayList<>();
        for (var e : new TreeMap<>(abi.constants()).entrySet()) {
            constants.add(new ConstantMacro(e.getKey(), expression(abi, e.getKey(), e.getValue())));
        }
        List<Prototype> prototypes = new ArrayList<>();
        for (var e : new TreeMap<>(abi.functions()).entrySet()) {
            prototypes.add(new Prototype(e.getValue().returns(), e.getKey(), parameters(e.getValue().params())));
        }
        return new InterfaceHeader(abi.version(), handles, integers, internal.size() / 4, callbacks,
                constants, prototypes, List.copyOf(abi.exports()));
    }

    /** A callback type of the descriptor, which must have a signature or name the type it is an alias of. */
    private static Callback callback(AbiDescriptor abi, String name, TypeInfo t) {
        if (t.alias() != null) {
            if (!abi.types().containsKey(t.alias()) || !"function".equals(abi.types().get(t.alias()).kind())) {
                throw new IllegalStateException(abi.family() + ".json: callback type " + name + " is an alias of "
                        + t.alias() + ", which is not a callback type of the descriptor");
            }
            return new Callback(name, null, null, t.alias());
        }
        if (t.returns() == null || t.params() == null) {
            throw new IllegalStateException(abi.family() + ".json: callback type " + name
                    + " has neither a signature (returns, params) nor an alias");
        }
        return new Callback(name, t.returns(), parameters(t.params()), null);
    }

    /** A parameter list as C text: declarations with their names, "void" for none. */
    private static String parameters(List<AbiDescriptor.Param> params) {
        List<String> out = new ArrayList<>();
        for (AbiDescriptor.Param p : params) {
            out.add(p.type().equals("...") ? "..." : CTypes.declare(p.type(), p.name()));
        }
        return out.isEmpty() ? "void" : String.join(", ", out);
    }

    /** MPI_T enum typedefs are 4-byte ints in the ABI. */
    private static String enumType(AbiDescriptor abi, String name, TypeInfo t) {
        if (!Integer.valueOf(4).equals(t.size())) {
            throw new IllegalStateException(abi.family() + ".json: type " + name + " is not a 4-byte enum");
        }
        return "int";
    }

    private static String expression(AbiDescriptor abi, String name, Constant c) {
        if (c.symbol() != null || c.value() == null) {
            throw new IllegalStateException(abi.family() + ".json: constant " + name
                    + " has no value; the standard ABI has no link-time constants");
        }
        long v = c.value();
        return switch (c.kind()) {
            case "int" -> INT_TYPES.containsKey(name) ? "((" + INT_TYPES.get(name) + ")" + v + ")" : "(" + v + ")";
            case "handle" -> "((" + c.type() + ")0x" + Long.toHexString(v) + ")";
            case "pointer" -> {
                String type = POINTER_TYPES.get(name);
                if (type == null) {
                    throw new IllegalStateException(abi.family() + ".json: pointer constant " + name
                            + " has no C type in InterfaceHeader.POINTER_TYPES");
                }
                yield "((" + type + ")" + v + ")";
            }
            default -> throw new IllegalStateException(abi.family() + ".json: constant " + name + " of kind "
                    + c.kind() + " cannot be written in mpi.h");
        };
    }
}
