package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Reads mappers.json into one {@link MapperSpec} per role and records every fault of a mapper: an
 * unknown kind, a missing or inapplicable parameter, an empty constant list.
 *
 * <p>A role whose mapper is broken is still returned (with null in its broken fields), so that the
 * arguments using it are not reported a second time as having an unknown role.
 */
final class MappersFile {

    static final String NAME = "mappers.json";

    private static final List<String> TOP_FIELDS = List.of("large_count", "tool_functions", "roles");
    private static final List<String> TOOL_FIELDS = List.of("prefix", "description");
    private static final List<String> LARGE_COUNT_FIELDS = List.of("suffix", "runtime_forms", "description");
    private static final Pattern NAME_PART = Pattern.compile("[A-Za-z0-9_]*");

    /**
     * The file's content: mappers by role, in file order, and the name prefix of the tool information
     * interface's functions (null when the file has none), which report errors as MPI_T error codes.
     */
    record Content(Map<String, MapperSpec> roles, String toolFunctionPrefix, LargeCountNames largeCount) {}
    // Role names become parts of C function names (wi_<role>_a2r).
    private static final Pattern ROLE_NAME = Pattern.compile("[a-z][a-z0-9_]*");

    private final Problems problems;

    private MappersFile(Problems problems) {
        this.problems = problems;
    }

    static Content read(JsonNode root, Problems problems) {
        MappersFile file = new MappersFile(problems);
        return new Content(file.roles(root), file.toolFunctionPrefix(root), file.largeCount(root));
    }

    /** large_count: {"suffix": "_c", "runtime_forms": ["_x", ""], "description": ...}; null when absent. */
    private LargeCountNames largeCount(JsonNode root) {
        JsonNode node = root.isObject() ? root.get("large_count") : null;
        if (node == null) {
            return null;
        }
        if (!node.isObject()) {
            problems.add(NAME, "'large_count' must be an object, not " + JsonEntry.describe(node));
            return null;
        }
        JsonEntry entry = new JsonEntry(node, NAME, "large_count", "section", problems);
        entry.rejectUnknownFields(LARGE_COUNT_FIELDS);
        entry.requiredString("description");
        String suffix = entry.requiredString("suffix");
        // "" is a form too: the int form's name is the base name (MPI_Send)
        JsonNode formsNode = node.get("runtime_forms");
        List<String> forms = null;
        if (formsNode != null && formsNode.isArray()) {
            forms = new ArrayList<>();
            for (JsonNode form : formsNode) {
                forms.add(form.isTextual() ? form.asText() : null);
            }
        } else if (formsNode != null) {
            entry.fault("has runtime_forms that is not a list of name endings but " + JsonEntry.describe(formsNode));
        }
        boolean sound = suffix != null && forms != null;
        if (suffix != null && (suffix.isEmpty() || !NAME_PART.matcher(suffix).matches())) {
            entry.fault("has suffix '" + suffix + "', which is not a non-empty end of a C name");
            sound = false;
        }
        if (formsNode == null) {
            entry.fault("lacks runtime_forms, the suffixes of the forms a runtime may have instead");
        } else if (forms != null) {
            for (String form : forms) {
                if (form == null) {
                    entry.fault("has a runtime form that is not a string");
                    sound = false;
                } else if (!NAME_PART.matcher(form).matches() || form.equals(suffix)) {
                    entry.fault("has runtime form '" + form + "', which is not the end of a C name other than the suffix");
                    sound = false;
                }
            }
        }
        return sound ? new LargeCountNames(suffix, List.copyOf(forms)) : null;
    }

    /** tool_functions: {"prefix": "MPI_T_", "description": ...}. */
    private String toolFunctionPrefix(JsonNode root) {
        JsonNode node = root.isObject() ? root.get("tool_functions") : null;
        if (node == null) {
            return null;
        }
        if (!node.isObject()) {
            problems.add(NAME, "'tool_functions' must be an object, not " + JsonEntry.describe(node));
            return null;
        }
        JsonEntry entry = new JsonEntry(node, NAME, "tool_functions", "section", problems);
        entry.rejectUnknownFields(TOOL_FIELDS);
        entry.requiredString("description");
        String prefix = entry.requiredString("prefix");
        if (prefix != null && !prefix.matches("MPIX?_[A-Za-z0-9_]*")) {
            entry.fault("has prefix '" + prefix + "', which does not start a function name (MPI_..., MPIX_...)");
            return null;
        }
        return prefix;
    }

