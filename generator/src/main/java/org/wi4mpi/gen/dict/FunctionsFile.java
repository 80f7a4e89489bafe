package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads functions.json into {@link FunctionSpec}s and records every fault that can be seen within
 * one function: fields, names, directions, the form of lengths and the arguments they name. Checks
 * that need mappers.json are in {@link CrossChecks}, those of hooks in {@link HooksFile}.
 *
 * <p>A broken argument is kept with null in its broken fields, so that one mistake is reported once
 * rather than again by every check that looks at its neighbours.
 */
final class FunctionsFile {

    static final String NAME = "functions.json";
    static final List<String> DIRECTIONS = List.of("in", "out", "inout");

    private static final List<String> TOP_FIELDS = List.of("functions");
    private static final List<String> FUNCTION_FIELDS = List.of("name", "returns", "args", "hook", "local", "variadic",
            "same_as", "emulation");
    /** The prefix of every function a local names (runtime-c/wi_local.h, wi_convert.h's c2f/f2c). */
    static final String LOCAL_PREFIX = "wi_";
    /** The prefix of runtime-c's functions standing for functions a runtime lacks (emulation). */
    static final String EMULATION_PREFIX = "wi_emulated_";
    private static final List<String> ARG_FIELDS = List.of("name", "type", "role", "dir", "length", "unused_if_in_place",
            "null_ok", "family_types", "large_only", "fortran", "fortran_count");
    /**
     * The types family_types may exchange: integers passed by value, which C converts on the way to the
     * runtime (FunctionViewBuilder.checkWidening refuses a pair where that would narrow).
     */
    static final List<String> INTEGER_VALUES = List.of("int", "MPI_Aint", "MPI_Count", "MPI_Offset");

    private final Problems problems;

    private FunctionsFile(Problems problems) {
        this.problems = problems;
    }

    /** The functions in file order, the first of any duplicates kept. */
    static List<FunctionSpec> read(JsonNode root, Problems problems) {
        return new FunctionsFile(problems).functions(root);
    }

    private List<FunctionSpec> functions(JsonNode root) {
        JsonNode entries = NamedEntries.topLevelArray(root, NAME, "functions", TOP_FIELDS, problems);
        if (entries == null) {
            return List.of();
        }
        List<FunctionSpec> functions = new ArrayList<>();
        Map<String, Integer> firstEntry = new HashMap<>();
        int number = 0;
        for (JsonNode node : entries) {
            number++;
            FunctionSpec f = function(node, number);
            if (f == null) {
                continue;
            }
            Integer first = firstEntry.putIfAbsent(f.name(), number);
            if (first != null) {
                problems.add(NAME, f.name(),
                        "function is defined more than once (entries " + first + " and " + number + ")");
                continue;
            }
            functions.add(f);
        }
        return resolveSecondNames(functions);
    }

    /**
     * Second names (same_as) take their entry's description, or keep their own prototype when they have
     * one (the standard's MPI_Psend_init_c: MPI_Count where its MPI_Psend_init has int), which must then
     * have the entry's arguments in roles and directions; the entry must be a first name.
     */
    private List<FunctionSpec> resolveSecondNames(List<FunctionSpec> functions) {
        Map<String, FunctionSpec> byName = new HashMap<>();
        functions.forEach(f -> byName.put(f.name(), f));
        List<FunctionSpec> out = new ArrayList<>();
        for (FunctionSpec f : functions) {
            if (f.sameAs() == null) {
                out.add(f);
                continue;
            }
            FunctionSpec target = byName.get(f.sameAs());
            if (target == null || target.sameAs() != null) {
                problems.add(NAME, f.name(), "function has same_as '" + f.sameAs() + "', which is not "
                        + (target == null ? "defined in functions.json" : "a first name (it has same_as itself)"));
                continue;
            }
            if (f.returns() == null) {
                out.add(new FunctionSpec(f.name(), target.returns(), target.args(), target.hook(), target.local(),
                        target.variadic(), target.name(), target.emulation()));
            } else if (samePrototypeShape(f, target)) {
                out.add(new FunctionSpec(f.name(), f.returns(), f.args(), target.hook(), target.local(),
                        target.variadic(), target.name(), null));
            }
        }
        return out;
    }

