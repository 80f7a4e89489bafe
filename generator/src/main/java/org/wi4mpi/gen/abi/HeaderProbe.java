package org.wi4mpi.gen.abi;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.clang.Index;
import org.wi4mpi.gen.clang.LibClang;

/** Runs every header pass over one mpi.h. */
public final class HeaderProbe {

    private final LibClang libclang;

    public HeaderProbe(LibClang libclang) {
        this.libclang = libclang;
    }

    /** The prototypes only: what the dump command prints. */
    public SortedMap<String, AbiDescriptor.Prototype> prototypes(Path header, List<Path> includeDirs) {
        try (Index index = new Index(libclang);
             ParsedHeader parsed = ParsedHeader.parse(index, header, includeDirs)) {
            return PrototypePass.run(parsed);
        }
    }

    public HeaderAbi probe(Path header, List<Path> includeDirs) {
        try (Index index = new Index(libclang);
             ParsedHeader parsed = ParsedHeader.parse(index, header, includeDirs)) {
            SortedMap<String, TypeInfo> types = new TreeMap<>(TypePass.run(parsed));
            Set<String> handleTypes = types.entrySet().stream()
                    .filter(t -> "handle".equals(t.getValue().kind()))
                    .map(SortedMap.Entry::getKey)
                    .collect(Collectors.toSet());
            ConstantPass.Result constants = ConstantPass.run(index, parsed, handleTypes, types.keySet());
            constants.macroTypes().forEach(types::putIfAbsent);
            return new HeaderAbi(
                    constants.version(),
                    types,
                    StatusPass.run(parsed),
                    constants.constants(),
                    PrototypePass.run(parsed),
                    ObjectPass.run(parsed));
        }
    }
}
