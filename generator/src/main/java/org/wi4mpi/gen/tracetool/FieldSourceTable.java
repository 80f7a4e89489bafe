package org.wi4mpi.gen.tracetool;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * dumpi-fields.txt: the DUMPI fields whose value is not the parameter of the same name. Lines
 * {@code <function> <field> <source> [if:<condition>]}; a function of {@code *} applies to every
 * function that has no line of its own for that field.
 */
public final class FieldSourceTable {

    public static final String RESOURCE = "dumpi-fields.txt";

    private final Map<String, FieldSource> byKey;

    private FieldSourceTable(Map<String, FieldSource> byKey) {
        this.byKey = byKey;
    }

    /** The table shipped in the generator jar. */
    public static FieldSourceTable load() {
        try (InputStream in = FieldSourceTable.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the generator jar");
            }
            return parse(RESOURCE, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses the text of a table; faults name the file and line. */
    public static FieldSourceTable parse(String file, String text) {
        Map<String, FieldSource> byKey = new HashMap<>();
        try (BufferedReader reader = new BufferedReader(new java.io.StringReader(text))) {
            int number = 0;
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                number++;
                String content = line.replaceFirst("#.*", "").strip();
                if (content.isEmpty()) {
                    continue;
                }
                String origin = file + " line " + number;
                String[] words = content.split("\\s+");
                if (words.length < 3 || words.length > 4) {
                    throw new TraceToolException(origin + ": '" + content + "' is not '<function> <field> <source> [if:<condition>]'.");
                }
                String key = words[0] + " " + words[1];
                if (byKey.containsKey(key)) {
                    throw new TraceToolException(origin + ": " + words[0] + " " + words[1] + " has a source already ("
                            + byKey.get(key).origin() + ").");
                }
                byKey.put(key, FieldSource.parse(words[2], words.length == 4 ? words[3] : null, origin));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new FieldSourceTable(byKey);
    }

    /** The source of a function's field: its own line, else the line of *, else the field's name. */
    public FieldSource sourceOf(String function, String field) {
        FieldSource own = byKey.get(function + " " + field);
        if (own != null) {
            return own;
        }
        return byKey.getOrDefault("* " + field, FieldSource.named(field));
    }
}