    /** A second name's own prototype: the entry's, argument by argument, up to integer value types. */
    private boolean samePrototypeShape(FunctionSpec f, FunctionSpec target) {
        String fault = null;
        if (!java.util.Objects.equals(f.returns(), target.returns())) {
            fault = "returns '" + f.returns() + "' but its same_as entry " + target.name() + " returns '"
                    + target.returns() + "'";
        } else if (f.args().size() != target.args().size()) {
            fault = "has " + f.args().size() + " arguments but its same_as entry " + target.name() + " has "
                    + target.args().size();
        } else {
            for (int i = 0; i < f.args().size() && fault == null; i++) {
                ArgSpec a = f.args().get(i), t = target.args().get(i);
                boolean sameType = java.util.Objects.equals(a.type(), t.type())
                        || INTEGER_VALUES.contains(String.valueOf(a.type()).trim())
                        && INTEGER_VALUES.contains(String.valueOf(t.type()).trim());
                String field = !java.util.Objects.equals(a.role(), t.role()) ? "role"
                        : !java.util.Objects.equals(a.dir(), t.dir()) ? "direction" : !sameType ? "type" : null;
                if (field != null) {
                    fault = "argument " + (i + 1) + " '" + a.name() + "' has another " + field + " than argument '"
                            + t.name() + "' of its same_as entry " + target.name()
                            + " (only integer value types may differ)";
                }
            }
        }
        if (fault != null) {
            problems.add(NAME, f.name(), fault);
        }
        return fault == null;
    }

    private FunctionSpec function(JsonNode node, int number) {
        JsonEntry entry = NamedEntries.entry(node, number, NAME, "function", FUNCTION_FIELDS, problems);
        if (entry == null) {
            return null;
        }
        String label = entry.entry();
        if (node.has("same_as")) {
            // A second name: name and same_as, and its own returns and args where its prototype differs
            // from the entry's; the rest comes from the named entry (resolved later).
            String name = entry.requiredString("name");
            String sameAs = entry.requiredString("same_as");
            for (String field : List.of("hook", "local", "variadic", "emulation")) {
                if (node.has(field)) {
                    entry.fault("has same_as and " + field + " (a second name takes it from its entry)");
                }
            }
            boolean ownPrototype = node.has("returns") || node.has("args");
            String returns = ownPrototype ? entry.requiredString("returns") : null;
            JsonNode argNodes = ownPrototype ? entry.requiredArray("args") : null;
            List<ArgSpec> args = argNodes == null ? List.of() : args(label, argNodes);
            if (ownPrototype && (returns == null || argNodes == null)) {
                return null;
            }
            checkLengths(label, args);
            FortranArgument.check(NAME, label, args, problems);
            return name == null || sameAs == null ? null
                    : new FunctionSpec(name, returns, List.copyOf(args), null, null, false, sameAs, null);
        }
        String name = entry.requiredString("name");
        String returns = entry.requiredString("returns");
        String hook = entry.optionalString("hook");
        String local = entry.optionalString("local");
        String emulation = entry.optionalString("emulation");
        boolean variadic = entry.optionalBoolean("variadic");
        JsonNode argNodes = entry.requiredArray("args");
        if (name == null) {
            return null;
        }
        if (!name.startsWith("MPI_") && !name.startsWith("MPIX_")) {
            entry.fault("name does not start with MPI_ or MPIX_");
        } else if (!CNames.isIdentifier(name)) {
            entry.fault("name is not a C identifier");
        }
        if (local != null && !(local.startsWith(LOCAL_PREFIX) && CNames.isIdentifier(local))) {
            entry.fault("has local '" + local + "', which is not the name of a C function taking its arguments ("
                    + LOCAL_PREFIX + "..., runtime-c/wi_local.h or a handle's wi_<kind>_c2f/f2c)");
        }
        if (emulation != null && local != null) {
            entry.fault("has local and emulation (a local function is used everywhere already)");
        } else if (emulation != null && !(emulation.startsWith(EMULATION_PREFIX) && CNames.isIdentifier(emulation))) {
            entry.fault("has emulation '" + emulation + "', which is not the name of a runtime-c function ("
                    + EMULATION_PREFIX + "..., runtime-c/wi_emulated.h)");
        }
        List<ArgSpec> args = argNodes == null ? List.of() : args(name, argNodes);
        checkLengths(name, args);
        FortranArgument.check(NAME, name, args, problems);
        return new FunctionSpec(name, returns, List.copyOf(args), hook, local, variadic, null, emulation);
    }

