package org.wi4mpi.tests.library;

import org.wi4mpi.tests.MpiFamily;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wi4mpi.tests.SuiteConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every translation library exports every MPI function its application family's library exports
 * (translated or aborting with its name), and, in cross pairs from Open MPI, every predefined object
 * at the vendor's size — the condition for the dynamic loader to accept COPY relocations silently.
 */
class ExportedSymbolsTest {

    private static final Path SYSTEM_LIBRARIES = Path.of("/usr/lib/x86_64-linux-gnu");
    private static final Map<String, String> VENDOR_LIBRARY = Map.of(
            "openmpi", "libmpi.so.40", "mpich", "libmpich.so.12");

    private static Path translationLibrary(String from, String to) {
        Path lib = SuiteConfig.fromEnvironment().install().resolve("lib/libwi4mpi_" + from + "_" + to + ".so");
        assertTrue(Files.isRegularFile(lib), lib + " is missing: build the install tree first (mvn install)");
        return lib;
    }

    @ParameterizedTest(name = "{0}→{1} exports every {0} MPI function")
    @CsvSource({"openmpi,mpich", "openmpi,openmpi", "mpich,openmpi", "mpich,mpich"})
    void exportsEveryVendorFunction(String from, String to) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols vendor = DynamicSymbols.of(SYSTEM_LIBRARIES.resolve(VENDOR_LIBRARY.get(from)));
        DynamicSymbols ours = DynamicSymbols.of(translationLibrary(from, to));
        List<String> expected = vendor.mpiFunctions();
        assertTrue(expected.size() > 800, "the vendor library exports " + expected.size() + " MPI functions");
        TreeSet<String> missing = new TreeSet<>(expected);
        missing.removeAll(ours.mpiFunctions());
        assertEquals(new TreeSet<>(), missing, "functions " + from + " exports that the library does not");
        // Nothing of the translation layer itself leaks into the application's symbol space.
        List<String> internal = ours.symbols().keySet().stream()
                .filter(s -> s.startsWith("wi_") || s.startsWith("A_") || s.startsWith("R_")).toList();
        assertEquals(List.of(), internal, "internal symbols exported");
    }

    @ParameterizedTest(name = "openmpi→mpich exports Open MPI's predefined objects at their sizes")
    @CsvSource({"openmpi,mpich"})
    void exportsOpenMpiObjectsAtVendorSizes(String from, String to) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols vendor = DynamicSymbols.of(SYSTEM_LIBRARIES.resolve("libmpi.so.40"));
        DynamicSymbols ours = DynamicSymbols.of(translationLibrary(from, to));
        // Every extern object Open MPI's mpi.h declares (what an application can reference) is exported.
        List<String> declared = DescriptorObjects.of("openmpi");
        assertTrue(declared.contains("ompi_mpi_comm_world") && declared.contains("ompi_mpi_int"), declared.toString());
        for (String object : declared) {
            DynamicSymbols.Symbol theirs = vendor.symbols().get(object);
            DynamicSymbols.Symbol mine = ours.symbols().get(object);
            assertTrue(mine != null, object + " is not exported");
            assertEquals(theirs.size(), mine.size(), object + " size");
        }
        assertEquals(512, ours.symbols().get("ompi_mpi_comm_world").size());
        assertEquals(2048, ours.symbols().get("ompi_mpi_op_sum").size());
    }

    @ParameterizedTest(name = "{0}→{1} exports no Open MPI object (the real library's are used)")
    @CsvSource({"openmpi,openmpi", "mpich,openmpi", "mpich,mpich"})
    void exportsNoObjectsWhereTheRealLibraryProvidesThem(String from, String to) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols ours = DynamicSymbols.of(translationLibrary(from, to));
        assertFalse(ours.symbols().containsKey("ompi_mpi_comm_world"));
    }
}
