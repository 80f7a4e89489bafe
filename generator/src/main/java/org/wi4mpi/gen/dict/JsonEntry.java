package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * One JSON object of a dictionary file (a function, an argument, a mapper) read field by field;
 * every fault is recorded as a sentence naming the file, the entry and the subject within it.
 */
final class JsonEntry {

    private final JsonNode node;
    private final String file;
    private final String entry;
    private final String subject;
    private final Problems problems;

    /**
     * @param entry   how the sentence names the entry ("MPI_Send", "rank")
     * @param subject what the object is within the entry ("function", "argument 'tag'")
     */
    JsonEntry(JsonNode node, String file, String entry, String subject, Problems problems) {
        this.node = node;
        this.file = file;
        this.entry = entry;
        this.subject = subject;
        this.problems = problems;
    }

    /** How sentences name the entry. */
    String entry() {
        return entry;
    }

    void fault(String fault) {
        problems.add(file, entry, subject + " " + fault);
    }

    void rejectUnknownFields(List<String> allowed) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (!allowed.contains(field)) {
                fault("has unknown field '" + field + "' (allowed: " + String.join(", ", allowed) + ")");
            }
        }
    }

    boolean has(String field) {
        return node.has(field) && !node.get(field).isNull();
    }

    /** The field's text, or null after recording that it is missing, not a string, or empty. */
    String requiredString(String field) {
        if (!has(field)) {
            fault("lacks required field '" + field + "'");
            return null;
        }
        return string(field);
    }

    /** The field's text, or null when absent (a present field of the wrong type is recorded). */
    String optionalString(String field) {
        return has(field) ? string(field) : null;
    }

    /** A boolean field: false when absent, false with a recorded fault when not a boolean. */
    boolean optionalBoolean(String field) {
        if (!has(field)) {
            return false;
        }
        JsonNode value = node.get(field);
        if (!value.isBoolean()) {
            fault("field '" + field + "' must be true or false, not " + describe(value));
            return false;
        }
        return value.asBoolean();
    }

    /** The elements of an array of strings, or null when absent or malformed (the latter recorded). */
    List<String> optionalStringList(String field) {
        if (!has(field)) {
            return null;
        }
        JsonNode value = node.get(field);
        if (!value.isArray()) {
            fault("field '" + field + "' must be an array of strings, not " + describe(value));
            return null;
        }
        List<String> items = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isTextual() || item.asText().isBlank()) {
                fault("field '" + field + "' must hold only non-empty strings, not " + describe(item));
                return null;
            }
            items.add(item.asText());
        }
        return items;
    }

    /** The field's array, or null after recording that it is missing or not an array. */
    JsonNode requiredArray(String field) {
        if (!has(field)) {
            fault("lacks required field '" + field + "'");
            return null;
        }
        JsonNode value = node.get(field);
        if (!value.isArray()) {
            fault("field '" + field + "' must be an array, not " + describe(value));
            return null;
        }
        return value;
    }

    private String string(String field) {
        JsonNode value = node.get(field);
        if (!value.isTextual()) {
            fault("field '" + field + "' must be a string, not " + describe(value));
            return null;
        }
        if (value.asText().isBlank()) {
            fault("field '" + field + "' is empty");
            return null;
        }
        return value.asText();
    }

    static String describe(JsonNode value) {
        return switch (value.getNodeType()) {
            case ARRAY -> "an array";
            case OBJECT, POJO -> "an object";
            case NUMBER -> "a number (" + value.asText() + ")";
            case BOOLEAN -> "a boolean";
            case STRING -> "a string";
            case NULL, MISSING -> "null";
            case BINARY -> "binary data";
        };
    }
}
