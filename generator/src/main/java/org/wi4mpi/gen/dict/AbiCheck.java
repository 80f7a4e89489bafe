package org.wi4mpi.gen.dict;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;
import org.wi4mpi.gen.abi.PrototypePass;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks the dictionaries against the implementations' ABI descriptors. A function of functions.json
 * may exist in one family only (MPICH's MPI-4 functions, say): where a family's mpi.h declares it, the
 * return type and parameter types must agree (compared as {@link CTypeSpelling} does; parameter names
 * may differ); a family's func_list may only name functions its mpi.h declares; every function must be
 * declared by at least one family. A mapper's constants and handle type must be defined by every family
 * whose mpi.h declares a function using the role.
 */
public final class AbiCheck {

    private AbiCheck() {}

    /**
     * @throws DictionaryException listing every disagreement with the descriptor
     */
    public static void check(Dictionaries dictionaries, AbiDescriptor abi) {
        verify(dictionaries, List.of(abi));
    }

    /**
     * @throws DictionaryException listing every disagreement with any of the descriptors
     */
    public static void verify(Dictionaries dictionaries, Collection<AbiDescriptor> descriptors) {
        verify(dictionaries, descriptors, List.of());
    }

    /**
     * Like {@link #verify(Dictionaries, Collection)}, plus application-only descriptors (the MPI-5.0
     * standard ABI: never a runtime): their prototypes are checked for the functions their func_list
     * names, the only ones rendered with the dictionary's types on their side. Where a family declares
     * an integer argument with another type (MPICH 4.0.2's {@code MPI_Count count} in MPI_Psend_init,
     * the standard's {@code int}), the argument's family_types says so and is what is compared.
     *
     * @throws DictionaryException listing every disagreement with any of the descriptors
     */
    public static void verify(Dictionaries dictionaries, Collection<AbiDescriptor> descriptors,
                              Collection<AbiDescriptor> applicationOnly) {
        Problems problems = new Problems();
        for (AbiDescriptor abi : descriptors) {
            collect(dictionaries, abi, false, problems);
        }
        for (AbiDescriptor abi : applicationOnly) {
            collect(dictionaries, abi, true, problems);
        }
        List<AbiDescriptor> all = new ArrayList<>(descriptors);
        all.addAll(applicationOnly);
        List<String> families = all.stream().map(AbiDescriptor::family).toList();
        for (FunctionSpec f : dictionaries.functions()) {
            for (ArgSpec a : f.args()) {
                for (String family : a.familyTypes().keySet()) {
                    if (!families.contains(family)) {
                        problems.add(FunctionsFile.NAME, f.name(), "argument '" + a.name() + "' has family_types for '"
                                + family + "', which is none of " + String.join(", ", families));
                    }
                }
            }
            // A second name (Open MPI's MPIX_*_init, declared by its mpi-ext.h only) is checked as its entry.
            if (all.stream().noneMatch(abi -> declares(abi, f.runtimeName()))) {
                problems.add(FunctionsFile.NAME, f.name(), "is declared by none of " + String.join(", ", families)
                        + "'s mpi.h");
            }
        }
        problems.throwIfAny("the dictionaries checked against " + String.join(", ", families) + "'s mpi.h");
    }

    /** Every disagreement with one descriptor, one sentence each; empty when they agree. */
    public static List<String> problems(Dictionaries dictionaries, AbiDescriptor abi) {
        Problems problems = new Problems();
        collect(dictionaries, abi, false, problems);
        return problems.sentences();
    }

    private static void collect(Dictionaries dictionaries, AbiDescriptor abi, boolean applicationOnly,
                                Problems problems) {
        String header = abi.family() + "'s mpi.h";
        Set<String> usedRoles = new HashSet<>();
        Set<String> listed = applicationOnly ? Set.copyOf(dictionaries.funcList(abi.family())) : null;
        for (FunctionSpec f : dictionaries.functions()) {
            Prototype p = abi.functions() == null ? null : abi.functions().get(f.name());
            if (p != null && (listed == null || listed.contains(f.name()))) {
                checkPrototype(f, p, header, abi, problems);
                f.args().forEach(a -> usedRoles.add(a.role()));
            }
        }
        if (dictionaries.families().contains(abi.family())) {
            for (String name : dictionaries.funcList(abi.family())) {
                boolean exported = abi.exports() != null && abi.exports().contains(name);
                if (dictionaries.hasFunction(name) && !declares(abi, name) && !exported) {
                    problems.add(FuncListFile.fileName(abi.family()), name, "is listed but neither declared by "
                            + header + " (" + abi.header() + ") nor exported by its library");
                }
            }
        }
        for (Map.Entry<String, MapperSpec> e : dictionaries.mappers().entrySet()) {
            if (usedRoles.contains(e.getKey())) {
                checkMapper(e.getKey(), e.getValue(), abi, header, problems);
            }
        }
    }

    private static boolean declares(AbiDescriptor abi, String function) {
        return abi.functions() != null && abi.functions().containsKey(function);
    }

    /**
     * Open MPI spells MPI_Fint as a macro for its Fortran INTEGER type, so its prototypes reach the probe
     * as int: where the descriptor says MPI_Fint is a 4-byte signed integer, the two are the same type.
     */
    private static boolean sameType(String dictionary, String declared, AbiDescriptor abi) {
        if (CTypeSpelling.sameType(dictionary, declared)) {
            return true;
        }
        AbiDescriptor.TypeInfo fint = abi.types() == null ? null : abi.types().get("MPI_Fint");
        boolean fintIsInt = fint != null && "integer".equals(fint.kind()) && Integer.valueOf(4).equals(fint.size())
                && !Boolean.FALSE.equals(fint.signed());
        return fintIsInt && CTypeSpelling.sameType(dictionary.replaceAll("\\bMPI_Fint\\b", "int"), declared);
    }

    private static void checkPrototype(FunctionSpec f, Prototype p, String header, AbiDescriptor abi,
                                       Problems problems) {
        if (!sameType(f.returns(), p.returns(), abi)) {
            problems.add(FunctionsFile.NAME, f.name(), "returns '" + f.returns() + "' but " + header
                    + " declares '" + p.returns() + "'");
        }
        List<Param> params = p.params() == null ? List.of() : p.params();
        boolean variadic = !params.isEmpty() && params.getLast().type().equals(PrototypePass.VARIADIC.type());
        if (variadic != f.variadic()) {
            problems.add(FunctionsFile.NAME, f.name(), (f.variadic() ? "is variadic but " + header + " declares it with a fixed"
                    : "is not variadic but " + header + " declares it with a variable") + " number of arguments");
            return;
        }
        if (variadic) {
            params = params.subList(0, params.size() - 1);
        }
        if (params.size() != f.args().size()) {
            problems.add(FunctionsFile.NAME, f.name(), "has " + f.args().size() + " arguments but " + header
                    + " declares " + params.size());
            return;
        }
        for (int i = 0; i < params.size(); i++) {
            ArgSpec a = f.args().get(i);
            String declared = params.get(i).type();
            String type = a.typeFor(abi.family());
            if (!sameType(type, declared, abi)) {
                problems.add(FunctionsFile.NAME, f.name(), "parameter " + (i + 1) + " '" + a.name() + "' is '"
                        + type + "'" + (type.equals(a.type()) ? "" : " for " + abi.family()) + " but " + header
                        + " declares '" + declared + "'");
            }
        }
    }

    private static void checkMapper(String role, MapperSpec m, AbiDescriptor abi, String header,
                                    Problems problems) {
        List<String> named = new ArrayList<>();
        if (m.constants() != null) {
            named.addAll(m.constants());
        }
        if (m.max() != null) {
            named.add(m.max());
        }
        for (String constant : named) {
            if (m.lacking() != null && !constant.equals(m.lacking()) && !m.lackingAs().containsValue(constant)) {
                continue; // a role with lacking lists constants some ABIs do not define, on purpose
            }
            boolean variable = m.kind() == MapperKind.POINTER_CONSTANTS && abi.objects() != null
                    && abi.objects().containsKey(constant); // MPICH's MPI_UNWEIGHTED
            if (!variable && (abi.constants() == null || !abi.constants().containsKey(constant))) {
                problems.add(MappersFile.NAME, role, "constant '" + constant + "' is not defined by " + header);
            }
        }
        if (m.type() != null && abi.types() != null && !abi.types().containsKey(m.type())) {
            problems.add(MappersFile.NAME, role, "type '" + m.type() + "' is not declared by " + header);
        }
    }
}