    private List<ArgSpec> args(String function, JsonNode nodes) {
        List<ArgSpec> args = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int number = 0;
        for (JsonNode node : nodes) {
            number++;
            ArgSpec arg = arg(function, node, number);
            if (arg == null) {
                continue;
            }
            if (arg.name() != null && !seen.add(arg.name())) {
                problems.add(NAME, function, "argument '" + arg.name() + "' appears more than once");
            }
            args.add(arg);
        }
        return args;
    }

    private ArgSpec arg(String function, JsonNode node, int number) {
        JsonEntry entry = NamedEntries.member(node, number, NAME, function, "argument", ARG_FIELDS, problems);
        if (entry == null) {
            return null;
        }
        String name = entry.requiredString("name");
        String type = entry.requiredString("type");
        String role = entry.requiredString("role");
        String dir = entry.requiredString("dir");
        String length = entry.optionalString("length");
        String unusedIfInPlace = entry.optionalString("unused_if_in_place");
        if (name != null && !CNames.isIdentifier(name)) {
            entry.fault("name is not a C identifier");
            name = null;
        }
        if (dir != null && !DIRECTIONS.contains(dir)) {
            entry.fault("has direction '" + dir + "' (expected in, out or inout)");
            dir = null;
        }
        if (length != null && LengthExpression.parse(length).isEmpty()) {
            // Kept, so that the argument is not also reported as an array without a length.
            entry.fault("has malformed length '" + length + "' (expected " + LengthExpression.FORMS + ")");
        }
        boolean nullOk = node.path("null_ok").asBoolean(false);
        if (node.has("null_ok") && !node.path("null_ok").isBoolean()) {
            entry.fault("has null_ok that is not true or false");
        } else if (nullOk && (type == null || !type.trim().endsWith("*") || length != null || !"out".equals(dir))) {
            entry.fault("has null_ok but is not a single output (dir out) through a pointer");
        }
        Map<String, String> familyTypes = familyTypes(entry, node.get("family_types"), type, dir, length);
        boolean largeOnly = entry.optionalBoolean("large_only");
        if (largeOnly && !"value".equals(role)) {
            entry.fault("has large_only but its role is '" + role + "', not value (an absent argument converts nothing)");
        }
        FortranArgument fortran = FortranArgument.read(entry, type, dir, length);
        return new ArgSpec(name, type, role, dir, length, unusedIfInPlace, nullOk, familyTypes, largeOnly, fortran);
    }

