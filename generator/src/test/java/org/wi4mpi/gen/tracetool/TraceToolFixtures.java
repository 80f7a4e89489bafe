package org.wi4mpi.gen.tracetool;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.render.RepositoryPaths;
import org.wi4mpi.gen.dict.FortranDictionary;

/** The project's dictionaries and descriptors, loaded once, and the tools built from them. */
final class TraceToolFixtures {

    private static Dictionaries loaded;
    private static final Map<String, TraceToolModel> TOOLS = new HashMap<>();

    private TraceToolFixtures() {}

    static Path dictionaries() {
        return RepositoryPaths.dictionaries();
    }

    static synchronized AbiDescriptor abi(String family) {
        return AbiDescriptor.read(dictionaries().resolve("abi").resolve(family + ".json"));
    }

    static synchronized Dictionaries dict() {
        if (loaded == null) {
            loaded = Dictionaries.load(dictionaries());
        }
        return loaded;
    }

    /** The family's tool with the shipped tables. */
    static synchronized TraceToolModel tool(String family) {
        return TOOLS.computeIfAbsent(family, f -> build(f, FieldSourceTable.load()));
    }

    static TraceToolModel build(String family, FieldSourceTable sources) {
        return new TraceToolBuilder(abi(family), dict(), sources, ConstantTable.load(),
                FortranDictionary.load(dictionaries().resolve("fortran.json"))).build();
    }

    static TraceWrapper wrapper(String family, String name) {
        return tool(family).wrappers().stream().filter(w -> w.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(family + " has no wrapper of " + name));
    }
}
