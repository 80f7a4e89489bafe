package org.wi4mpi.gen.abi;

import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.DataObject;
import org.wi4mpi.gen.abi.AbiDescriptor.Libraries;
import org.wi4mpi.gen.clang.LibClang;

/** Builds a family's ABI descriptor from its header (through libclang) and its libraries' ELF tables. */
public final class AbiProbe {

    private final HeaderProbe headerProbe;

    public AbiProbe(LibClang libclang) {
        this.headerProbe = new HeaderProbe(libclang);
    }

    public AbiDescriptor probe(String family, ProbeConfig.Family config) {
        // read the libraries first: a wrong path fails fast, before the slower header passes
        ElfLibrary cLibrary = ElfReader.read(Path.of(config.cLibrary()));
        ElfLibrary fortranLibrary = ElfReader.read(Path.of(config.fortranLibrary()));
        HeaderAbi header = headerProbe.probe(config.headerPath(), config.includeDirs());

        SortedMap<String, DataObject> objects = new TreeMap<>();
        for (String name : header.declaredObjects()) {
            cLibrary.exportedObject(name).ifPresent(symbol -> objects.put(name, new DataObject(symbol.size())));
        }
        SortedMap<String, Constant> constants = new TreeMap<>(header.constants());
        config.removedHandlesOrNone().forEach((constant, removed) -> {
            if (constants.containsKey(constant)) {
                throw new ProbeException("probe configuration: " + family + ": removed handle " + constant
                        + " is defined by " + config.header() + ": remove it from removed_handles.");
            }
            ElfSymbol object = cLibrary.exportedObject(removed.symbol()).orElseThrow(() -> new ProbeException(
                    "probe configuration: " + family + ": removed handle " + constant + ": "
                            + cLibrary.soname() + " exports no object " + removed.symbol() + "."));
            constants.put(constant, new Constant("handle", removed.type(), null, removed.symbol(), null));
            objects.put(removed.symbol(), new DataObject(object.size()));
        });
        return new AbiDescriptor(
                family,
                header.version(),
                config.header(),
                new Libraries(cLibrary.soname(), fortranLibrary.soname(), List.copyOf(config.fake()),
                        mpiSonames(family, config, cLibrary, fortranLibrary), marker(family, config, cLibrary)),
                header.types(),
                header.status(),
                constants,
                objects,
                header.functions(),
                exports(cLibrary),
                FortranHeader.integerParameters(config.headerPath().toAbsolutePath().resolveSibling("mpif.h")));
    }

    /** The MPI sonames of fake, which must hold the probed C and Fortran libraries' sonames. */
    private static List<String> mpiSonames(String family, ProbeConfig.Family config, ElfLibrary c, ElfLibrary fortran) {
        List<String> mpi = config.mpiSonames();
        for (ElfLibrary library : List.of(c, fortran)) {
            if (!mpi.contains(library.soname())) {
                throw new ProbeException("probe configuration: " + family + ": the soname " + library.soname() + " of "
                        + library.path() + " is not among the MPI sonames of \"fake\" (those not in \"support\").");
            }
        }
        return mpi;
    }

    /** The configured marker, which the C library must define. */
    private static String marker(String family, ProbeConfig.Family config, ElfLibrary c) {
        boolean defined = c.dynamicSymbols().stream().anyMatch(s -> s.isExported() && s.name().equals(config.marker()));
        if (!defined) {
            throw new ProbeException("probe configuration: " + family + ": marker " + config.marker() + ": "
                    + c.soname() + " does not define it.");
        }
        return config.marker();
    }

    /** Defined function symbols of the interface and its profiling layer, sorted and without repeats. */
    static List<String> exports(ElfLibrary library) {
        return library.dynamicSymbols().stream()
                .filter(s -> s.isFunction() && s.isExported())
                .map(ElfSymbol::name)
                .filter(name -> MpiNames.EXPORTED_FUNCTION.matcher(name).matches())
                .distinct()
                .sorted()
                .toList();
    }
}
