package org.wi4mpi.gen.dict;

import org.wi4mpi.gen.abi.AbiDescriptor;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The repository's dictionaries/ load without a problem and say what the translation relies on. */
class RepositoryDictionariesTest {

    private static Dictionaries dict;

    @BeforeAll
    static void load() {
        dict = Dictionaries.load(DictionaryFixtures.repositoryDictionaries());
    }

    private static ArgSpec arg(String function, String name) {
        return dict.function(function).args().stream().filter(a -> a.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(function + " has no argument " + name));
    }

    @Test
    void waitallConvertsCountStatusesAndRequestsBothWays() {
        ArgSpec statuses = arg("MPI_Waitall", "array_of_statuses");
        assertEquals("status", statuses.role());
        assertEquals("out", statuses.dir());
        assertEquals("count", statuses.length());
        assertEquals("MPI_Status *", statuses.type());

        ArgSpec requests = arg("MPI_Waitall", "array_of_requests");
        assertEquals("request", requests.role());
        assertEquals("inout", requests.dir());
        assertEquals("count", requests.length());
    }

    @Test
    void recvSourceIsARankAndTagATag() {
        assertEquals("rank", arg("MPI_Recv", "source").role());
        assertEquals("tag", arg("MPI_Recv", "tag").role());
        assertEquals(List.of("MPI_ANY_SOURCE", "MPI_PROC_NULL", "MPI_ROOT", "MPI_UNDEFINED"),
                dict.mapper("rank").constants());
    }

    @Test
    void completionArraysAreSizedByWhatTheCallReports() {
        assertEquals("*outcount", arg("MPI_Waitsome", "array_of_statuses").length());
        assertEquals("index", arg("MPI_Waitsome", "outcount").role());
        assertEquals("incount", arg("MPI_Testsome", "array_of_requests").length());
        assertEquals("index", arg("MPI_Waitany", "index").role());
    }

    @Test
    void alltoallwTypesAreSizedByTheCommunicatorsPeers() {
        assertEquals("@comm_peers(comm)", arg("MPI_Alltoallw", "sendtypes").length());
        assertEquals("@comm_peers(comm)", arg("MPI_Ialltoallw", "recvtypes").length());
        assertEquals("const MPI_Datatype *", arg("MPI_Alltoallw", "recvtypes").type());
    }

    @Test
    void pcontrolIsVariadicAndTheOnlyFunctionThatIs() {
        assertTrue(dict.function("MPI_Pcontrol").variadic());
        assertEquals(List.of("MPI_Pcontrol"),
                dict.functions().stream().filter(FunctionSpec::variadic).map(FunctionSpec::name).toList());
    }

    @Test
    void spawnMultipleErrorCodesAreSizedByEveryCommandsProcesses() {
        assertEquals("@sum(array_of_maxprocs, count)", arg("MPI_Comm_spawn_multiple", "array_of_errcodes").length());
        assertEquals("count", arg("MPI_Comm_spawn_multiple", "array_of_info").length());
        assertEquals("info", arg("MPI_Comm_spawn_multiple", "array_of_info").role());
    }

    @Test
    void neighbourhoodTypesAreSizedByTheTopologysDegrees() {
        assertEquals("@comm_outdegree(comm)", arg("MPI_Neighbor_alltoallw", "sendtypes").length());
        assertEquals("@comm_indegree(comm)", arg("MPI_Neighbor_alltoallw", "recvtypes").length());
        assertEquals("@comm_outdegree(comm)", arg("MPI_Ineighbor_alltoallw", "sendtypes").length());
        assertEquals("@comm_indegree(comm)", arg("MPI_Ineighbor_alltoallw_c", "recvtypes").length());
    }

    @Test
    void directionsFollowTheStandard() {
        assertEquals("in", arg("MPI_Cancel", "request").dir());
        assertEquals("inout", arg("MPI_Wait", "request").dir());
        assertEquals("inout", arg("MPI_Start", "request").dir());
        assertEquals("inout", arg("MPI_Comm_free", "comm").dir());
        assertEquals("out", arg("MPI_Comm_split", "newcomm").dir());
        assertEquals("inout", arg("MPI_Mrecv", "message").dir());
    }

