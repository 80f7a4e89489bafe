package org.wi4mpi.gen.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;

/**
 * MPICH 4.0.2 (mpich.json, Debian 12) and 4.2.1 (mpich42.json, Debian 13's packages): one soname,
 * one handle encoding, one status, but constants both define that differ, functions removed and
 * objects moved to the Fortran library, so 4.2.1 has a descriptor of its own. InstalledAbiTest
 * re-probes it where bin/wi4mpi-fetch-mpi debian13-mpich-4.2.1 has unpacked the packages.
 */
class Mpich42DescriptorTest {

    private static AbiDescriptor v40;
    private static AbiDescriptor v42;

    @BeforeAll
    static void readCommitted() {
        Path abiDir = InstalledAbiTest.committedAbiDirectory();
        v40 = AbiDescriptor.read(abiDir.resolve("mpich.json"));
        v42 = AbiDescriptor.read(abiDir.resolve("mpich42.json"));
    }

    @Test
    void librariesStatusAndTypesAreShared() {
        assertEquals("MPICH 4.0.2", v40.version());
        assertEquals("MPICH 4.2.1", v42.version());
        // The same sonames: a program's DT_NEEDED does not tell 4.0 from 4.2.
        assertEquals(v40.libraries().mpi(), v42.libraries().mpi());
        assertEquals(v40.libraries().fake(), v42.libraries().fake());
        assertEquals("libmpich.so.12", v42.libraries().c());
        assertEquals("libmpichfort.so.12", v42.libraries().fortran());
        // The marker is a symbol 4.2.1 defines and 4.0.2 does not (4.0.2's MPIR_Dup_fn is in both).
        assertEquals("MPIX_Stream_create", v42.libraries().marker());
        assertTrue(v42.exports().contains("MPIX_Stream_create"));
        assertFalse(v40.exports().contains("MPIX_Stream_create"));
        assertEquals("MPIR_Dup_fn", v40.libraries().marker());
        assertEquals("MPIR_Dup_fn", v42.constants().get("MPI_COMM_DUP_FN").symbol());
        assertEquals(v40.status(), v42.status());
        assertEquals(20, v42.status().size());
        for (String type : v40.types().keySet()) {
            assertEquals(v40.types().get(type), v42.types().get(type), type);
        }
        assertEquals(Set.of("MPIX_Iov", "MPIX_Stream"), onlyIn(v42.types().keySet(), v40.types().keySet()));
        assertEquals(new TypeInfo("handle", 4, false, null), v42.types().get("MPIX_Stream"));
    }

    /** Every predefined handle both define has one value: MPICH's handle encoding did not change. */
    @Test
    void handlesKeepTheirEncoding() {
        int shared = 0;
        for (Map.Entry<String, Constant> c : v40.constants().entrySet()) {
            if ("handle".equals(c.getValue().kind()) && v42.constants().containsKey(c.getKey())) {
                assertEquals(c.getValue(), v42.constants().get(c.getKey()), c.getKey());
                shared++;
            }
        }
        assertEquals(105, shared);
        assertEquals(new Constant("handle", "MPI_Comm", 0x44000000L, null, null), v42.constants().get("MPI_COMM_WORLD"));
        assertEquals(new Constant("handle", "MPI_Op", 0x5800000fL, null, null), v42.constants().get("MPIX_EQUAL"));
        assertEquals(new Constant("handle", "MPIX_Stream", 0x3c000000L, null, null), v42.constants().get("MPIX_STREAM_NULL"));
    }

    /**
     * Constants both define that differ: MPI_SUBVERSION, MPIX_COMM_TYPE_NEIGHBORHOOD (MPI-4.1's
     * MPI_COMM_TYPE_RESOURCE_GUIDED took its 4) and the QMPI function numbers (MPI_ABORT_T, ...).
     */
    @Test
    void constantsBothDefineThatDiffer() {
        Map<String, long[]> changed = new TreeMap<>();
        for (String name : v40.constants().keySet()) {
            Constant old = v40.constants().get(name);
            Constant now = v42.constants().get(name);
            if (now != null && !old.equals(now)) {
                assertEquals("int", now.kind(), name);
                changed.put(name, new long[] {old.value(), now.value()});
            }
        }
        assertEquals(367, changed.size());
        assertEquals(List.of(0L, 1L), values(changed.remove("MPI_SUBVERSION")));
        assertEquals(List.of(4L, 5L), values(changed.remove("MPIX_COMM_TYPE_NEIGHBORHOOD")));
        assertEquals(4L, v42.constants().get("MPI_COMM_TYPE_RESOURCE_GUIDED").value());
        // The other 365 are QMPI's function numbers, shifted by the functions 4.1 and 4.2 added.
        assertTrue(changed.keySet().stream().allMatch(name -> name.endsWith("_T")), changed::toString);
        assertEquals(List.of(298L, 325L), values(changed.get("MPI_ABORT_T")));
        assertEquals(List.of(541L, 626L), values(changed.get("MPI_LAST_FUNC_T")));
        // Error classes: MPI_ERR_LASTCODE kept; 4.2.1 adds MPI_ERR_ERRHANDLER = 80 (also in mpif.h).
        assertEquals(v40.constants().get("MPI_ERR_LASTCODE"), v42.constants().get("MPI_ERR_LASTCODE"));
        assertEquals(80L, v42.constants().get("MPI_ERR_ERRHANDLER").value());
        assertEquals(80L, v42.fortran().get("MPI_ERR_ERRHANDLER"));
        assertEquals(1L, v42.fortran().get("MPI_SUBVERSION"));
    }