    private Map<String, MapperSpec> roles(JsonNode root) {
        if (!root.isObject() || !root.has("roles")) {
            problems.add(NAME, "the top level must be an object with a 'roles' object");
            return Map.of();
        }
        new JsonEntry(root, NAME, "top level", "object", problems).rejectUnknownFields(TOP_FIELDS);
        JsonNode roles = root.get("roles");
        if (!roles.isObject()) {
            problems.add(NAME, "'roles' must be an object, not " + JsonEntry.describe(roles));
            return Map.of();
        }
        Map<String, MapperSpec> mappers = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = roles.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            mappers.put(e.getKey(), mapper(e.getKey(), e.getValue()));
        }
        checkHandleTypes(mappers);
        return Collections.unmodifiableMap(mappers);
    }

    /**
     * One handle role per handle type, so that what it says of the type (c2f, error_object) is said
     * once, and one role whose handles complete pending outputs.
     */
    private void checkHandleTypes(Map<String, MapperSpec> mappers) {
        Map<String, String> roleOfType = new HashMap<>();
        String completing = null;
        for (var e : mappers.entrySet()) {
            MapperSpec m = e.getValue();
            if (m.kind() != MapperKind.HANDLE || m.type() == null) {
                continue;
            }
            String other = roleOfType.putIfAbsent(m.type(), e.getKey());
            if (other != null) {
                problems.add(NAME, e.getKey(), "is a second handle role of " + m.type() + " (the first is '" + other
                        + "'): a handle type has one handle role");
            }
            if (m.handle().completesPending()) {
                if (completing != null) {
                    problems.add(NAME, e.getKey(), "has completes_pending, which role '" + completing + "' has already:"
                            + " one handle type completes pending outputs");
                }
                completing = e.getKey();
            }
        }
    }

    private MapperSpec mapper(String role, JsonNode node) {
        if (!ROLE_NAME.matcher(role).matches()) {
            problems.add(NAME, role, "role name must be lower case letters, digits and '_', starting with a letter");
        }
        if (!node.isObject()) {
            problems.add(NAME, role, "mapper is " + JsonEntry.describe(node) + ", not an object");
            return new MapperSpec(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
        }
        JsonEntry entry = new JsonEntry(node, NAME, role, "mapper", problems);
        entry.rejectUnknownFields(MapperKind.ALL_FIELDS);
        String kindName = entry.requiredString("kind");
        String description = entry.requiredString("description");
        String type = entry.optionalString("type");
        String table = entry.optionalString("table");
        List<String> constants = entry.optionalStringList("constants");
        String lacking = entry.optionalString("lacking");
        Map<String, String> lackingAs = lackingAs(entry, node.get("lacking_as"), constants);
        MapperSpec.GuidedByInfo guided = guidedByInfo(entry, node.get("guided_by_info"), constants);
        String callback = entry.optionalString("callback");
        String intFormCallback = entry.optionalString("int_form_callback");
        String max = entry.optionalString("max");
        String resultLength = entry.optionalString("result_length");
        String deliveredFlag = entry.optionalString("delivered_flag");
        String c2f = entry.optionalString("c2f");
        boolean errorObject = entry.optionalBoolean("error_object");
        boolean completesPending = entry.optionalBoolean("completes_pending");
        MapperKind kind = kindName == null ? null : MapperKind.fromJson(kindName).orElse(null);
        if (kindName != null && kind == null) {
            entry.fault("has unknown kind '" + kindName + "' (known kinds: " + MapperKind.knownNames() + ")");
        } else if (kind != null) {
            checkParameters(entry, kind);
        }
        if (constants != null) {
            checkConstants(entry, constants);
        }
        if (type != null && !(type.startsWith("MPI_") && CNames.isIdentifier(type))) {
            entry.fault("type '" + type + "' is not an MPI type name");
        }
        for (String name : new String[] {table, c2f, lacking, callback, intFormCallback, max, resultLength, deliveredFlag}) {
            if (name != null && !CNames.isIdentifier(name)) {
                entry.fault("parameter '" + name + "' is not a C identifier");
            }
        }
        if (lacking != null && constants != null && !constants.contains(lacking)) {
            entry.fault("has lacking '" + lacking + "', which is not one of its constants");
        }
        MapperSpec.HandleTraits handle = kind != MapperKind.HANDLE ? null
                : new MapperSpec.HandleTraits(errorObject, completesPending);
        return new MapperSpec(kind, type, table, c2f, handle, constants == null ? null : List.copyOf(constants), lacking,
                lackingAs, guided, callback, intFormCallback, max, resultLength, deliveredFlag, description);
    }

    /** Info keys and values the generated code spells as C strings as they are. */
    private static final Pattern INFO_WORD = Pattern.compile("[A-Za-z0-9_.:-]+");
    private static final String INFO_WORD_TEXT = "a plain info word (letters, digits, '_', '.', ':', '-')";

    /**
     * guided_by_info: {"constant": one of the role's constants, "key": an info key, "values":
     * {"value": one of the role's constants, ...}}; null when absent or malformed.
     */
    private static MapperSpec.GuidedByInfo guidedByInfo(JsonEntry entry, JsonNode node, List<String> constants) {
        if (node == null) {
            return null;
        }
        JsonNode constant = node.get("constant");
        JsonNode key = node.get("key");
        JsonNode values = node.get("values");
        if (!node.isObject() || node.size() != 3 || constant == null || !constant.isTextual()
                || key == null || !key.isTextual() || key.asText().isEmpty()
                || values == null || !values.isObject() || values.isEmpty()) {
            String found = node.isObject()
                    ? "an object of " + String.join(", ", node.properties().stream().map(Map.Entry::getKey).toList())
                    : JsonEntry.describe(node);
            entry.fault("has guided_by_info that needs exactly constant (a string), key (a non-empty string) and"
                    + " values (a non-empty object), but is " + found);
            return null;
        }
        boolean sound = true;
        if (!INFO_WORD.matcher(key.asText()).matches()) {
            entry.fault("has guided_by_info key '" + key.asText() + "', which is not " + INFO_WORD_TEXT);
            sound = false;
        }
        if (constants == null || !constants.contains(constant.asText())) {
            entry.fault("has guided_by_info constant '" + constant.asText() + "', which is not one of its constants");
            sound = false;
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : values.properties()) {
            String target = e.getValue().isTextual() ? e.getValue().asText() : null;
            if (!INFO_WORD.matcher(e.getKey()).matches()) {
                entry.fault("has guided_by_info value '" + e.getKey() + "', which is not " + INFO_WORD_TEXT);
                sound = false;
            } else if (target == null || constants == null || !constants.contains(target)) {
                entry.fault("has guided_by_info value '" + e.getKey() + "' → "
                        + (target == null ? JsonEntry.describe(e.getValue()) : "'" + target + "'")
                        + ", which is not one of its constants");
                sound = false;
            } else {
                out.put(e.getKey(), target);
            }
        }
        return sound ? new MapperSpec.GuidedByInfo(constant.asText(), key.asText(), out) : null;
    }

    /** lacking_as: {"constant": "constant"}, both of the role's constants; empty when absent or malformed. */
    private static Map<String, String> lackingAs(JsonEntry entry, JsonNode node, List<String> constants) {
        if (node == null) {
            return Map.of();
        }
        if (!node.isObject() || node.isEmpty()) {
            entry.fault("has lacking_as that is not a non-empty object of constant → constant, but "
                    + JsonEntry.describe(node));
            return Map.of();
        }
        Map<String, String> out = new TreeMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String target = e.getValue().isTextual() ? e.getValue().asText() : null;
            if (constants == null || !constants.contains(e.getKey()) || target == null || !constants.contains(target)) {
                entry.fault("has lacking_as entry '" + e.getKey() + "' → "
                        + (target == null ? JsonEntry.describe(e.getValue()) : "'" + target + "'")
                        + ", which does not name two of its constants");
            } else {
                out.put(e.getKey(), target);
            }
        }
        return out;
    }

    private static void checkParameters(JsonEntry entry, MapperKind kind) {
        for (String field : MapperKind.ALL_FIELDS) {
            if (field.equals("kind") || field.equals("description")) {
                continue;
            }
            boolean needed = kind.parameters().contains(field);
            if (needed && !entry.has(field)) {
                entry.fault("of kind '" + kind.jsonName() + "' lacks required field '" + field + "'");
            } else if (!needed && entry.has(field) && !kind.optionalParameters().contains(field)) {
                entry.fault("of kind '" + kind.jsonName() + "' does not take field '" + field + "'");
            }
        }
    }

    private static void checkConstants(JsonEntry entry, List<String> constants) {
        if (constants.isEmpty()) {
            entry.fault("has an empty 'constants' list");
        }
        Set<String> seen = new HashSet<>();
        List<String> repeated = new ArrayList<>();
        for (String c : constants) {
            if (!seen.add(c)) {
                repeated.add(c);
            }
        }
        if (!repeated.isEmpty()) {
            entry.fault("lists " + String.join(", ", repeated) + " more than once in 'constants'");
        }
    }
}