    /**
     * family_types: {"family": "type"} for the families whose mpi.h declares another integer value type
     * than {@code type} (MPICH 4.0.2's MPI_Count count of MPI_Psend_init). Only integer inputs by value.
     */
    private static Map<String, String> familyTypes(JsonEntry entry, JsonNode node, String type, String dir,
                                                   String length) {
        if (node == null) {
            return Map.of();
        }
        if (!node.isObject() || node.isEmpty()) {
            entry.fault("has family_types that is not a non-empty object of family → type, but "
                    + JsonEntry.describe(node));
            return Map.of();
        }
        if (type == null || !INTEGER_VALUES.contains(type.trim()) || !"in".equals(dir) || length != null) {
            entry.fault("has family_types but is not an integer input by value (" + String.join(", ", INTEGER_VALUES)
                    + ")");
            return Map.of();
        }
        Map<String, String> out = new java.util.TreeMap<>();
        for (Map.Entry<String, JsonNode> e : node.properties()) {
            String familyType = e.getValue().isTextual() ? e.getValue().asText().trim() : null;
            if (!e.getKey().matches("[a-z][a-z0-9_]*")) {
                entry.fault("has family_types key '" + e.getKey() + "', which is not a family name");
            } else if (familyType == null || !INTEGER_VALUES.contains(familyType)) {
                entry.fault("has family_types." + e.getKey() + " " + (e.getValue().isTextual()
                        ? "'" + e.getValue().asText() + "'" : JsonEntry.describe(e.getValue()))
                        + ", which is not one of " + String.join(", ", INTEGER_VALUES));
            } else {
                out.put(e.getKey(), familyType);
            }
        }
        return out;
    }

    /** A length must name another argument of the same function, of the kind its form needs. */
    private void checkLengths(String function, List<ArgSpec> args) {
        Map<String, ArgSpec> byName = new HashMap<>();
        for (ArgSpec a : args) {
            if (a.name() != null) {
                byName.putIfAbsent(a.name(), a);
            }
        }
        for (ArgSpec a : args) {
            if (a.unusedIfInPlace() != null && a.name() != null) {
                ArgSpec buffer = byName.get(a.unusedIfInPlace());
                if (buffer == null || !"buffer".equals(buffer.role())) {
                    problems.add(NAME, function, "argument '" + a.name() + "' has unused_if_in_place '"
                            + a.unusedIfInPlace() + "', which is not a buffer argument of " + function);
                }
            }
            if (a.length() == null || a.name() == null) {
                continue;
            }
            String subject = "argument '" + a.name() + "'";
            if (a.type() != null && !a.type().contains("*")) {
                problems.add(NAME, function, subject + " has length '" + a.length()
                        + "' but its type '" + a.type() + "' is not a pointer");
            }
            LengthExpression length = LengthExpression.parse(a.length()).orElse(null);
            if (length == null || length.argument() == null) {
                continue;
            }
            ArgSpec counted = byName.get(length.argument());
            if (counted == null) {
                problems.add(NAME, function, subject + " has length '" + a.length() + "' but " + function
                        + " has no argument '" + length.argument() + "'");
            } else if (counted == a) {
                problems.add(NAME, function, subject + " has length '" + a.length() + "', which names itself");
            } else if (length.namesCommunicator() && counted.type() != null
                    && !counted.type().strip().equals("MPI_Comm")) {
                problems.add(NAME, function, subject + " has length '" + a.length() + "' but '"
                        + counted.name() + "' is not an MPI_Comm");
            } else if ((length.form() == LengthExpression.Form.DEREFERENCED_ARGUMENT
                    || length.form() == LengthExpression.Form.SUM) && counted.type() != null
                    && !counted.type().contains("*")) {
                problems.add(NAME, function, subject + " has length '" + a.length() + "' but '"
                        + counted.name() + "' is not a pointer");
            }
            if (length.count() != null) {
                ArgSpec count = byName.get(length.count());
                if (count == null) {
                    problems.add(NAME, function, subject + " has length '" + a.length() + "' but " + function
                            + " has no argument '" + length.count() + "'");
                } else if (count == a) {
                    problems.add(NAME, function, subject + " has length '" + a.length() + "', which names itself");
                } else if (count.type() != null && count.type().contains("*")) {
                    problems.add(NAME, function, subject + " has length '" + a.length() + "' but '"
                            + count.name() + "' is a pointer, not a count");
                }
            }
        }
    }
}
