package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * The shape shared by the dictionary files that hold a list of named objects (functions.json,
 * hooks.json, callbacks.json) and by the lists within an entry (a function's arguments): each object
 * read as a {@link JsonEntry} named by its {@code name}, or by its place in the list when it has none.
 */
final class NamedEntries {

    private NamedEntries() {}

    /**
     * The top level's array {@code field}, its other top-level fields checked against {@code topFields};
     * null after recording that the top level does not hold one.
     */
    static JsonNode topLevelArray(JsonNode root, String file, String field, List<String> topFields,
                                  Problems problems) {
        if (!root.isObject() || !root.has(field)) {
            problems.add(file, "the top level must be an object with a '" + field + "' array");
            return null;
        }
        new JsonEntry(root, file, "top level", "object", problems).rejectUnknownFields(topFields);
        JsonNode entries = root.get(field);
        if (!entries.isArray()) {
            problems.add(file, "'" + field + "' must be an array, not " + JsonEntry.describe(entries));
            return null;
        }
        return entries;
    }

    /**
     * Entry {@code number} (from 1) of a file's list, a {@code kind} ("function", "hook") named by its
     * name or else "kind #number", its fields checked against {@code fields}; null after recording
     * that it is not an object.
     */
    static JsonEntry entry(JsonNode node, int number, String file, String kind, List<String> fields,
                           Problems problems) {
        String label = name(node);
        if (!node.isObject()) {
            problems.add(file, kind + " #" + number, "is " + JsonEntry.describe(node) + ", not an object");
            return null;
        }
        JsonEntry entry = new JsonEntry(node, file, label == null ? kind + " #" + number : label, kind, problems);
        entry.rejectUnknownFields(fields);
        return entry;
    }

    /**
     * Object {@code number} (from 1) of a list within the entry {@code owner}: a {@code kind}
     * ("argument") named "kind 'name'" or else "kind #number"; null after recording that it is not
     * an object.
     */
    static JsonEntry member(JsonNode node, int number, String file, String owner, String kind, List<String> fields,
                            Problems problems) {
        String label = name(node);
        String subject = label == null ? kind + " #" + number : kind + " '" + label + "'";
        if (!node.isObject()) {
            problems.add(file, owner, kind + " #" + number + " is " + JsonEntry.describe(node) + ", not an object");
            return null;
        }
        JsonEntry entry = new JsonEntry(node, file, owner, subject, problems);
        entry.rejectUnknownFields(fields);
        return entry;
    }

    /** The object's name, if it has a non-blank one. */
    private static String name(JsonNode node) {
        JsonNode name = node.get("name");
        return name != null && name.isTextual() && !name.asText().isBlank() ? name.asText() : null;
    }
}
