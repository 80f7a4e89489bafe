package org.wi4mpi.gen.difftest;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The differential tester's data (tests/differential/edges.json): per role the base value and the edge
 * values of an argument, the fixtures (user-created objects) those values name, per-function overrides
 * (each with a reason), the functions that are not driven (each with a reason) and those whose base
 * case also runs before MPI_Init ({@code before_init}), and how error codes are named ({@code error_codes}).
 * The Java code only merges and checks it; every C expression comes from the file.
 */
public record EdgeTable(String file, Map<String, Fixture> fixtures, Map<String, RoleEntry> roles,
                        List<Override> overrides, Map<String, String> notDriven, List<String> beforeInit,
                        ErrorCodes errorCodes) {

    /**
     * The int constants the log names error codes by: {@code success}, and those whose names begin with
     * {@code classes} (the error classes) or {@code toolClasses} (the tool interface's), except the
     * {@code bounds} (MPI_ERR_LASTCODE is the last code, not a class).
     */
    public record ErrorCodes(String success, String classes, String toolClasses, List<String> bounds) {

        /** Whether the constant names an error class or success. */
        public boolean isClass(String name) {
            return name.equals(success) || name.startsWith(classes) && !bounds.contains(name);
        }

        /** Whether the constant names a tool interface error code or success. */
        public boolean isToolClass(String name) {
            return name.equals(success) || name.startsWith(toolClasses) && !bounds.contains(name);
        }
    }

    /** A user object created before a case and freed after it; {@code $} in the C stands for its variable. */
    public record Fixture(String name, String type, String create, String free) {}

    /**
     * How one argument is driven; every field may be null (not set at this level). {@code base}: the value
     * of the base case (a C expression or {@code @fixture}); {@code edges}: values put in the argument (or,
     * for a pointer, in its first element) one at a time; {@code pointerEdges}: values replacing the pointer
     * itself (MPI_STATUS_IGNORE, MPI_IN_PLACE); {@code cleanup}: C run on each written element after a
     * successful call ({@code $} the element).
     */
    public record Plan(String base, List<String> edges, List<String> pointerEdges, String cleanup) {
        static final Plan EMPTY = new Plan(null, null, null, null);

        Plan over(Plan top) {
            if (top == null) return this;
            return new Plan(top.base != null ? top.base : base, top.edges != null ? top.edges : edges,
                    top.pointerEdges != null ? top.pointerEdges : pointerEdges,
                    top.cleanup != null ? top.cleanup : cleanup);
        }
    }

    /**
     * A role's plan, refined by direction, by C type and by argument name (in that order); a by_name key
     * "name:type" applies to that name with that type only (MPI_Info_set's string key, not MPI_Comm_split's int key).
     */
    public record RoleEntry(Plan plan, Map<String, Plan> byDir, Map<String, Plan> byType, Map<String, Plan> byName) {}

    /**
     * Per-function changes: {@code functions} is a regular expression matched against the whole name;
     * {@code args} replaces plans by argument name; {@code skip} drops cases by their label ("dest=0");
     * {@code reason} says why.
     */
    public record Override(String functions, Pattern pattern, Map<String, Plan> args, List<String> skip, String reason) {}

    private static final Set<String> PLAN_FIELDS = Set.of("base", "edges", "pointer_edges", "cleanup");
    private static final Set<String> ROLE_FIELDS = Set.of("base", "edges", "pointer_edges", "cleanup",
            "by_dir", "by_type", "by_name");
    private static final Set<String> DIRS = Set.of("in", "out", "inout");

    /** The plan of an argument before function overrides. */
    public Plan plan(String role, String dir, String type, String name) {
        RoleEntry entry = roles.get(role);
        if (entry == null) return null;
        return entry.plan().over(entry.byDir().get(dir)).over(entry.byType().get(type)).over(entry.byName().get(name))
                .over(entry.byName().get(name + ":" + type));
    }

    /**
     * Reads and checks the file.
     *
     * @throws EdgeTableException naming the file and the entry of every fault found
     */
    public static EdgeTable load(Path path) {
        String file = path.getFileName().toString();
        List<String> faults = new ArrayList<>();
        JsonNode root;
        try {
            root = JsonMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build()
                    .readTree(Files.readString(path));
        } catch (JsonProcessingException e) {
            var at = e.getLocation();
            String msg = e.getOriginalMessage();
            throw new EdgeTableException(List.of(file + (at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr())
                    + ": invalid JSON: " + msg.lines().findFirst().orElse(msg)));
        } catch (IOException e) {
            throw new EdgeTableException(List.of(file + ": cannot be read: " + e.getMessage()));
        }
        if (root == null || !root.isObject()) {
            throw new EdgeTableException(List.of(file + ": must hold one JSON object"));
        }
        Reader r = new Reader(file, faults);
        r.onlyFields(root, "the file", Set.of("fixtures", "roles", "overrides", "not_driven", "before_init",
                "error_codes"));
        Map<String, Fixture> fixtures = new LinkedHashMap<>();
        for (var e : r.object(root, "fixtures", "the file").entrySet()) {
            String where = "fixtures." + e.getKey();
            r.onlyFields(e.getValue(), where, Set.of("type", "create", "free"));
            fixtures.put(e.getKey(), new Fixture(e.getKey(), r.string(e.getValue(), "type", where, true),
                    r.string(e.getValue(), "create", where, true), r.string(e.getValue(), "free", where, true)));
        }
        Map<String, RoleEntry> roles = new LinkedHashMap<>();
        for (var e : r.object(root, "roles", "the file").entrySet()) {
            String where = "roles." + e.getKey();
            JsonNode node = e.getValue();
            r.onlyFields(node, where, ROLE_FIELDS);
            Plan plan = r.plan(node, where);
            Map<String, Plan> byDir = r.plans(node, "by_dir", where);
            byDir.keySet().stream().filter(d -> !DIRS.contains(d))
                    .forEach(d -> faults.add(file + ": " + where + ".by_dir." + d + ": is not a direction (in, out, inout)"));
            roles.put(e.getKey(), new RoleEntry(plan, byDir, r.plans(node, "by_type", where), r.plans(node, "by_name", where)));
        }
        List<Override> overrides = new ArrayList<>();
        JsonNode list = root.get("overrides");
        if (list != null && !list.isArray()) {
            faults.add(file + ": overrides: must be an array");
        } else if (list != null) {
            int i = 0;
            for (JsonNode node : list) {
                String where = "overrides[" + i++ + "]";
                r.onlyFields(node, where, Set.of("functions", "args", "skip", "reason"));
                String functions = r.string(node, "functions", where, true);
                String reason = r.string(node, "reason", where, true);
                Pattern pattern = null;
                if (functions != null) {
                    try {
                        pattern = Pattern.compile(functions);
                    } catch (PatternSyntaxException e) {
                        faults.add(file + ": " + where + ": functions '" + functions + "' is not a regular expression: "
                                + e.getDescription());
                    }
                }
                overrides.add(new Override(functions, pattern, r.plans(node, "args", where),
                        r.strings(node, "skip", where), reason));
            }
        }
        Map<String, String> notDriven = new LinkedHashMap<>();
        for (var e : r.object(root, "not_driven", "the file").entrySet()) {
            if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
                faults.add(file + ": not_driven." + e.getKey() + ": must be a non-empty string giving the reason");
            } else {
                notDriven.put(e.getKey(), e.getValue().asText());
            }
        }
        List<String> beforeInit = r.strings(root, "before_init", "the file");
        JsonNode codes = root.path("error_codes");
        r.onlyFields(codes, "error_codes", Set.of("success", "classes", "tool_classes", "bounds"));
        if (!codes.isObject()) {
            throw new EdgeTableException(faults);
        }
        List<String> bounds = r.strings(codes, "bounds", "error_codes");
        ErrorCodes errorCodes = new ErrorCodes(r.string(codes, "success", "error_codes", true),
                r.string(codes, "classes", "error_codes", true), r.string(codes, "tool_classes", "error_codes", true),
                bounds == null ? List.of() : bounds);
        EdgeTable table = new EdgeTable(file, fixtures, roles, overrides, notDriven,
                beforeInit == null ? List.of() : beforeInit, errorCodes);
        table.checkFixtureReferences(faults);
        if (!faults.isEmpty()) throw new EdgeTableException(faults);
        return table;
    }

    private void checkFixtureReferences(List<String> faults) {
        for (var role : roles.entrySet()) {
            RoleEntry e = role.getValue();
            checkPlan(e.plan(), "roles." + role.getKey(), faults);
            e.byDir().forEach((k, p) -> checkPlan(p, "roles." + role.getKey() + ".by_dir." + k, faults));
            e.byType().forEach((k, p) -> checkPlan(p, "roles." + role.getKey() + ".by_type." + k, faults));
            e.byName().forEach((k, p) -> checkPlan(p, "roles." + role.getKey() + ".by_name." + k, faults));
        }
        for (int i = 0; i < overrides.size(); i++) {
            int index = i;
            overrides.get(i).args().forEach((k, p) -> checkPlan(p, "overrides[" + index + "].args." + k, faults));
        }
    }

    private void checkPlan(Plan plan, String where, List<String> faults) {
        List<String> values = new ArrayList<>();
        if (plan.base() != null) values.add(plan.base());
        if (plan.edges() != null) values.addAll(plan.edges());
        if (plan.pointerEdges() != null) values.addAll(plan.pointerEdges());
        for (String v : values) {
            if (v.startsWith("@") && !fixtures.containsKey(v.substring(1))) {
                faults.add(file + ": " + where + ": '" + v + "' names no fixture (fixtures: "
                        + String.join(", ", fixtures.keySet()) + ")");
            }
        }
    }

    /** Field-by-field reading that records faults as "file: entry: fault" sentences. */
    private record Reader(String file, List<String> faults) {

        void onlyFields(JsonNode node, String where, Set<String> allowed) {
            if (!node.isObject()) {
                faults.add(file + ": " + where + ": must be a JSON object");
                return;
            }
            for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!allowed.contains(f)) {
                    faults.add(file + ": " + where + ": unknown field '" + f + "' (allowed: "
                            + String.join(", ", allowed.stream().sorted().toList()) + ")");
                }
            }
        }

        Map<String, JsonNode> object(JsonNode node, String field, String where) {
            Map<String, JsonNode> out = new LinkedHashMap<>();
            JsonNode value = node.get(field);
            if (value == null) return out;
            if (!value.isObject()) {
                faults.add(file + ": " + field + ": must be a JSON object (in " + where + ")");
                return out;
            }
            value.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue()));
            return out;
        }

        String string(JsonNode node, String field, String where, boolean required) {
            JsonNode value = node.get(field);
            if (value == null || value.isNull()) {
                if (required) faults.add(file + ": " + where + ": lacks the field '" + field + "'");
                return null;
            }
            if (!value.isTextual() || value.asText().isBlank()) {
                faults.add(file + ": " + where + ": field '" + field + "' must be a non-empty string");
                return null;
            }
            return value.asText();
        }

        List<String> strings(JsonNode node, String field, String where) {
            JsonNode value = node.get(field);
            if (value == null) return null;
            List<String> out = new ArrayList<>();
            if (!value.isArray()) {
                faults.add(file + ": " + where + ": field '" + field + "' must be an array of strings");
                return null;
            }
            for (JsonNode item : value) {
                if (!item.isTextual() || item.asText().isBlank()) {
                    faults.add(file + ": " + where + ": field '" + field + "' holds " + item + ", not a non-empty string");
                    return null;
                }
                out.add(item.asText());
            }
            return out;
        }

        Plan plan(JsonNode node, String where) {
            if (!node.isObject()) return Plan.EMPTY;
            return new Plan(string(node, "base", where, false), strings(node, "edges", where),
                    strings(node, "pointer_edges", where), string(node, "cleanup", where, false));
        }

        Map<String, Plan> plans(JsonNode node, String field, String where) {
            Map<String, Plan> out = new LinkedHashMap<>();
            for (var e : object(node, field, where).entrySet()) {
                String at = where + "." + field + "." + e.getKey();
                onlyFields(e.getValue(), at, PLAN_FIELDS);
                out.put(e.getKey(), plan(e.getValue(), at));
            }
            return out;
        }
    }
}
