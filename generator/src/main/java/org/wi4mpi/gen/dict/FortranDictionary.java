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
 * @param sizedStrings per function, output strings sized by another argument (string → that argument)
 * @param returnedLengths per function, output strings sized by an in/out length (string → that argument)
 * @param ignoredOutputs per function, pointer outputs the Fortran binding does not return
 * @param stringArrays per function, arrays of Fortran strings: argument → form (argv, strings, argvs) and count
 * @param attributes how the attribute functions' values look in Fortran
 * @param callbacks callback kinds whose trampolines call Fortran procedures too
 * @param predefinedCallbacks the predefined keyval callbacks as Fortran procedures, by constant name
 * @param oneBasedIndices per function, the request index it returns (C counts from 0, Fortran from 1)
 * @param integerAddresses per function, the MPI_Aint argument its MPI-1 Fortran binding declares INTEGER
 * @param logical  argument names that are LOGICAL in Fortran
 * @param omitted  argument names absent from the Fortran binding (passed as NULL)
 * @param f08      per family, how its mpi_f08 bindings are named and which take array descriptors
 * @param f08Modules per family, what its mpi_f08 module's library provides besides the bindings
 * @param cptr     per family, the functions that also have a <name>_cptr binding
 * @param fortranOnly per family, its Fortran-only routines: MPI_Sizeof symbols with their sizes, MPI_F_sync_reg
 *                 symbols, second names of bindings, MPI_Aint_add/_diff where C has only macros
 */
