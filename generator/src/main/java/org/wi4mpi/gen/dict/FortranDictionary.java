package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * dictionaries/fortran.json: what the Fortran layer of cross pairs needs beyond functions.json
 * (docs/fortran.md). Each family's sentinels are common blocks: their symbols and sizes, and where
 * each sentinel lies in them.
 *
 * @param cOnly    patterns of function names without an mpif.h binding
 * @param leftOut  functions whose Fortran semantics the roles cannot express, with the reason
 * @param logical  argument names that are LOGICAL in Fortran
 * @param omitted  argument names absent from the Fortran binding (passed as NULL)
 */
public record FortranDictionary(List<Pattern> cOnly, Map<String, String> leftOut, List<String> logical,
                                List<String> omitted, Map<String, Sentinels> sentinels) {

    /** One family's common blocks (symbol → size in bytes) and sentinels (name → place). */
    public record Sentinels(Map<String, Long> blocks, Map<String, Member> members) {}

    /**
     * One sentinel's place; {@code declaration} is its Fortran declaration where wi4mpi writes the
     * family's mpif.h itself (the standard family of interface mode), else null.
     */
    public record Member(String block, long offset, String declaration) {}

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();

    public boolean isCOnly(String function) {
        return cOnly.stream().anyMatch(p -> p.matcher(function).find());
    }

    public static FortranDictionary load(Path file) {
        String name = file.getFileName().toString();
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(file));
        } catch (IOException e) {
            throw new DictionaryException(name, List.of("cannot be read: " + e.getMessage()));
        }
        List<String> problems = new ArrayList<>();
        List<Pattern> cOnly = new ArrayList<>();
        root.path("c_only").forEach(n -> cOnly.add(Pattern.compile(n.asText())));
        Map<String, String> leftOut = new TreeMap<>();
        root.path("left_out").fields().forEachRemaining(e -> leftOut.put(e.getKey(), e.getValue().asText()));
        List<String> logical = new ArrayList<>();
        root.path("logical").forEach(n -> logical.add(n.asText()));
        List<String> omitted = new ArrayList<>();
        root.path("omitted").forEach(n -> omitted.add(n.asText()));
        Map<String, Sentinels> sentinels = new LinkedHashMap<>();
        root.path("sentinels").fields().forEachRemaining(f -> {
            Map<String, Long> blocks = new TreeMap<>();
            f.getValue().path("blocks").fields().forEachRemaining(b -> blocks.put(b.getKey(), b.getValue().asLong()));
            Map<String, Member> members = new TreeMap<>();
            f.getValue().path("members").fields().forEachRemaining(m -> {
                String block = m.getValue().path("block").asText();
                long offset = m.getValue().path("offset").asLong();
                if (!blocks.containsKey(block)) {
                    problems.add(f.getKey() + ": " + m.getKey() + " lies in block " + block + ", which 'blocks' does not list");
                } else if (offset < 0 || offset >= blocks.get(block)) {
                    problems.add(f.getKey() + ": " + m.getKey() + " offset " + offset + " is outside " + block);
                }
                String declaration = m.getValue().hasNonNull("declaration")
                        ? m.getValue().get("declaration").asText() : null;
                members.put(m.getKey(), new Member(block, offset, declaration));
            });
            sentinels.put(f.getKey(), new Sentinels(blocks, members));
        });
        if (!problems.isEmpty()) {
            throw new DictionaryException(name, problems);
        }
        return new FortranDictionary(List.copyOf(cOnly), leftOut, List.copyOf(logical), List.copyOf(omitted), sentinels);
    }
}
