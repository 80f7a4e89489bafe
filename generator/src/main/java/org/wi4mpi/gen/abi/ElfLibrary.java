package org.wi4mpi.gen.abi;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The dynamic-linking facts of one shared library: its DT_SONAME and its .dynsym entries. */
public record ElfLibrary(Path path, String soname, List<ElfSymbol> dynamicSymbols) {

    /** The exported data object of that name, if the library defines one. */
    public Optional<ElfSymbol> exportedObject(String name) {
        return dynamicSymbols.stream()
                .filter(s -> s.isObject() && s.isExported() && s.name().equals(name))
                .findFirst();
    }
}
