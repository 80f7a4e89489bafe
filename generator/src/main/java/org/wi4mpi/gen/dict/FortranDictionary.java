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
 * (docs/fortran.md); how each argument looks in Fortran is functions.json's (FortranArgument). Each family's sentinels are common blocks: their symbols and sizes, and where
 * each sentinel lies in them.
 *
 * @param cOnly    patterns of function names without an mpif.h binding
 * @param leftOut  functions whose Fortran semantics the roles cannot express, with the reason
 * @param attributes the predefined attributes, by what their C values point to
 * @param argumentSentinels the sentinels arguments may be instead of a value, by what the argument is
 * @param statusLayout the Fortran constants that tell whether a family's Fortran status is its C status
 * @param callbacks callback kinds whose trampolines call Fortran procedures too
 * @param predefinedCallbacks the predefined keyval callbacks as Fortran procedures, by constant name
 * @param f08      per family, how its mpi_f08 bindings are named and which take array descriptors
 * @param f08Modules per family, what its mpi_f08 module's library provides besides the bindings
 * @param cptr     per family, the functions that also have a <name>_cptr binding
 * @param fortranOnly per family, its Fortran-only routines: MPI_Sizeof symbols with their sizes, MPI_F_sync_reg
 *                 symbols, second names of bindings, MPI_Aint_add/_diff where C has only macros
 */
