package org.wi4mpi.gen.dict;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks between the dictionary files: every argument's role has a mapper, handle roles are used on
 * arguments of their type, a string role's result length argument exists, arrays converted element by element say how many elements there are, and
 * every func_list name has an entry in functions.json.
 */
final class CrossChecks {

    private final Problems problems;

    private CrossChecks(Problems problems) {
        this.problems = problems;
    }

    /** Arguments against their mappers; skipped by the caller when mappers.json could not be read. */
    static void checkRoles(List<FunctionSpec> functions, Map<String, MapperSpec> mappers, Problems problems) {
        CrossChecks checks = new CrossChecks(problems);
        String known = String.join(", ", mappers.keySet());
        for (FunctionSpec f : functions) {
            for (ArgSpec a : f.args()) {
                if (a.role() == null || a.name() == null) {
                    continue;
                }
                MapperSpec mapper = mappers.get(a.role());
                if (mapper == null) {
                    problems.add(FunctionsFile.NAME, f.name(), "argument '" + a.name() + "' has unknown role '"
                            + a.role() + "' (known roles: " + known + ")");
                    continue;
                }
                if (mapper.kind() != null) {
                    checks.checkAgainstMapper(f, a, mapper.kind(), mapper);
                }
            }
        }
    }

    private void checkAgainstMapper(FunctionSpec f, ArgSpec a, MapperKind kind, MapperSpec mapper) {
        if (a.type() == null) {
            return;
        }
        String subject = "argument '" + a.name() + "'";
        if (kind == MapperKind.HANDLE && mapper.type() != null
                && !CTypeSpelling.baseType(a.type()).equals(mapper.type())) {
            problems.add(FunctionsFile.NAME, f.name(), subject + " has role '" + a.role() + "' (" + mapper.type()
                    + " handles) but its type is '" + a.type() + "'");
        }
        if (!a.familyTypes().isEmpty() && kind != MapperKind.PASSTHROUGH) {
            // Only C's conversion between the two integer types is done for it.
            problems.add(FunctionsFile.NAME, f.name(), subject + " has family_types but role '" + a.role()
                    + "' is not a passthrough role");
        }
        if (kind == MapperKind.STRING_OUT && mapper.resultLength() != null) {
            String length = mapper.resultLength();
            boolean found = f.args().stream().anyMatch(b -> length.equals(b.name()) && "out".equals(b.dir())
                    && b.type() != null && b.type().replace(" ", "").equals("int*"));
            if (!found) {
                problems.add(FunctionsFile.NAME, f.name(), subject + " has role '" + a.role() + "', whose strings' length"
                        + " is written to the argument '" + length + "' (mappers.json result_length), but the function"
                        + " has no 'int *' output of that name");
            }
        }
        if (a.length() == null && kind.convertsElements() && looksLikeArray(a, kind)) {
            problems.add(FunctionsFile.NAME, f.name(), subject + " is an array of role '" + a.role()
                    + "' but has no length");
        }
    }

    /**
     * An array is evident from its name (array_of_*), or from a pointer to const handles or ints: a
     * single input handle or int is passed by value.
     */
    private static boolean looksLikeArray(ArgSpec a, MapperKind kind) {
        return a.name().startsWith("array_of_")
                || kind != MapperKind.STATUS && CTypeSpelling.isPointerToConst(a.type());
    }

    /** Every name a func_list holds must be described in functions.json. */
    static void checkFuncList(String fileName, Map<String, Integer> entries, List<FunctionSpec> functions,
                              Problems problems) {
        Set<String> defined = functions.stream().map(FunctionSpec::name).collect(Collectors.toSet());
        entries.forEach((name, line) -> {
            if (!defined.contains(name)) {
                problems.add(fileName + ":" + line, name, "is not defined in functions.json");
            }
        });
    }
}