public record FortranDictionary(List<Pattern> cOnly, Map<String, String> leftOut,
                                Map<String, Map<String, String>> sizedStrings, Map<String, Map<String, String>> returnedLengths,
                                Map<String, List<String>> ignoredOutputs,
                                Map<String, Map<String, StringArray>> stringArrays,
                                Attributes attributes,
                                List<String> callbacks, Map<String, PredefinedCallback> predefinedCallbacks,
                                Map<String, ArgumentRef> oneBasedIndices, Map<String, ArgumentRef> integerAddresses,
                                List<String> logical,
                                List<String> omitted, Map<String, F08> f08, Map<String, F08Module> f08Modules,
                                Map<String, List<String>> cptr, Map<String, FortranOnly> fortranOnly,
                                Map<String, Sentinels> sentinels) {

    /**
     * The procedures and data of a family's mpi_f08 module that compiled programs reference: symbol
     * names are {@code prefix} + each of {@code operators} or {@code __copy_}/{@code __def_init_} +
     * {@code types}, with {kind} (and {op}: eq, ne) filled in.
     */
    public record F08Module(String prefix, List<String> operators, String equal, String notEqual, String types,
                            List<String> kinds, int statusBytes, String callbacks) {}

    /**
     * Attribute values: {@code functions} maps each attribute function to "address"
     * (INTEGER(KIND=MPI_ADDRESS_KIND)) or "integer" (MPI-1 INTEGER); {@code argument} names the value
     * argument; {@code extraState} gives, per function with callbacks, the kind of its extra_state
     * argument (address or integer); predefined attributes whose C value points to an int or an
     * MPI_Aint are listed.
     */
    public record Attributes(String argument, Map<String, String> functions, Map<String, String> extraState,
                             List<String> intValues, List<String> aintValues, List<String> addressValues) {}

    /**
     * Fortran-only routines: MPI_Sizeof procedure symbols with the size each stores, MPI_F_sync_reg
     * symbols, other names of a binding's wrapper (function → its extra symbols), and the symbols of
     * MPI_Aint_add and MPI_Aint_diff where the family's C library has only macros for them.
     */
    public record FortranOnly(Map<String, Integer> sizeof, List<String> noop, Map<String, List<String>> aliases,
                              List<String> aintAdd, List<String> aintDiff) {}

    /** An argument of a function, or an array argument with the argument holding its length ({@code count}, else null). */
    public record ArgumentRef(String argument, String count) {}

    /** {@code name} or {@code name[count]}: C identifiers. */
    private static final Pattern ARGUMENT_REF = Pattern.compile("([A-Za-z_]\\w*)(?:\\[([A-Za-z_]\\w*)\\])?");

    /** An array of Fortran strings: argv, strings or argvs, and the argument counting them (strings, argvs). */
    public record StringArray(String form, String count) {}

    /**
     * A predefined callback: the callback kind it is passed as, what it does (null_copy, dup,
     * null_delete), whether its values are MPI-1 INTEGERs, and the C constant a wrapper passes for it.
     */
    public record PredefinedCallback(List<String> callbacks, String does, boolean integer, String standsFor) {}

    /**
     * A family's mpi_f08 binding symbols: the lower-case name plus {@code suffix}, or plus
     * {@code descriptorSuffix} (null if none) for functions with a choice buffer, which then arrives as a
     * gfortran array descriptor: the arguments of role buffer and the void* ones named in
     * {@code descriptorArguments}. The profiling twin of each symbol has its leading {@code mpi_}
     * replaced by {@code profilingPrefix} ({@code pmpi_}; MPICH: {@code pmpir_}).
     */
    public record F08(String suffix, String descriptorSuffix, List<String> descriptorArguments, String profilingPrefix,
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
        Map<String, Map<String, String>> sizedStrings = new TreeMap<>();
        root.path("sized_strings").fields().forEachRemaining(e -> {
            if (!e.getKey().equals("description")) {
                Map<String, String> args = new TreeMap<>();
                e.getValue().fields().forEachRemaining(a -> args.put(a.getKey(), a.getValue().asText()));
                sizedStrings.put(e.getKey(), args);
            }
        });
        Map<String, Map<String, String>> returnedLengths = new TreeMap<>();
        root.path("returned_lengths").fields().forEachRemaining(e -> {
            if (!e.getKey().equals("description")) {
                Map<String, String> args = new TreeMap<>();
                e.getValue().fields().forEachRemaining(a -> args.put(a.getKey(), a.getValue().asText()));
                returnedLengths.put(e.getKey(), args);
            }
        });
        Map<String, List<String>> ignoredOutputs = new TreeMap<>();
        root.path("ignored_outputs").fields().forEachRemaining(e -> {
            if (!e.getKey().equals("description")) {
                List<String> args = new ArrayList<>();
                e.getValue().forEach(a -> args.add(a.asText()));
                ignoredOutputs.put(e.getKey(), List.copyOf(args));
            }
        });
        Map<String, Map<String, StringArray>> stringArrays = new TreeMap<>();
        root.path("string_arrays").fields().forEachRemaining(e -> {
            if (e.getKey().equals("description")) {
                return;
            }
            Map<String, StringArray> args = new TreeMap<>();
            e.getValue().fields().forEachRemaining(a -> {
                String form = a.getValue().path("form").asText("");
                String count = a.getValue().hasNonNull("count") ? a.getValue().get("count").asText() : null;
                if (!List.of("argv", "strings", "argvs").contains(form) || !form.equals("argv") && count == null) {
                    problems.add("string_arrays: " + e.getKey() + " " + a.getKey()
                            + " needs form argv, or strings/argvs with a count");
                }
                args.put(a.getKey(), new StringArray(form, count));
            });
            stringArrays.put(e.getKey(), args);
        });
        JsonNode at = root.path("attributes");
        Map<String, String> attributeFunctions = new TreeMap<>();
        at.path("functions").fields().forEachRemaining(e -> {
            if (!e.getValue().asText().equals("address") && !e.getValue().asText().equals("integer")) {
                problems.add("attributes: " + e.getKey() + " is '" + e.getValue().asText()
                        + "', expected address or integer");
            }
            attributeFunctions.put(e.getKey(), e.getValue().asText());
        });
        List<String> intValues = new ArrayList<>();
        at.path("int_values").forEach(n -> intValues.add(n.asText()));
        List<String> aintValues = new ArrayList<>();
        at.path("aint_values").forEach(n -> aintValues.add(n.asText()));
        List<String> addressValues = new ArrayList<>();
        at.path("address_values").forEach(n -> addressValues.add(n.asText()));
        Map<String, String> extraState = new TreeMap<>();
        at.path("extra_state").fields().forEachRemaining(e -> {
            if (!List.of("address", "integer", "reference").contains(e.getValue().asText())) {
                problems.add("attributes: extra_state of " + e.getKey() + " is '" + e.getValue().asText()
                        + "', expected address, integer or reference");
            }
            extraState.put(e.getKey(), e.getValue().asText());
        });
        Attributes attributes = new Attributes(at.path("argument").asText("attribute_val"), attributeFunctions,
                extraState, List.copyOf(intValues), List.copyOf(aintValues), List.copyOf(addressValues));
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
        Map<String, ArgumentRef> oneBasedIndices = argumentRefs(root, "one_based_indices", problems);
        Map<String, ArgumentRef> integerAddresses = argumentRefs(root, "integer_addresses", problems);
        List<String> logical = new ArrayList<>();
        root.path("logical").forEach(n -> logical.add(n.asText()));
        List<String> omitted = new ArrayList<>();
        root.path("omitted").forEach(n -> omitted.add(n.asText()));
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
            List<String> descriptorArguments = new ArrayList<>();
            e.getValue().path("descriptor_arguments").forEach(n -> descriptorArguments.add(n.asText()));
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
            f08.put(e.getKey(), new F08(suffix, descriptorSuffix, List.copyOf(descriptorArguments), profilingPrefix,
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
            if (prefix.isEmpty() || operators.isEmpty()
                    || operators.stream().anyMatch(o -> !o.contains("{kind}") || !o.contains("{op}")) || equal.isEmpty()
                    || notEqual.isEmpty()
                    || !types.contains("{kind}") || kinds.isEmpty() || statusBytes <= 0) {
                problems.add("f08_module: " + e.getKey() + " needs prefix, operators (with {kind} and {op}), "
                        + "equal, not_equal, types (with {kind}), kinds and status_bytes");
            }
            String callbackProcedures = m.path("callbacks").asText("");
            if (!callbackProcedures.isEmpty() && !callbackProcedures.contains("{name}")) {
                problems.add("f08_module: " + e.getKey() + ": callbacks must contain {name}");
            }
            f08Modules.put(e.getKey(), new F08Module(prefix, List.copyOf(operators), equal, notEqual, types, List.copyOf(kinds),
                    statusBytes, callbackProcedures.isEmpty() ? null : callbackProcedures));
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
        return new FortranDictionary(List.copyOf(cOnly), leftOut, sizedStrings, returnedLengths, ignoredOutputs, stringArrays,
                attributes, List.copyOf(callbacks),
                predefinedCallbacks, oneBasedIndices, integerAddresses, List.copyOf(logical), List.copyOf(omitted), f08,
                f08Modules, cptr, fortranOnly, sentinels);
    }

    /** A map of function name to "argument" or "argument[count]". */
    private static Map<String, ArgumentRef> argumentRefs(JsonNode root, String key, List<String> problems) {
        Map<String, ArgumentRef> refs = new TreeMap<>();
        root.path(key).fields().forEachRemaining(e -> {
            if (e.getKey().equals("description")) {
                return;
            }
            java.util.regex.Matcher m = ARGUMENT_REF.matcher(e.getValue().asText());
            if (!m.matches()) {
                problems.add(key + ": " + e.getKey() + " is '" + e.getValue().asText()
                        + "', expected an argument name, or name[count] for an array");
                return;
            }
            refs.put(e.getKey(), new ArgumentRef(m.group(1), m.group(2)));
        });
        return refs;
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
