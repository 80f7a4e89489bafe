package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads substitutes.json: for each predefined handle some ABI has and another lacks, the
 * alternatives to try in order on a runtime that lacks it (the first whose base the runtime has is
 * used; docs/dictionaries.md). Which handles need one is computed from the descriptors, per pair.
 */
final class SubstitutesFile {

    static final String NAME = "substitutes.json";

    private SubstitutesFile() {}

    static Map<String, List<SubstituteSpec>> read(JsonNode root, Problems problems) {
        if (!root.isObject() || !root.has("substitutes") || !root.get("substitutes").isObject()) {
            problems.add(NAME, "the top level must be an object with a 'substitutes' object");
            return Map.of();
        }
        new JsonEntry(root, NAME, "top level", "object", problems).rejectUnknownFields(List.of("substitutes"));
        Map<String, List<SubstituteSpec>> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.get("substitutes").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = e.getKey();
            if (!name.matches("MPIX?_[A-Z0-9_]+")) {
                problems.add(NAME, name, "is not the name of an MPI constant");
                continue;
            }
            if (!e.getValue().isArray() || e.getValue().isEmpty()) {
                problems.add(NAME, name, "must be a non-empty array of alternatives, not " + JsonEntry.describe(e.getValue()));
                continue;
            }
            List<SubstituteSpec> alternatives = new ArrayList<>();
            int i = 0;
            for (JsonNode alt : e.getValue()) {
                String entry = name + " alternative " + (++i);
                if (!alt.isObject()) {
                    problems.add(NAME, entry, "must be an object, not " + JsonEntry.describe(alt));
                    continue;
                }
                JsonEntry j = new JsonEntry(alt, NAME, entry, "alternative", problems);
                j.rejectUnknownFields(List.of("alias", "contiguous", "of"));
                if (j.has("alias") == (j.has("contiguous") || j.has("of"))) {
                    problems.add(NAME, entry, "must have either 'alias' or both 'contiguous' and 'of'");
                    continue;
                }
                if (j.has("alias")) {
                    alternatives.add(new SubstituteSpec(j.requiredString("alias"), 0, null));
                    continue;
                }
                JsonNode count = alt.get("contiguous");
                if (count == null || !count.isInt() || count.intValue() < 1) {
                    problems.add(NAME, entry, "'contiguous' must be a positive integer, not "
                            + (count == null ? "absent" : JsonEntry.describe(count)));
                    continue;
                }
                String of = j.requiredString("of");
                if (of != null) {
                    alternatives.add(new SubstituteSpec(null, count.intValue(), of));
                }
            }
            out.put(name, List.copyOf(alternatives));
        }
        return Collections.unmodifiableMap(out);
    }
}
