package org.wi4mpi.gen.dict;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Checks the dictionaries against an implementation's ABI descriptor: every function of
 * functions.json is declared by that family's mpi.h with the same return type and parameter types
 * (compared as {@link CTypeSpelling} does; parameter names may differ), every constant a mapper
 * names is defined, and every handle type a mapper names exists.
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
        Problems problems = new Problems();
        for (AbiDescriptor abi : descriptors) {
            collect(dictionaries, abi, problems);
        }
        List<String> families = descriptors.stream().map(AbiDescriptor::family).toList();
        problems.throwIfAny("the dictionaries checked against " + String.join(", ", families) + "'s mpi.h");
    }

    /** Every disagreement with one descriptor, one sentence each; empty when they agree. */
    public static List<String> problems(Dictionaries dictionaries, AbiDescriptor abi) {
        Problems problems = new Problems();
        collect(dictionaries, abi, problems);
        return problems.sentences();
    }

    private static void collect(Dictionaries dictionaries, AbiDescriptor abi, Problems problems) {
        String header = abi.family() + "'s mpi.h";
        for (FunctionSpec f : dictionaries.functions()) {
            Prototype p = abi.functions() == null ? null : abi.functions().get(f.name());
            if (p == null) {
                problems.add(FunctionsFile.NAME, f.name(), "is not declared by " + header + " (" + abi.header() + ")");
                continue;
            }
            checkPrototype(f, p, header, problems);
        }
        for (Map.Entry<String, MapperSpec> e : dictionaries.mappers().entrySet()) {
            checkMapper(e.getKey(), e.getValue(), abi, header, problems);
        }
    }

    private static void checkPrototype(FunctionSpec f, Prototype p, String header, Problems problems) {
        if (!CTypeSpelling.sameType(f.returns(), p.returns())) {
            problems.add(FunctionsFile.NAME, f.name(), "returns '" + f.returns() + "' but " + header
                    + " declares '" + p.returns() + "'");
        }
        List<Param> params = p.params() == null ? List.of() : p.params();
        if (params.size() != f.args().size()) {
            problems.add(FunctionsFile.NAME, f.name(), "has " + f.args().size() + " arguments but " + header
                    + " declares " + params.size());
            return;
        }
        for (int i = 0; i < params.size(); i++) {
            ArgSpec a = f.args().get(i);
            String declared = params.get(i).type();
            if (!CTypeSpelling.sameType(a.type(), declared)) {
                problems.add(FunctionsFile.NAME, f.name(), "parameter " + (i + 1) + " '" + a.name() + "' is '"
                        + a.type() + "' but " + header + " declares '" + declared + "'");
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
            if (abi.constants() == null || !abi.constants().containsKey(constant)) {
                problems.add(MappersFile.NAME, role, "constant '" + constant + "' is not defined by " + header);
            }
        }
        if (m.type() != null && abi.types() != null && !abi.types().containsKey(m.type())) {
            problems.add(MappersFile.NAME, role, "type '" + m.type() + "' is not declared by " + header);
        }
    }
}