public record FortranDictionary(List<Pattern> cOnly, Map<String, String> leftOut, Attributes attributes,
                                ArgumentSentinels argumentSentinels, StatusLayout statusLayout,
                                List<String> callbacks, Map<String, PredefinedCallback> predefinedCallbacks,
                                Map<String, F08> f08, Map<String, F08Module> f08Modules,
                                Map<String, List<String>> cptr, Map<String, FortranOnly> fortranOnly,
                                Map<String, Sentinels> sentinels) {

    /**
     * The procedures and data of a family's mpi_f08 module that compiled programs reference: symbol
     * names are {@code prefix} + each of {@code operators} or {@code __copy_}/{@code __def_init_} +
     * {@code types}, with {kind} (and {op}: eq, ne) filled in; {@code withoutOperators}, the kinds
     * whose handles the module gives no operators (Open MPI 5: MPI_Session).
     */
    public record F08Module(String prefix, List<String> operators, String equal, String notEqual, String types,
                            List<String> kinds, List<String> withoutOperators, String statusKind, int statusBytes,
                            String callbacks) {}

    /**
     * The predefined attributes whose C value points to an int, to an MPI_Aint, and those whose value
     * is an address (their Fortran value is that address).
     */
    public record Attributes(List<String> intValues, List<String> aintValues, List<String> addressValues) {}

    /**
     * The sentinel an argument may be: a status, an array of statuses, an array of error codes (mapper
     * kinds status and error_code), an argv or argvs string array (functions.json's Fortran forms).
     */
    public record ArgumentSentinels(String status, String statuses, String errcodes, String argv, String argvs) {}

    /**
     * The Fortran constant counting a status's INTEGERs ({@code size}) and those indexing its fields,
     * each named as the C field it indexes.
     */
    public record StatusLayout(String size, List<String> fields) {}

    /**
     * Fortran-only routines: MPI_Sizeof procedure symbols with the size each stores, MPI_F_sync_reg
     * symbols, other names of a binding's wrapper (function → its extra symbols), and the symbols of
     * MPI_Aint_add and MPI_Aint_diff where the family's C library has only macros for them.
     */
    public record FortranOnly(Map<String, Integer> sizeof, List<String> noop, Map<String, List<String>> aliases,
                              List<String> aintAdd, List<String> aintDiff) {}

    /**
     * A predefined callback: the callback kind it is passed as, what it does (null_copy, dup,
     * null_delete), whether its values are MPI-1 INTEGERs, and the C constant a wrapper passes for it.
     */
    public record PredefinedCallback(List<String> callbacks, String does, boolean integer, String standsFor) {}

    /**
     * A family's mpi_f08 binding symbols: the lower-case name plus {@code suffix}, or plus
     * {@code descriptorSuffix} (null if none) for functions with a choice buffer, which then arrives as a
     * gfortran array descriptor (the choice buffers: FortranSymbols.descriptorArguments). The profiling twin of each symbol has its leading {@code mpi_}
     * replaced by {@code profilingPrefix} ({@code pmpi_}; MPICH: {@code pmpir_}).
     */
    public record F08(String suffix, String descriptorSuffix, String profilingPrefix,
                      String largeEnding, List<java.util.regex.Pattern> largeLeftOut) {
        /** The profiling twin of an mpi_f08 binding symbol ({@code mpi_send_f08ts_} → {@code pmpir_send_f08ts_}). */
        public String profiling(String symbol) {
            return profilingPrefix + symbol.substring("mpi_".length());
        }

        /**
         * Whether the large-count C function {@code name} (MPI_Send_c) has an mpi_f08 binding: the
         * family names a large ending and does not leave the function out.
         */
        public boolean hasLarge(String name) {
            return largeEnding != null && name.endsWith("_c")
                    && largeLeftOut.stream().noneMatch(p -> p.matcher(name).find());
        }

        /**
         * The binding symbol of a function under one of the family's endings ({@code suffix} or
         * {@code descriptorSuffix}): for a large-count function, that of its name without _c with the
         * ending's last _ replaced by the large ending (mpi_send_f08ts_large_).
         */
        public String binding(String name, String ending) {
            String lower = name.toLowerCase(java.util.Locale.ROOT);
            if (hasLarge(name)) {
                return lower.substring(0, lower.length() - 2) + ending.substring(0, ending.length() - 1) + largeEnding;
            }
            return lower + ending;
        }
    }

    /**
     * One family's common blocks (symbol → size in bytes) and sentinels (name → place); f08Members,
     * where its mpi_f08 module has sentinel objects of its own.
     */
    public record Sentinels(Map<String, Long> blocks, Map<String, Member> members, Map<String, Member> f08Members) {}

    /**
     * One sentinel's place; {@code declaration} is its Fortran declaration where wi4mpi writes the
     * family's mpif.h itself (the standard family of interface mode), else null.
     */
    public record Member(String block, long offset, String declaration) {}

    private static final List<String> TOP_LEVEL = List.of("description", "c_only", "left_out", "attributes",
            "argument_sentinels", "status_layout", "fortran_only", "callbacks", "predefined_callbacks", "f08", "cptr", "f08_module",
            "sentinels");

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
        root.fieldNames().forEachRemaining(key -> {
            if (!TOP_LEVEL.contains(key)) {
                problems.add("'" + key + "' is not a section of fortran.json (known: " + String.join(", ", TOP_LEVEL)
                        + "; how an argument looks in Fortran is its functions.json fortran attribute)");
            }
        });
        List<Pattern> cOnly = new ArrayList<>();
        root.path("c_only").forEach(n -> cOnly.add(Pattern.compile(n.asText())));
        Map<String, String> leftOut = new TreeMap<>();
        root.path("left_out").fields().forEachRemaining(e -> leftOut.put(e.getKey(), e.getValue().asText()));
        JsonNode at = root.path("attributes");
        List<String> intValues = new ArrayList<>();
        at.path("int_values").forEach(n -> intValues.add(n.asText()));
        List<String> aintValues = new ArrayList<>();
        at.path("aint_values").forEach(n -> aintValues.add(n.asText()));
        List<String> addressValues = new ArrayList<>();
        at.path("address_values").forEach(n -> addressValues.add(n.asText()));
        Attributes attributes = new Attributes(List.copyOf(intValues), List.copyOf(aintValues), List.copyOf(addressValues));
        JsonNode as = root.path("argument_sentinels");
        List<String> sentinelNames = new ArrayList<>();
        for (String kind : List.of("status", "statuses", "errcodes", "argv", "argvs")) {
            if (!as.path(kind).isTextual()) {
                problems.add("argument_sentinels: " + kind + " needs the name of its sentinel constant");
            }
            sentinelNames.add(as.path(kind).asText());
        }
        ArgumentSentinels argumentSentinels = new ArgumentSentinels(sentinelNames.get(0), sentinelNames.get(1),
                sentinelNames.get(2), sentinelNames.get(3), sentinelNames.get(4));
        JsonNode sl = root.path("status_layout");
        List<String> statusFields = new ArrayList<>();
        sl.path("fields").forEach(n -> statusFields.add(n.asText()));
        if (!sl.path("size").isTextual() || statusFields.isEmpty()) {
            problems.add("status_layout: needs size, the Fortran constant counting a status's INTEGERs, and fields");
        }
        StatusLayout statusLayout = new StatusLayout(sl.path("size").asText(), List.copyOf(statusFields));
        List<String> callbacks = new ArrayList<>();
        root.path("callbacks").path("kinds").forEach(n -> callbacks.add(n.asText()));
        Map<String, PredefinedCallback> predefinedCallbacks = new TreeMap<>();
        root.path("predefined_callbacks").fields().forEachRemaining(e -> {
            if (e.getKey().equals("description")) {
                return;
            }
            String does = e.getValue().path("does").asText("");
            if (!List.of("null_copy", "dup", "null_delete", "null_conversion").contains(does)) {
                problems.add("predefined_callbacks: " + e.getKey() + " does '" + does
                        + "', expected null_copy, dup, null_delete or null_conversion");
            }
            // "callback": one callback kind, or a list of the kinds the procedure may be given for.
            List<String> kinds = new ArrayList<>();
            JsonNode callback = e.getValue().path("callback");
            if (callback.isArray()) {
                callback.forEach(n -> kinds.add(n.asText()));
            } else {
                kinds.add(callback.asText());
            }
            predefinedCallbacks.put(e.getKey(), new PredefinedCallback(List.copyOf(kinds), does,
                    e.getValue().path("integer").asBoolean(false),
                    e.getValue().path("stands_for").asText(e.getKey())));
        });
        Map<String, F08> f08 = new TreeMap<>();
        root.path("f08").fields().forEachRemaining(e -> {
            if (e.getKey().equals("description")) {
                return;
            }
            String suffix = e.getValue().path("suffix").asText("");
            String descriptorSuffix = e.getValue().hasNonNull("descriptor_suffix")
                    ? e.getValue().get("descriptor_suffix").asText() : null;
            for (String x : java.util.Arrays.asList(suffix, descriptorSuffix)) {
                if (x != null && !x.matches("_[a-z0-9_]*_")) {
                    problems.add("f08: suffix '" + x + "' of " + e.getKey() + " is not a Fortran symbol suffix like _f08_");
                }
            }
            String profilingPrefix = e.getValue().path("profiling_prefix").asText("pmpi_");
            if (!profilingPrefix.matches("[a-z]+_")) {
                problems.add("f08: profiling_prefix '" + profilingPrefix + "' of " + e.getKey() + " is not a symbol prefix like pmpi_");
            }
            String largeEnding = e.getValue().hasNonNull("large_ending") ? e.getValue().get("large_ending").asText() : null;
            if (largeEnding != null && !largeEnding.matches("_[a-z0-9_]*_")) {
                problems.add("f08: large_ending '" + largeEnding + "' of " + e.getKey() + " is not a symbol ending like _large_");
            }
            List<java.util.regex.Pattern> largeLeftOut = new ArrayList<>();
            e.getValue().path("large_left_out").forEach(n -> {
                try {
                    largeLeftOut.add(java.util.regex.Pattern.compile(n.asText()));
                } catch (java.util.regex.PatternSyntaxException x) {
                    problems.add("f08: large_left_out of " + e.getKey() + " has '" + n.asText()
                            + "', which is not a regular expression");
                }
            });
            f08.put(e.getKey(), new F08(suffix, descriptorSuffix, profilingPrefix,
                    largeEnding, List.copyOf(largeLeftOut)));
        });
        Map<String, F08Module> f08Modules = new TreeMap<>();
        root.path("f08_module").fields().forEachRemaining(e -> {
            if (e.getKey().equals("description")) {
                return;
            }
            JsonNode m = e.getValue();
            List<String> kinds = new ArrayList<>();
            m.path("kinds").forEach(k -> kinds.add(k.asText()));
            String prefix = m.path("prefix").asText("");
            List<String> operators = new ArrayList<>();
            m.path("operators").forEach(o -> operators.add(o.asText()));
            String equal = m.path("equal").asText("");
            String notEqual = m.path("not_equal").asText("");
            String types = m.path("types").asText("");
            int statusBytes = m.path("status_bytes").asInt(0);
            String statusKind = m.path("status_kind").asText("");
            if (prefix.isEmpty() || operators.isEmpty()
                    || operators.stream().anyMatch(o -> !o.contains("{kind}") || !o.contains("{op}")) || equal.isEmpty()
                    || notEqual.isEmpty()
                    || !types.contains("{kind}") || kinds.isEmpty() || statusKind.isEmpty() || statusBytes <= 0) {
                problems.add("f08_module: " + e.getKey() + " needs prefix, operators (with {kind} and {op}), "
                        + "equal, not_equal, types (with {kind}), kinds, status_kind and status_bytes");
            }
            String callbackProcedures = m.path("callbacks").asText("");
            if (!callbackProcedures.isEmpty() && !callbackProcedures.contains("{name}")) {
                problems.add("f08_module: " + e.getKey() + ": callbacks must contain {name}");
            }
            List<String> withoutOperators = new ArrayList<>();
            m.path("without_operators").forEach(k -> withoutOperators.add(k.asText()));
            withoutOperators.stream().filter(k -> !kinds.contains(k)).forEach(k -> problems.add("f08_module: "
                    + e.getKey() + ": without_operators names '" + k + "', which is not one of its kinds"));
            f08Modules.put(e.getKey(), new F08Module(prefix, List.copyOf(operators), equal, notEqual, types, List.copyOf(kinds),
                    List.copyOf(withoutOperators), statusKind, statusBytes,
                    callbackProcedures.isEmpty() ? null : callbackProcedures));
        });
        Map<String, List<String>> cptr = new TreeMap<>();
        root.path("cptr").fields().forEachRemaining(e -> {
            if (!e.getKey().equals("description")) {
                List<String> names = new ArrayList<>();
                e.getValue().forEach(n -> names.add(n.asText()));
                cptr.put(e.getKey(), List.copyOf(names));
            }
        });
        Map<String, FortranOnly> fortranOnly = new TreeMap<>();
        root.path("fortran_only").fields().forEachRemaining(e -> {
            if (e.getKey().equals("description")) {
                return;
            }
            Map<String, Integer> sizeof = new TreeMap<>();
            e.getValue().path("sizeof").forEach(group -> group.path("prefixes").forEach(prefix ->
                    group.path("types").fields().forEachRemaining(type -> group.path("suffixes").forEach(suffix ->
                            sizeof.put(prefix.asText() + type.getKey() + suffix.asText(), type.getValue().asInt())))));
            List<String> noop = new ArrayList<>();
            e.getValue().path("noop").forEach(n -> noop.add(n.asText()));
            Map<String, List<String>> aliases = new TreeMap<>();
            e.getValue().path("aliases").fields().forEachRemaining(a -> {
                List<String> symbols = new ArrayList<>();
                a.getValue().forEach(n -> symbols.add(n.asText()));
                aliases.put(a.getKey(), List.copyOf(symbols));
            });
            List<String> aintAdd = new ArrayList<>();
            e.getValue().path("aint_add").forEach(n -> aintAdd.add(n.asText()));
            List<String> aintDiff = new ArrayList<>();
            e.getValue().path("aint_diff").forEach(n -> aintDiff.add(n.asText()));
            fortranOnly.put(e.getKey(), new FortranOnly(sizeof, List.copyOf(noop), aliases, List.copyOf(aintAdd),
                    List.copyOf(aintDiff)));
        });
        Map<String, Sentinels> sentinels = new LinkedHashMap<>();
        root.path("sentinels").fields().forEachRemaining(f -> {
            Map<String, Long> blocks = new TreeMap<>();
            f.getValue().path("blocks").fields().forEachRemaining(b -> blocks.put(b.getKey(), b.getValue().asLong()));
            Map<String, Member> members = members(f.getKey(), f.getValue().path("members"), blocks, problems);
            Map<String, Member> f08Members = members(f.getKey(), f.getValue().path("f08_members"), blocks, problems);
            sentinels.put(f.getKey(), new Sentinels(blocks, members, f08Members));
        });
        if (!problems.isEmpty()) {
            throw new DictionaryException(name, problems);
        }
        return new FortranDictionary(List.copyOf(cOnly), leftOut, attributes, argumentSentinels, statusLayout, List.copyOf(callbacks),
                predefinedCallbacks, f08, f08Modules, cptr, fortranOnly, sentinels);
    }

    /** A sentinel map: each member's block must be listed, its offset inside it. */
    private static Map<String, Member> members(String family, JsonNode node, Map<String, Long> blocks,
                                               List<String> problems) {
        Map<String, Member> members = new TreeMap<>();
        node.fields().forEachRemaining(m -> {
            String block = m.getValue().path("block").asText();
            long offset = m.getValue().path("offset").asLong();
            if (!blocks.containsKey(block)) {
                problems.add(family + ": " + m.getKey() + " lies in block " + block + ", which 'blocks' does not list");
            } else if (offset < 0 || offset >= blocks.get(block)) {
                problems.add(family + ": " + m.getKey() + " offset " + offset + " is outside " + block);
            }
            String declaration = m.getValue().hasNonNull("declaration") ? m.getValue().get("declaration").asText() : null;
            members.put(m.getKey(), new Member(block, offset, declaration));
        });
        return members;
    }
}