    @Test
    void constantsAddedAndRemoved() {
        Set<String> added = onlyIn(v42.constants().keySet(), v40.constants().keySet());
        assertEquals(98, added.size());
        assertEquals(Set.of("MPIX_EQUAL", "MPIX_ERR_STREAM", "MPIX_ERR_TIMEOUT", "MPIX_STREAM_NULL",
                "MPI_BUFFER_AUTOMATIC", "MPI_COMBINER_VALUE_INDEX", "MPI_COMM_TYPE_RESOURCE_GUIDED",
                "MPI_ERR_ERRHANDLER", "MPI_T_BIND_MPI_SESSION", "MPI_T_ERR_NOT_ACCESSIBLE"),
                new TreeSet<>(added.stream().filter(name -> !name.endsWith("_T")).toList()));
        assertEquals(new Constant("pointer", null, -2L, null, null), v42.constants().get("MPI_BUFFER_AUTOMATIC"));
        assertEquals(Set.of("MPIX_DELETE_ERROR_CLASS_T", "MPIX_DELETE_ERROR_CODE_T", "MPIX_DELETE_ERROR_STRING_T"),
                onlyIn(v40.constants().keySet(), v42.constants().keySet()));
    }

    /** 4.2.1 exports the MPI_F08_STATUS(ES)_IGNORE objects from libmpichfort.so.12, no longer from libmpich.so.12. */
    @Test
    void fortranObjectsLeftTheCLibrary() {
        assertEquals(Set.of("MPIR_F08_MPI_BOTTOM", "MPIR_F08_MPI_IN_PLACE", "MPIR_F08_MPI_STATUSES_IGNORE_OBJ",
                "MPIR_F08_MPI_STATUS_IGNORE_OBJ", "MPI_F08_STATUSES_IGNORE", "MPI_F08_STATUS_IGNORE"),
                onlyIn(v40.objects().keySet(), v42.objects().keySet()));
        assertEquals(Set.of(), onlyIn(v42.objects().keySet(), v40.objects().keySet()));
        for (String object : v42.objects().keySet()) {
            assertEquals(v40.objects().get(object), v42.objects().get(object), object);
        }
    }

    @Test
    void functionsAddedRemovedAndChanged() {
        Set<String> added = onlyIn(v42.functions().keySet(), v40.functions().keySet());
        assertEquals(86, added.size());
        assertTrue(added.containsAll(List.of("MPI_Comm_attach_buffer", "MPI_Remove_error_class",
                "MPI_Status_get_source", "MPI_Request_get_status_any", "MPI_Type_get_value_index",
                "MPI_Comm_c2f", "MPI_Get_hw_resource_info", "MPIX_Stream_create", "MPIX_Threadcomm_init")));
        // The handle conversions are functions in 4.2.1, macros (no symbol) in 4.0.2.
        assertFalse(v40.exports().contains("MPI_Comm_c2f"));
        assertTrue(v42.exports().contains("MPI_Comm_c2f") && v42.exports().contains("PMPI_Comm_c2f"));
        // MPI-4.1 renamed them MPI_Remove_error_*: a 4.0.2 program calling them does not load on 4.2.1.
        Set<String> removed = Set.of("MPIX_Delete_error_class", "MPIX_Delete_error_code", "MPIX_Delete_error_string");
        assertEquals(removed, onlyIn(v40.functions().keySet(), v42.functions().keySet()));
        assertEquals(Set.of("MPIX_Delete_error_class", "MPIX_Delete_error_code", "MPIX_Delete_error_string",
                "PMPIX_Delete_error_class", "PMPIX_Delete_error_code", "PMPIX_Delete_error_string"),
                onlyIn(new TreeSet<>(v40.exports()), new TreeSet<>(v42.exports())));
        assertEquals(172, onlyIn(new TreeSet<>(v42.exports()), new TreeSet<>(v40.exports())).size());
        // One prototype both declare changed, in a way that leaves the call ABI alone.
        for (String function : v40.functions().keySet()) {
            if (v42.functions().containsKey(function) && !function.equals("MPI_Pready_list")) {
                assertEquals(v40.functions().get(function), v42.functions().get(function), function);
            }
        }
        assertEquals(new Param("array_of_partitions", "int *"), v40.functions().get("MPI_Pready_list").params().get(1));
        assertEquals(new Param("array_of_partitions", "const int *"), v42.functions().get("MPI_Pready_list").params().get(1));
    }

    private static List<Long> values(long[] pair) {
        return List.of(pair[0], pair[1]);
    }

    private static Set<String> onlyIn(Set<String> a, Set<String> b) {
        Set<String> only = new TreeSet<>(a);
        only.removeAll(b);
        return only;
    }
}
