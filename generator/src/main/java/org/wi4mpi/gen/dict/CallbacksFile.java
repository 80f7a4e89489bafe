package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads callbacks.json, the callback families (the {@code callback} of mappers.json's callback roles)
 * and which of them runtime-c has trampolines for, and checks that every family a mapper names is one.
 */
final class CallbacksFile {

    static final String NAME = "callbacks.json";

    private static final List<String> TOP_FIELDS = List.of("callbacks");
    private static final List<String> FAMILY_FIELDS = List.of("name", "trampolines", "description");

    private CallbacksFile() {}

    /** The families by name, in file order, the first of any duplicates kept. */
    static Map<String, CallbackSpec> read(JsonNode root, Problems problems) {
        JsonNode entries = NamedEntries.topLevelArray(root, NAME, "callbacks", TOP_FIELDS, problems);
        if (entries == null) {
            return Map.of();
        }
        Map<String, CallbackSpec> families = new LinkedHashMap<>();
        int number = 0;
        for (JsonNode node : entries) {
            JsonEntry entry = NamedEntries.entry(node, ++number, NAME, "callback family", FAMILY_FIELDS, problems);
            if (entry == null) {
                continue;
            }
            String name = entry.requiredString("name");
            String trampolines = entry.optionalString("trampolines");
            String description = entry.requiredString("description");
            if (name == null || description == null) {
                continue;
            }
            if (!name.matches("[a-z][a-z0-9_]*")) {
                entry.fault("name is not a lower-case identifier");
            } else if (trampolines != null && !trampolines.matches("wi_[a-z0-9_]+\\.h")) {
                entry.fault("has trampolines '" + trampolines + "', which is not a runtime-c header (wi_*.h)");
            } else if (families.putIfAbsent(name, new CallbackSpec(name, trampolines, description)) != null) {
                entry.fault("is defined more than once");
            }
        }
        return families;
    }

    /**
     * Every callback family a callback mapper names (callback, int_form_callback) is one of callbacks.json
     * (the fields on a mapper of another kind are reported by MappersFile).
     */
    static void checkMappers(Map<String, MapperSpec> mappers, Map<String, CallbackSpec> families, Problems problems) {
        mappers.forEach((role, m) -> {
            if (m.kind() != MapperKind.CALLBACK) {
                return;
            }
            for (String family : new String[] {m.callback(), m.intFormCallback()}) {
                if (family != null && !families.containsKey(family)) {
                    problems.add(MappersFile.NAME, role, "mapper names callback family '" + family
                            + "', which callbacks.json does not define");
                }
            }
        });
    }
}
