package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.dict.InterfaceDictionary;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * What include/mpi.h of interface mode declares, from dictionaries/abi/standard.json: the descriptor
 * gives the types, callback signatures, values and prototypes; interface.json the C spellings the
 * descriptor does not carry (the pointer constants' types, ...). mpi.h.ftl writes the C.
 */
public record InterfaceHeader(
        String version,
        List<Handle> handles,
        List<IntegerType> integers,
        int statusInternalInts,
        List<Callback> callbacks,
        List<Constant> constants,
        List<Prototype> prototypes,
        List<String> exports) {

    /** A handle type: a pointer to the incomplete struct MPI_ABI_{@code tag}. */
    public record Handle(String name, String tag) {}

    /** How the C type of an integer typedef is spelt: intptr_t, intN_t, uintN_t, or int for an enum. */
    public enum Spelling {
        ADDRESS, SIGNED, UNSIGNED, ENUMERATION;

        /** The template's spelling. */
        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** An integer typedef, {@code bits} wide. */
    public record IntegerType(String name, Spelling spelling, int bits) {}

    /** One prototype: return type, name and parameters. */
    public record Prototype(String returns, String name, List<AbiDescriptor.Param> params) {}

    /** A callback type: its result type and parameters, or the callback type it is another name of. */
    public record Callback(String name, String returns, List<AbiDescriptor.Param> params, String alias) {}

    /**
     * A constant: its kind (int, handle, pointer, as the descriptor says), the C type it is cast to (a
     * handle's type, a pointer constant's, an integer constant's that is not int; else null) and its value.
     */
    public record Constant(String name, String kind, String type, long value) {
        /** The value in hexadecimal digits (handles are written so). */
        public String hex() {
            return Long.toHexString(value);
        }
    }

    public static InterfaceHeader of(AbiDescriptor abi, InterfaceDictionary spellings) {
        InterfaceDictionary.CSpellings types = spellings.c();
        List<Handle> handles = new ArrayList<>();
        List<IntegerType> integers = new ArrayList<>();
        List<Callback> callbacks = new ArrayList<>();
        for (var e : new TreeMap<>(abi.types()).entrySet()) {
            String name = e.getKey();
            TypeInfo t = e.getValue();
            switch (t.kind()) {
                case "handle" -> handles.add(new Handle(name, name.substring(name.indexOf('_') + 1)));
                case "integer" -> integers.add(new IntegerType(name, types.addressTypes().contains(name) ? Spelling.ADDRESS
                        : Boolean.FALSE.equals(t.signed()) ? Spelling.UNSIGNED : Spelling.SIGNED, t.size() * 8));
                case "other" -> integers.add(enumType(abi, name, t));
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
        List<Constant> constants = new ArrayList<>();
        for (var e : new TreeMap<>(abi.constants()).entrySet()) {
            constants.add(constant(abi, types, e.getKey(), e.getValue()));
        }
        List<Prototype> prototypes = new ArrayList<>();
        for (var e : new TreeMap<>(abi.functions()).entrySet()) {
            prototypes.add(new Prototype(e.getValue().returns(), e.getKey(), e.getValue().params()));
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
        return new Callback(name, t.returns(), t.params(), null);
    }

    /** MPI_T enum typedefs are 4-byte ints in the ABI. */
    private static IntegerType enumType(AbiDescriptor abi, String name, TypeInfo t) {
        if (!Integer.valueOf(4).equals(t.size())) {
            throw new IllegalStateException(abi.family() + ".json: type " + name + " is not a 4-byte enum");
        }
        return new IntegerType(name, Spelling.ENUMERATION, 32);
    }

    private static Constant constant(AbiDescriptor abi, InterfaceDictionary.CSpellings types, String name,
                                     AbiDescriptor.Constant c) {
        if (c.symbol() != null || c.value() == null) {
            throw new IllegalStateException(abi.family() + ".json: constant " + name
                    + " has no value; the standard ABI has no link-time constants");
        }
        return switch (c.kind()) {
            case "int" -> new Constant(name, c.kind(), types.constantTypes().get(name), c.value());
            case "handle" -> new Constant(name, c.kind(), c.type(), c.value());
            case "pointer" -> {
                String type = types.pointerTypes().get(name);
                if (type == null) {
                    throw new IllegalStateException(abi.family() + ".json: pointer constant " + name
                            + " has no C type in interface.json c.pointer_types");
                }
                yield new Constant(name, c.kind(), type, c.value());
            }
            default -> throw new IllegalStateException(abi.family() + ".json: constant " + name + " of kind "
                    + c.kind() + " cannot be written in mpi.h");
        };
    }
}
