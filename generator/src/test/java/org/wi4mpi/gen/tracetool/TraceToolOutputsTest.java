package org.wi4mpi.gen.tracetool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.FortranDictionary;

/**
 * Where each tracing tool looks for the mpi.h it compiles against: its descriptor's installation
 * first, then the other families' (native/trace.cmake takes the first holding the descriptor's
 * release, so Debian 13's system Open MPI, 5.0.7, serves the openmpi5 tool), and that release.
 */
class TraceToolOutputsTest {

    private static String dir(AbiDescriptor abi) {
        return Path.of(abi.header()).getParent().toString();
    }

    @Test
    void eachFamilyLooksInItsOwnInstallationFirstThenTheOthers() {
        Map<String, AbiDescriptor> abis = new LinkedHashMap<>();
        for (String family : List.of("openmpi", "mpich", "openmpi5"))
            abis.put(family, TraceToolFixtures.abi(family));
        List<TraceToolOutputs.Family> families = TraceToolOutputs.build(abis, TraceToolFixtures.dict(),
                FortranDictionary.load(TraceToolFixtures.dictionaries().resolve("fortran.json")), Path.of("out"));
        String openmpi = dir(abis.get("openmpi")), mpich = dir(abis.get("mpich")), openmpi5 = dir(abis.get("openmpi5"));
        assertEquals(List.of("openmpi", "mpich", "openmpi5"), families.stream().map(TraceToolOutputs.Family::name).toList());
        assertEquals(List.of(openmpi, mpich, openmpi5), families.get(0).includeDirs());
        assertEquals(List.of(mpich, openmpi, openmpi5), families.get(1).includeDirs());
        assertEquals(List.of(openmpi5, openmpi, mpich), families.get(2).includeDirs());
        assertEquals(List.of("Open MPI 4.1.4", "MPICH 4.0.2", "Open MPI 5.0.7"),
                families.stream().map(TraceToolOutputs.Family::version).toList());
    }
}
