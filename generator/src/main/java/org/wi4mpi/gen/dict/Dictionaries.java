package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The validated content of dictionaries/: functions.json (functions in file order), mappers.json
 * (mappers by role), hooks.json (the hooks functions may name), callbacks.json (the callback families
 * mappers name) and one func_list per family. Immutable; only {@link #load} creates one, and
 * only from dictionaries without a single problem.
 */
public final class Dictionaries {

    private final List<FunctionSpec> functions;
    private final Map<String, FunctionSpec> functionsByName;
    private final Map<String, MapperSpec> mappers;
    private final Map<String, List<String>> funcLists;
    private final Map<String, List<SubstituteSpec>> substitutes;
    private final Map<String, HookSpec> hooks;
    private final Map<String, CallbackSpec> callbacks;
    private final String toolFunctionPrefix;
    private final LargeCountNames largeCount;

    private Dictionaries(List<FunctionSpec> functions, Map<String, MapperSpec> mappers, String toolFunctionPrefix,
                         LargeCountNames largeCount, Map<String, List<String>> funcLists,
                         Map<String, List<SubstituteSpec>> substitutes,
                         Map<String, HookSpec> hooks, Map<String, CallbackSpec> callbacks) {
        this.toolFunctionPrefix = toolFunctionPrefix;
        this.largeCount = largeCount;
        this.functions = List.copyOf(functions);
        Map<String, FunctionSpec> byName = new LinkedHashMap<>();
        functions.forEach(f -> byName.put(f.name(), f));
        this.functionsByName = Collections.unmodifiableMap(byName);
        this.mappers = mappers;
        this.funcLists = funcLists;
        this.substitutes = substitutes;
        this.hooks = hooks;
        this.callbacks = callbacks;
    }

    /**
     * Reads and validates the dictionaries in a directory.
     *
     * @throws DictionaryException listing every problem found, one sentence each
     */
    public static Dictionaries load(Path dictionariesDir) {
        Problems problems = new Problems();
        Optional<JsonNode> functionsJson = JsonFiles.read(dictionariesDir.resolve(FunctionsFile.NAME), problems);
        Optional<JsonNode> mappersJson = JsonFiles.read(dictionariesDir.resolve(MappersFile.NAME), problems);
        List<FunctionSpec> functions = functionsJson.map(root -> FunctionsFile.read(root, problems)).orElse(List.of());
        MappersFile.Content mappersFile = mappersJson.map(root -> MappersFile.read(root, problems))
                .orElse(new MappersFile.Content(Map.of(), null, null));
        Map<String, MapperSpec> mappers = mappersFile.roles();
        // A file that could not be read at all would make every reference into it look wrong.
        if (functionsJson.isPresent() && mappersJson.isPresent()) {
            CrossChecks.checkRoles(functions, mappers, problems);
        }
        Optional<JsonNode> hooksJson = JsonFiles.read(dictionariesDir.resolve(HooksFile.NAME), problems);
        Map<String, HookSpec> hooks = hooksJson.map(root -> HooksFile.read(root, problems)).orElse(Map.of());
        if (hooksJson.isPresent() && mappersJson.isPresent()) {
            HooksFile.checkRoles(hooks, mappers, problems);
        }
        if (hooksJson.isPresent()) {
            HooksFile.checkUses(functions, hooks, mappers, problems);
        }
        Optional<JsonNode> callbacksJson = JsonFiles.read(dictionariesDir.resolve(CallbacksFile.NAME), problems);
        Map<String, CallbackSpec> callbacks = callbacksJson.map(root -> CallbacksFile.read(root, problems)).orElse(Map.of());
        if (callbacksJson.isPresent()) {
            CallbacksFile.checkMappers(mappers, callbacks, problems);
        }
        Map<String, List<String>> funcLists = new TreeMap<>();
        for (Path file : funcListFiles(dictionariesDir, problems)) {
            String family = FuncListFile.family(file).orElseThrow();
            Map<String, Integer> entries = FuncListFile.read(file, problems);
            if (functionsJson.isPresent()) {
                CrossChecks.checkFuncList(file.getFileName().toString(), entries, functions, problems);
            }
            funcLists.put(family, List.copyOf(entries.keySet()));
        }
        // substitutes.json is needed only by pairs whose runtime lacks some predefined handle.
        Path substitutesFile = dictionariesDir.resolve(SubstitutesFile.NAME);
        Map<String, List<SubstituteSpec>> substitutes = Files.exists(substitutesFile)
                ? JsonFiles.read(substitutesFile, problems).map(root -> SubstitutesFile.read(root, problems)).orElse(Map.of())
                : Map.of();
        problems.throwIfAny("the dictionaries in " + dictionariesDir);
        return new Dictionaries(functions, Collections.unmodifiableMap(mappers), mappersFile.toolFunctionPrefix(),
                mappersFile.largeCount(), Collections.unmodifiableMap(funcLists), substitutes,
                Collections.unmodifiableMap(hooks), Collections.unmodifiableMap(callbacks));
    }

    private static List<Path> funcListFiles(Path dir, Problems problems) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> FuncListFile.family(f).isPresent()).sorted().toList();
        } catch (IOException e) {
            problems.add(dir.toString(), "cannot list the directory: " + e.getMessage());
            return List.of();
        }
    }

    /** Every function of functions.json, in file order. */
    public List<FunctionSpec> functions() {
        return functions;
    }

    /** The entry of functions.json for a function; every func_list name has one. */
    public FunctionSpec function(String name) {
        FunctionSpec f = functionsByName.get(name);
        if (f == null) {
            throw new IllegalArgumentException("functions.json has no entry for " + name);
        }
        return f;
    }

    public boolean hasFunction(String name) {
        return functionsByName.containsKey(name);
    }

    /** Mappers by role, in file order. */
    public Map<String, MapperSpec> mappers() {
        return mappers;
    }

    /** The mapper of a role; every role an argument names has one. */
    public MapperSpec mapper(String role) {
        MapperSpec m = mappers.get(role);
        if (m == null) {
            throw new IllegalArgumentException("mappers.json has no role '" + role + "'");
        }
        return m;
    }

    /**
     * The names of the forms a runtime lacking large-count function f may have instead, in order of
     * preference (mappers.json large_count); empty for any other function or without that section.
     */
    public List<String> largeCountFormsOf(FunctionSpec f) {
        return largeCount == null ? List.of() : largeCount.formsOf(f.name());
    }

    /**
     * Whether f belongs to the tool information interface (mappers.json tool_functions), whose
     * functions return MPI_T error codes rather than raising errors through an error handler.
     */
    public boolean isToolFunction(FunctionSpec f) {
        return toolFunctionPrefix != null && f.name().startsWith(toolFunctionPrefix);
    }

    /**
     * substitutes.json: per predefined handle name, the alternatives for a runtime that lacks it
     * (empty when the file does not exist).
     */
    public Map<String, List<SubstituteSpec>> substitutes() {
        return substitutes;
    }

    /** hooks.json: the hooks templates/wi_functions.c.ftl implements, by name, in file order. */
    public Map<String, HookSpec> hooks() {
        return hooks;
    }

    /** callbacks.json: the callback families mappers name, by name, in file order. */
    public Map<String, CallbackSpec> callbacks() {
        return callbacks;
    }

    /** The families that have a func_list file, sorted. */
    public List<String> families() {
        return List.copyOf(funcLists.keySet());
    }

    /** The functions the family→* libraries translate, in file order. */
    public List<String> funcList(String family) {
        List<String> names = funcLists.get(family);
        if (names == null) {
            throw new IllegalArgumentException("there is no func_list_" + family + ".txt (families with one: "
                    + String.join(", ", funcLists.keySet()) + ")");
        }
        return names;
    }
}
