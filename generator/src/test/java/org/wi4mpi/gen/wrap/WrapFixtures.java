package org.wi4mpi.gen.wrap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.render.RepositoryPaths;

/** The project's dictionaries and ABI descriptors, loaded once, and a shortcut to generate from .w text. */
final class WrapFixtures {

    private static Dictionaries loaded;
    private static final Map<String, AbiDescriptor> DESCRIPTORS = new HashMap<>();

    private WrapFixtures() {}

    static Path dictionaries() {
        return RepositoryPaths.dictionaries();
    }

    static synchronized AbiDescriptor abi(String family) {
        return DESCRIPTORS.computeIfAbsent(family,
                f -> AbiDescriptor.read(dictionaries().resolve("abi").resolve(f + ".json")));
    }

    static synchronized Dictionaries dict() {
        if (loaded == null) {
            loaded = Dictionaries.load(dictionaries());
        }
        return loaded;
    }

    static WrapGenerator generator(String family, WrapOptions options) {
        return new WrapGenerator(abi(family), dict(), options);
    }

    /** The output of .w texts (named a.w, b.w, ...) for a family. */
    static String generate(String family, WrapOptions options, String... texts) {
        List<WrapGenerator.Source> sources = new ArrayList<>();
        for (int i = 0; i < texts.length; i++) {
            sources.add(new WrapGenerator.Source((char) ('a' + i) + ".w", texts[i]));
        }
        return generator(family, options).generate(sources);
    }

    /** -s output (no preamble) of one text for Open MPI: just what the text evaluates to. */
    static String bare(String text) {
        return generate("openmpi", options(false, false, true, false), text);
    }

    static WrapOptions options(boolean fortran, boolean guards, boolean skipHeaders, boolean quietDeprecated) {
        return new WrapOptions(fortran, guards, skipHeaders, quietDeprecated, PmpiInitBinding.UNDERSCORE);
    }
}
