package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads hooks.json, the one list of the hooks templates/wi_functions.c.ftl implements, and checks the
 * hooks' users: a function of functions.json may name only a hook of the list, and must have every
 * argument the hook reads (by name, by role, and as many as the hook's parameters bind), so that a hook
 * never renders C naming an absent argument.
 */
final class HooksFile {

    static final String NAME = "hooks.json";

    private static final List<String> TOP_FIELDS = List.of("hooks");
    private static final List<String> HOOK_FIELDS = List.of("name", "description", "arguments", "roles",
            "parameters", "identity");

    private HooksFile() {}

    /** The hooks by name, in file order, the first of any duplicates kept. */
    static Map<String, HookSpec> read(JsonNode root, Problems problems) {
        JsonNode entries = NamedEntries.topLevelArray(root, NAME, "hooks", TOP_FIELDS, problems);
        if (entries == null) {
            return Map.of();
        }
        Map<String, HookSpec> hooks = new LinkedHashMap<>();
        int number = 0;
        for (JsonNode node : entries) {
            JsonEntry entry = NamedEntries.entry(node, ++number, NAME, "hook", HOOK_FIELDS, problems);
            if (entry == null) {
                continue;
            }
            String name = entry.requiredString("name");
            String description = entry.requiredString("description");
            List<String> arguments = Objects.requireNonNullElse(entry.optionalStringList("arguments"), List.of());
            List<String> roles = Objects.requireNonNullElse(entry.optionalStringList("roles"), List.of());
            List<String> parameters = Objects.requireNonNullElse(entry.optionalStringList("parameters"), List.of());
            boolean identity = entry.optionalBoolean("identity");
            if (name == null || description == null) {
                continue;
            }
            for (int i = 0; i < parameters.size(); i++) {
                String p = parameters.get(i);
                boolean further = p.equals(HookSpec.FURTHER) && i == parameters.size() - 1;
                if (!further && !CNames.isIdentifier(p) || parameters.indexOf(p) != i) {
                    entry.fault("parameter '" + p + "' is not a distinct identifier (or '" + HookSpec.FURTHER
                            + "' last)");
                }
            }
            if (!CNames.isIdentifier(name)) {
                entry.fault("name is not an identifier");
            } else if (hooks.putIfAbsent(name, new HookSpec(name, description, arguments, roles, parameters,
                    identity)) != null) {
                entry.fault("is defined more than once");
            }
        }
        return hooks;
    }

    /** Every hook's roles are roles of mappers.json. */
    static void checkRoles(Map<String, HookSpec> hooks, Map<String, MapperSpec> mappers, Problems problems) {
        for (HookSpec hook : hooks.values()) {
            for (String role : hook.roles()) {
                if (!mappers.containsKey(role)) {
                    problems.add(NAME, hook.name(), "hook reads role '" + role + "', which mappers.json does not define");
                }
            }
        }
    }

    /**
     * Every function with a hook names one of hooks.json and has the arguments the hook reads. A role
     * mappers.json lacks is left to {@link #checkRoles}.
     */
    static void checkUses(List<FunctionSpec> functions, Map<String, HookSpec> hooks, Map<String, MapperSpec> mappers,
                          Problems problems) {
        for (FunctionSpec f : functions) {
            if (f.hook() == null) {
                continue;
            }
            HookSpec hook = hooks.get(f.hook());
            if (hook == null) {
                problems.add(FunctionsFile.NAME, f.name(), "function has hook '" + f.hook()
                        + "', which hooks.json does not define (hooks: " + String.join(", ", hooks.keySet()) + ")");
                continue;
            }
            for (String argument : hook.arguments()) {
                if (f.args().stream().noneMatch(a -> argument.equals(a.name()))) {
                    problems.add(FunctionsFile.NAME, f.name(), "function has hook '" + hook.name()
                            + "', which reads argument '" + argument + "', but " + f.name() + " has no such argument");
                }
            }
            int bound = hook.namedParameters().size();
            if (!hook.parameters().isEmpty()
                    && (hook.bindsFurther() ? f.args().size() < bound : f.args().size() != bound)) {
                problems.add(FunctionsFile.NAME, f.name(), "function has hook '" + hook.name()
                        + "', whose parameters (" + String.join(", ", hook.parameters()) + ") are its arguments in order, but "
                        + f.name() + " has " + f.args().size() + " argument" + (f.args().size() == 1 ? "" : "s"));
            }
            for (String role : hook.roles()) {
                if (mappers.containsKey(role) && f.args().stream().noneMatch(a -> role.equals(a.role()))) {
                    problems.add(FunctionsFile.NAME, f.name(), "function has hook '" + hook.name()
                            + "', which reads an argument of role '" + role + "', but " + f.name() + " has none");
                }
            }
        }
    }
}
