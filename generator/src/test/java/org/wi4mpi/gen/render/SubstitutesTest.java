package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Predefined handles of the application's ABI that the runtime lacks are computed from both
 * descriptors and each gets what substitutes.json chooses; one without an entry stops the build.
 */
class SubstitutesTest {

    @TempDir
    Path dir;

    private static AbiDescriptor descriptor(String family) {
        return AbiDescriptor.read(RepositoryPaths.dictionaries().resolve("abi/" + family + ".json"));
    }

    private static Map<String, SubstituteView> substitutes(String from, String to, Dictionaries dict) {
        return new PairModelBuilder(descriptor(from), descriptor(to), dict).build().handles().substitutes().stream()
                .collect(Collectors.toMap(SubstituteView::name, s -> s));
    }

    /** A substitute of the given handle table: an alias (count 0) of base, or count elements of it. */
    private static void assertSubstitute(String table, int count, String base, SubstituteView s) {
        assertEquals(table, s.kind().table());
        assertEquals(count, s.count());
        assertEquals(base, s.base());
    }

    /**
     * Open MPI 5 removed MPI_LB and MPI_UB, which 4.1 and MPICH programs may still pass: named outright
     * in substitutes.json, they become Open MPI 5's null datatype (its error where used); 5's own
     * additions are aliased on 4.1 as on MPICH.
     */
    @Test
    void handlesOpenMpi5LacksBecomeItsNullDatatypeAndItsOwnAreAliasedOn41() {
        Dictionaries dict = Dictionaries.load(RepositoryPaths.dictionaries());
        for (String from : List.of("openmpi", "mpich")) {
            Map<String, SubstituteView> subs = substitutes(from, "openmpi5", dict);
            assertSubstitute("datatype", 0, "MPI_DATATYPE_NULL", subs.get("MPI_LB"));
            assertSubstitute("datatype", 0, "MPI_DATATYPE_NULL", subs.get("MPI_UB"));
        }
        Map<String, SubstituteView> subs = substitutes("openmpi5", "openmpi", dict);
        assertSubstitute("errhandler", 0, "MPI_ERRORS_ARE_FATAL", subs.get("MPI_ERRORS_ABORT"));
        // Elsewhere the null handle is no substitute: MPICH keeps its MPI_LB, nothing is substituted for it.
        assertFalse(substitutes("openmpi", "mpich", dict).containsKey("MPI_LB"));
    }

    @Test
    void openMpisLogicalKindsAreMpichIntegersOfTheirSizeAndItsComplexPairsAreMade() {
        Dictionaries dict = Dictionaries.load(RepositoryPaths.dictionaries());
        Map<String, SubstituteView> subs = substitutes("openmpi", "mpich", dict);
        assertEquals(List.of("MPI_2COMPLEX", "MPI_2DOUBLE_COMPLEX", "MPI_LOGICAL1", "MPI_LOGICAL2", "MPI_LOGICAL4",
                "MPI_LOGICAL8"), subs.keySet().stream().sorted().toList());
        assertSubstitute("datatype", 0, "MPI_INT8_T", subs.get("MPI_LOGICAL1"));
        assertSubstitute("datatype", 2, "MPI_COMPLEX", subs.get("MPI_2COMPLEX"));
        // MPI_CXX_COMPLEX is MPI_CXX_FLOAT_COMPLEX's object in Open MPI's header: nothing lacks.
        assertFalse(subs.containsKey("MPI_CXX_COMPLEX"));
        // An alias is registered with the predefined handles, after those both ABIs share.
        List<Registration> registrations = new PairModelBuilder(descriptor("openmpi"), descriptor("mpich"), dict).build()
                .handles().registrations();
        assertEquals("MPI_LOGICAL8", registrations.getLast().name());
        assertEquals("MPI_INT64_T", registrations.getLast().runtimeName());
    }

    @Test
    void aHandleTheRuntimeHasAsItsNullHandleIsLackingToo() {
        Dictionaries dict = Dictionaries.load(RepositoryPaths.dictionaries());
        // MPICH's MPI_INTEGER16 is MPI_DATATYPE_NULL; the standard ABI's is a datatype.
        assertEquals(16, substitutes("standard", "mpich", dict).get("MPI_INTEGER16").count());
        // The first alternative whose base the runtime has: MPICH has MPIX_C_FLOAT16, Open MPI does not.
        assertEquals("MPIX_C_FLOAT16", substitutes("standard", "mpich", dict).get("MPI_REAL2").base());
        assertSubstitute("datatype", 2, "MPI_BYTE", substitutes("standard", "openmpi", dict).get("MPI_REAL2"));
        assertTrue(new PairModelBuilder(descriptor("mpich"), descriptor("mpich"), dict).build().handles().substitutes().isEmpty());
    }

    @Test
    void aLackingHandleWithoutAnEntryIsNamed() throws IOException {
        Path copy = dir.resolve("dictionaries");
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(RepositoryPaths.dictionaries())) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        Files.writeString(copy.resolve("substitutes.json"), "{\"substitutes\": {\"MPI_LOGICAL1\": [{\"alias\": \"MPI_INT8_T\"}]}}");
        Dictionaries dict = Dictionaries.load(copy);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> substitutes("openmpi", "mpich", dict));
        assertTrue(e.getMessage().startsWith("dictionaries/substitutes.json has no entry for MPI_2COMPLEX, a predefined "
                + "MPI_Datatype of openmpi that mpich lacks"), e.getMessage());
    }
}
