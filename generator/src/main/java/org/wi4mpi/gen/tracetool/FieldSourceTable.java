package org.wi4mpi.gen.tracetool;

import java.util.HashMap;
import java.util.Map;

/**
 * dumpi-fields.txt: the DUMPI fields whose value is not the parameter of the same name. Lines
 * {@code <function> <field> <source> [if:<condition>]}; a function of {@code *} applies to every
 * function that has no line of its own for that field. {@code <function> unrecorded}: a labelled
 * function libdumpi never writes a record of (the reader has none): its wrapper only calls PMPI_X.
 */
public final class FieldSourceTable {

    public static final String RESOURCE = "dumpi-fields.txt";

    private final Map<String, FieldSource> byKey;
    private final java.util.Set<String> unrecorded;
    private final java.util.Set<String> used = new java.util.HashSet<>();

    private FieldSourceTable(Map<String, FieldSource> byKey, java.util.Set<String> unrecorded) {
        this.byKey = byKey;
        this.unrecorded = unrecorded;
    }

    /** The table shipped in the generator jar. */
    public static FieldSourceTable load() {
        return of(DataLines.resource(RESOURCE));
    }

    /** Parses the text of a table; faults name the file and line. */
    public static FieldSourceTable parse(String file, String text) {
        return of(DataLines.parse(file, text));
    }

    private static FieldSourceTable of(DataLines data) {
        Map<String, FieldSource> byKey = new HashMap<>();
        java.util.Set<String> unrecorded = new java.util.TreeSet<>();
        for (DataLines.Line line : data.lines()) {
            String[] words = line.words();
            if (words.length == 2 && words[1].equals("unrecorded")) {
                unrecorded.add(words[0]);
                continue;
            }
            if (words.length < 3 || words.length > 4) {
                throw new TraceToolException(line.origin() + ": '" + line.content()
                        + "' is not '<function> <field> <source> [if:<condition>]'.");
            }
            String key = words[0] + " " + words[1];
            if (byKey.containsKey(key)) {
                throw new TraceToolException(line.origin() + ": " + words[0] + " " + words[1] + " has a source already ("
                        + byKey.get(key).origin() + ").");
            }
            byKey.put(key, FieldSource.parse(words[2], words.length == 4 ? words[3] : null, line.origin()));
        }
        return new FieldSourceTable(byKey, unrecorded);
    }

    /** Whether the function's calls are passed through without a record. */
    public boolean unrecorded(String function) {
        return unrecorded.contains(function);
    }

    /**
     * Fails on the first line no lookup has used since loading: a function without a DUMPI label, a
     * field its record does not have, or a line hidden by the function's own one.
     */
    public void requireAllUsed() {
        byKey.entrySet().stream().filter(e -> !used.contains(e.getKey()))
                .min(java.util.Comparator.comparingInt(e -> lineOf(e.getValue())))
                .ifPresent(e -> {
                    throw new TraceToolException(e.getValue().origin() + ": no function takes its field '"
                            + e.getKey().substring(e.getKey().indexOf(' ') + 1) + "' from this line (no DUMPI record of "
                            + (e.getKey().startsWith("* ") ? "a function without its own line" : e.getKey().substring(0, e.getKey().indexOf(' ')))
                            + " has that field).");
                });
    }

    private static int lineOf(FieldSource s) {
        String digits = s.origin().replaceAll(".*line ", "");
        return digits.matches("\\d+") ? Integer.parseInt(digits) : 0;
    }

    /** The source of a function's field: its own line, else the line of *, else the field's name. */
    public FieldSource sourceOf(String function, String field) {
        String key = byKey.containsKey(function + " " + field) ? function + " " + field : "* " + field;
        FieldSource source = byKey.get(key);
        if (source == null) {
            return FieldSource.named(field);
        }
        used.add(key);
        return source;
    }
}
