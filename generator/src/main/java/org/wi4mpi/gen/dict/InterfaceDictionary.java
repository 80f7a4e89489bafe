package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * dictionaries/interface.json: the spellings of the standard ABI that its descriptor
 * (abi/standard.json, written by the probe) does not carry, for interface mode's headers.
 *
 * @param c       include/mpi.h's types
 * @param fortran include/mpif.h's types and declaration order
 */
public record InterfaceDictionary(CSpellings c, FortranSpellings fortran) {

    public static final String FILE = "interface.json";

    /**
     * @param addressTypes  integer types spelt intptr_t
     * @param constantTypes integer constants whose C type is not int, with their type
     * @param pointerTypes  the pointer constants' C types (the standard gives values; the types are those of their use)
     */
    public record CSpellings(List<String> addressTypes, Map<String, String> constantTypes, Map<String, String> pointerTypes) {}

    /**
     * @param constantTypes   constants whose Fortran type is not default INTEGER, with their type
     * @param declaredFirst   constants declared before the others, which use them (the KIND values)
     * @param functionResults the Fortran result type of the functions that are Fortran functions, by C return type
     */
    public record FortranSpellings(Map<String, String> constantTypes, List<String> declaredFirst,
                               Map<String, String> functionResults) {}

    /** Reads the file, or throws a DictionaryException naming each fault. */
    public static InterfaceDictionary load(Path file) {
        Problems problems = new Problems();
        InterfaceDictionary read = JsonFiles.read(file, problems).map(root -> read(root, problems)).orElse(null);
        problems.throwIfAny(file.toString());
        return read;
    }

    private static InterfaceDictionary read(JsonNode root, Problems problems) {
        JsonEntry top = new JsonEntry(root, FILE, "top level", "object", problems);
        top.rejectUnknownFields(List.of("description", "c", "fortran"));
        JsonEntry c = section(root, "c", List.of("address_types", "constant_types", "pointer_types"), problems);
        JsonEntry f = section(root, "fortran", List.of("constant_types", "declared_first", "function_results"), problems);
        return new InterfaceDictionary(
                new CSpellings(list(c, "address_types"), map(root.path("c"), c, "constant_types"),
                        map(root.path("c"), c, "pointer_types")),
                new FortranSpellings(map(root.path("fortran"), f, "constant_types"), list(f, "declared_first"),
                        map(root.path("fortran"), f, "function_results")));
    }

    private static JsonEntry section(JsonNode root, String name, List<String> fields, Problems problems) {
        JsonEntry entry = new JsonEntry(root.path(name), FILE, name, "section", problems);
        if (!root.path(name).isObject()) {
            entry.fault("is missing or not an object");
        } else {
            entry.rejectUnknownFields(fields);
        }
        return entry;
    }

    private static List<String> list(JsonEntry section, String field) {
        List<String> out = section.optionalStringList(field);
        return out == null ? List.of() : List.copyOf(out);
    }

    /** An object of names to spellings. */
    private static Map<String, String> map(JsonNode node, JsonEntry section, String field) {
        Map<String, String> out = new TreeMap<>();
        JsonNode value = node.path(field);
        if (!node.isObject()) {
            return Map.of(); // the section's absence is reported already
        }
        if (!value.isObject()) {
            section.fault("lacks the object '" + field + "' of names to types");
            return Map.of();
        }
        for (Map.Entry<String, JsonNode> e : value.properties()) {
            if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                section.fault("has " + field + "." + e.getKey() + " that is not a type's spelling");
            } else {
                out.put(e.getKey(), e.getValue().asText());
            }
        }
        return Map.copyOf(out);
    }
}