    @Test
    void outputStringsAreBoundedByTheirFamilysMaximum() {
        assertEquals("object_name", arg("MPI_Comm_get_name", "comm_name").role());
        assertEquals("value", arg("MPI_Comm_get_name", "resultlen").role());
        assertEquals("MPI_MAX_OBJECT_NAME", dict.mapper("object_name").max());
        assertEquals("MPI_MAX_INFO_KEY", dict.mapper(arg("MPI_Info_get_nthkey", "key").role()).max());
        assertEquals("value", arg("MPI_Info_get", "value").role());
    }

    @Test
    void typesAreTheDecayedSpellingsOfTheHeaders() {
        assertEquals("int (*)[3]", arg("MPI_Group_range_incl", "ranges").type());
        assertEquals("const int *", arg("MPI_Group_incl", "ranks").type());
        assertEquals("double", dict.function("MPI_Wtime").returns());
        assertTrue(dict.function("MPI_Finalize").args().isEmpty());
    }

    /**
     * Each family lists every described function its library has: MPI-4 ones are MPICH's alone, most
     * c2f/f2c functions Open MPI's alone (MPICH's are macros).
     */
    @Test
    void eachFuncListListsEveryDescribedFunctionItsFamilyHas() {
        List<String> described = dict.functions().stream().map(FunctionSpec::name).toList();
        assertEquals(735, described.size());
        assertEquals(List.of("mpich", "openmpi", "openmpi5", "standard"), dict.families());
        Path abi = DictionaryFixtures.repositoryDictionaries().resolve("abi");
        AbiDescriptor mpich = AbiDescriptor.read(abi.resolve("mpich.json"));
        List<String> mpichHas = described.stream()
                .filter(n -> mpich.functions().containsKey(n) || mpich.exports().contains(n)).toList();
        assertEquals(634, mpichHas.size());
        assertEquals(new TreeSet<>(mpichHas), new TreeSet<>(dict.funcList("mpich")));
        AbiDescriptor openmpi = AbiDescriptor.read(abi.resolve("openmpi.json"));
        List<String> openmpiHas = described.stream()
                .filter(n -> openmpi.functions().containsKey(n) || openmpi.exports().contains(n)).toList();
        assertEquals(438, openmpiHas.size());
        assertEquals(new TreeSet<>(openmpiHas), new TreeSet<>(dict.funcList("openmpi")));
        // Open MPI 5: 4.1's without the MPIX_ persistent collectives, with the MPI-4.0 functions it
        // added, MPI_Session_c2f/f2c and the MPIX_Comm_ failure mitigation.
        AbiDescriptor openmpi5 = AbiDescriptor.read(abi.resolve("openmpi5.json"));
        List<String> openmpi5Has = described.stream()
                .filter(n -> openmpi5.functions().containsKey(n) || openmpi5.exports().contains(n)).toList();
        assertEquals(469, openmpi5Has.size());
        assertEquals(new TreeSet<>(openmpi5Has), new TreeSet<>(dict.funcList("openmpi5")));
        assertEquals("MPI_Count", dict.function("MPI_Psend_init").args().get(2).typeFor("openmpi5"));
        assertEquals("int", dict.function("MPI_Psend_init").args().get(2).typeFor("openmpi"));
        // The standard ABI (interface mode) lists every described function it declares, MPI_Psend_init
        // and MPI_Precv_init with their int count (family_types) and their _c forms among them.
        AbiDescriptor standard = AbiDescriptor.read(abi.resolve("standard.json"));
        Set<String> standardHas = new TreeSet<>(described.stream().filter(standard.functions()::containsKey).toList());
        assertEquals(664, standardHas.size());
        assertTrue(standardHas.containsAll(List.of("MPI_Psend_init", "MPI_Psend_init_c", "MPI_Precv_init",
                "MPI_Precv_init_c")));
        assertEquals(standardHas, new TreeSet<>(dict.funcList("standard")));
        assertEquals("int", dict.function("MPI_Psend_init").args().get(2).typeFor("standard"));
        assertEquals("MPI_Count", dict.function("MPI_Psend_init").args().get(2).typeFor("mpich"));
        assertEquals("MPI_Psend_init", dict.function("MPI_Psend_init_c").runtimeName());
    }

    @Test
    void everyMapperKindIsOneTheTemplatesImplement() {
        Set<String> usedRoles = new HashSet<>();
        dict.functions().forEach(f -> f.args().forEach(a -> usedRoles.add(a.role())));
        dict.mappers().forEach((role, m) -> {
            assertNotNull(m.kind(), role);
            assertTrue(usedRoles.contains(role), "role " + role + " is used by no argument");
        });
        assertNull(dict.mapper("value").constants());
    }
}
