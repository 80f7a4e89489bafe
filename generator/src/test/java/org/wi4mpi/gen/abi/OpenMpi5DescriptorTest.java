package org.wi4mpi.gen.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;

/**
 * Open MPI 4.1 (openmpi.json) and 5.0.7 (openmpi5.json) are two ABIs behind one soname: what differs
 * between the committed descriptors, with the values the probe extracted. InstalledAbiTest re-probes
 * openmpi5.json from the cached build and from Debian 13's packages where they are present.
 */
class OpenMpi5DescriptorTest {

    private static Path abiDir;
    private static AbiDescriptor v41;
    private static AbiDescriptor v5;

    @BeforeAll
    static void readCommitted() {
        abiDir = InstalledAbiTest.committedAbiDirectory();
        v41 = AbiDescriptor.read(abiDir.resolve("openmpi.json"));
        v5 = AbiDescriptor.read(abiDir.resolve("openmpi5.json"));
    }

    @Test
    void versionsShareTheSonamesButNotTheMarker() {
        assertEquals("Open MPI 4.1.4", v41.version());
        assertEquals("Open MPI 5.0.7", v5.version());
        assertEquals("libmpi.so.40", v5.libraries().c());
        assertEquals("libmpi_mpifh.so.40", v5.libraries().fortran());
        assertEquals(List.of("libmpi.so.40", "libmpi_mpifh.so.40", "libmpi_usempif08.so.40",
                "libmpi_usempi_ignore_tkr.so.40"), v5.libraries().mpi());
        // No C++ bindings in 5 (libmpi_cxx.so.40 is gone) and no libopen-rte (PRRTE replaces it).
        assertTrue(v41.libraries().mpi().contains("libmpi_cxx.so.40"));
        assertEquals("ompi_mpi_instance_null", v5.libraries().marker());
        assertFalse(v41.objects().containsKey("ompi_mpi_instance_null"));
    }

    @Test
    void predefinedObjectsKeepTheirSizesButNotTheirSet() {
        for (String object : List.of("ompi_mpi_comm_world", "ompi_mpi_int")) {
            assertEquals(512, v41.objects().get(object).size(), object);
            assertEquals(512, v5.objects().get(object).size(), object);
        }
        assertEquals(2048, v5.objects().get("ompi_mpi_op_sum").size());
        // Every object both export has one size: a binary's copy relocations do not tell 4.1 from 5.
        for (String object : v41.objects().keySet()) {
            if (v5.objects().containsKey(object)) {
                assertEquals(v41.objects().get(object), v5.objects().get(object), object);
            }
        }
        assertEquals(1024, v5.objects().get("ompi_mpi_errors_abort").size());
        assertEquals(512, v5.objects().get("ompi_mpi_instance_null").size());
        assertEquals(512, v5.objects().get("ompi_mpi_complex4").size());
        assertEquals(Set.of("MPI_F08_STATUSES_IGNORE", "MPI_F08_STATUS_IGNORE", "ompi_mpi_complex4",
                "ompi_mpi_errors_abort", "ompi_mpi_instance_null"), onlyIn(v5.objects().keySet(), v41.objects().keySet()));
        // MPI_LB and MPI_UB: removed in MPI-3.0, still exported by 4.1, gone from 5.
        assertEquals(Set.of("ompi_mpi_lb", "ompi_mpi_ub"), onlyIn(v41.objects().keySet(), v5.objects().keySet()));
        assertNull(v5.constants().get("MPI_LB"));
    }

    @Test
    void constantsAddedIn5AndNoneChanged() {
        assertEquals(new Constant("handle", "MPI_Errhandler", null, "ompi_mpi_errors_abort", null),
                v5.constants().get("MPI_ERRORS_ABORT"));
        assertEquals(new Constant("handle", "MPI_Session", null, "ompi_mpi_instance_null", null),
                v5.constants().get("MPI_SESSION_NULL"));
        assertEquals(new Constant("int", null, 78L, null, null), v5.constants().get("MPI_ERR_SESSION"));
        assertEquals(new Constant("int", null, 79L, null, null), v5.constants().get("MPI_ERR_VALUE_TOO_LARGE"));
        assertEquals(new Constant("int", null, 512L, null, null), v5.constants().get("MPI_MAX_PSET_NAME_LEN"));
        assertEquals(19, onlyIn(v5.constants().keySet(), v41.constants().keySet()).size());
        assertEquals(Set.of("MPI_LB", "MPI_UB"), onlyIn(v41.constants().keySet(), v5.constants().keySet()));
        for (String name : v41.constants().keySet()) {
            if (v5.constants().containsKey(name)) {
                assertEquals(v41.constants().get(name), v5.constants().get(name), name);
            }
        }
        assertEquals(92L, v5.constants().get("MPI_ERR_LASTCODE").value());
        assertTrue(v5.types().containsKey("MPI_Session"));
        assertFalse(v41.types().containsKey("MPI_Session"));
    }

    @Test
    void functionsAddedIn5() {
        Set<String> added = onlyIn(v5.functions().keySet(), v41.functions().keySet());
        assertEquals(53, added.size());
        assertTrue(added.containsAll(List.of("MPI_Session_init", "MPI_Session_finalize", "MPI_Isendrecv",
                "MPI_Psend_init", "MPI_Pready", "MPI_Bcast_init", "MPI_Info_get_string", "MPI_Comm_idup_with_info")));
        assertEquals(Set.of(), onlyIn(v41.functions().keySet(), v5.functions().keySet()));
        assertEquals("mpi_assert", v5.functions().get("MPI_Win_fence").params().get(0).name());
        assertEquals("assert", v41.functions().get("MPI_Win_fence").params().get(0).name());
    }

    private static Set<String> onlyIn(Set<String> a, Set<String> b) {
        Set<String> only = new TreeSet<>(a);
        only.removeAll(b);
        return only;
    }
}
