package org.wi4mpi.gen.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.Field;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.clang.LibClang;

/** The header passes on two small headers shaped like Open MPI's and MPICH's, checked field by field. */
class FakeHeaderProbeTest {

    private static HeaderAbi openmpi;
    private static HeaderAbi mpich;

    @BeforeAll
    static void probe() throws URISyntaxException {
        HeaderProbe probe = new HeaderProbe(LibClang.locate(null));
        Path ompiHeader = resource("abi/fake-openmpi/mpi.h");
        Path mpichHeader = resource("abi/fake-mpich/mpi.h");
        openmpi = probe.probe(ompiHeader, List.of(ompiHeader.getParent()));
        mpich = probe.probe(mpichHeader, List.of(mpichHeader.getParent()));
    }

    static Path resource(String name) throws URISyntaxException {
        return Path.of(FakeHeaderProbeTest.class.getClassLoader().getResource(name).toURI());
    }

    private static Constant intConstant(long value) {
        return new Constant("int", null, value, null, null);
    }

    private static Constant pointer(long value) {
        return new Constant("pointer", null, value, null, null);
    }

    @Test
    void openMpiVersionComesFromTheOmpiMacros() {
        assertEquals("Open MPI 9.8.7", openmpi.version());
    }

    @Test
    void openMpiTypes() {
        assertEquals(new TypeInfo("handle", 8, true, null), openmpi.types().get("MPI_Comm"));
        assertEquals(new TypeInfo("handle", 8, true, null), openmpi.types().get("MPI_Group"));
        assertEquals(new TypeInfo("integer", 8, null, true), openmpi.types().get("MPI_Aint"));
        assertEquals(new TypeInfo("integer", 8, null, false), openmpi.types().get("MPI_Count"));
        // MPI_Fint is a macro naming a type in Open MPI
        assertEquals(new TypeInfo("integer", 4, null, true), openmpi.types().get("MPI_Fint"));
        assertEquals(callback("void", List.of(new Param("", "void *"), new Param("", "void *"), new Param("", "int *"),
                new Param("", "MPI_Datatype *"))), openmpi.types().get("MPI_User_function"));
        assertEquals(callback("int", List.of(new Param("", "MPI_Comm"), new Param("", "int"), new Param("", "void *"),
                new Param("", "void *"), new Param("", "void *"), new Param("", "int *"))),
                openmpi.types().get("MPI_Comm_copy_attr_function"));
        // Through the vendor's own typedef; the variadic tail as prototypes have it.
        assertEquals(callback("void", List.of(new Param("", "MPI_Comm *"), new Param("", "int *"), PrototypePass.VARIADIC)),
                openmpi.types().get("MPI_Comm_errhandler_function"));
        assertEquals(new TypeInfo("function", null, null, null, null, null, "MPI_Comm_errhandler_function"),
                openmpi.types().get("MPI_Comm_errhandler_fn"));
        assertEquals(callback("int", List.of(new Param("extra_state", "void *"), new Param("complete", "int"))),
                openmpi.types().get("MPI_Grequest_cancel_function"));
        assertEquals(new TypeInfo("struct", 24, null, null), openmpi.types().get("MPI_Status"));
    }

    @Test
    void openMpiStatusLayoutIsInBytes() {
        assertEquals(24, openmpi.status().size());
        assertEquals(Map.of(
                "MPI_SOURCE", new Field(0, 4),
                "MPI_TAG", new Field(4, 4),
                "MPI_ERROR", new Field(8, 4),
                "_cancelled", new Field(12, 4),
                "_ucount", new Field(16, 8)), openmpi.status().fields());
    }

    @Test
    void openMpiPredefinedHandlesNameTheirDataSymbol() {
        assertEquals(new Constant("handle", "MPI_Comm", null, "ompi_mpi_comm_world", null),
                openmpi.constants().get("MPI_COMM_WORLD"));
        assertEquals(new Constant("handle", "MPI_Comm", null, "ompi_mpi_comm_null", null),
                openmpi.constants().get("MPI_COMM_NULL"));
        assertEquals(new Constant("handle", "MPI_Op", null, "ompi_mpi_op_sum", null),
                openmpi.constants().get("MPI_SUM"));
        assertEquals(new Constant("handle", "MPI_Request", null, "ompi_request_null", null),
                openmpi.constants().get("MPI_REQUEST_NULL"));
    }

    @Test
    void openMpiIntegerConstantsAndEnumerators() {
        assertEquals(intConstant(-1), openmpi.constants().get("MPI_ANY_SOURCE"));
        assertEquals(intConstant(-2), openmpi.constants().get("MPI_PROC_NULL"));
        assertEquals(intConstant(-32766), openmpi.constants().get("MPI_UNDEFINED"));
        assertEquals(intConstant(256), openmpi.constants().get("MPI_MAX_ERROR_STRING"));
        assertEquals(intConstant(1), openmpi.constants().get("MPI_MODE_NOCHECK"));
        assertEquals(intConstant(3), openmpi.constants().get("MPI_VERSION"));
        assertEquals(intConstant(0), openmpi.constants().get("MPI_IDENT"));
        assertEquals(intConstant(1), openmpi.constants().get("MPI_CONGRUENT"));
        assertEquals(intConstant(5), openmpi.constants().get("MPI_SIMILAR"));
        assertEquals(intConstant(6), openmpi.constants().get("MPI_UNEQUAL"));
    }

    @Test
    void openMpiPointerConstants() {
        assertEquals(pointer(0), openmpi.constants().get("MPI_BOTTOM"));
        assertEquals(pointer(1), openmpi.constants().get("MPI_IN_PLACE"));
        assertEquals(pointer(2), openmpi.constants().get("MPI_UNWEIGHTED"));
        assertEquals(pointer(0), openmpi.constants().get("MPI_STATUS_IGNORE"));
        assertEquals(pointer(0), openmpi.constants().get("MPI_NULL_DELETE_FN"));
        assertEquals(new Constant("pointer", null, null, "OMPI_C_MPI_COMM_NULL_COPY_FN", null),
                openmpi.constants().get("MPI_COMM_NULL_COPY_FN"));
    }

    @Test
    void macrosThatAreNotConstantsAreLeftOut() {
        for (String name : List.of("MPI_LB", "MPI_Comm_f2c", "MPI_NOT_A_CONSTANT", "MPI_EMPTY_GUARD", "MPI_Fint",
                "OMPI_MAJOR_VERSION", "FAKE_MAX_ERROR_STRING")) {
            assertFalse(openmpi.constants().containsKey(name), name);
        }
    }

    @Test
    void openMpiPrototypesDecayArraysAndSkipProfilingNames() {
        assertEquals(Set.of("MPI_Send", "MPI_Group_range_incl", "MPI_Waitall", "MPI_Type_create_struct",
                "MPI_Comm_spawn_multiple", "MPI_Op_create", "MPI_Pcontrol", "MPI_Wtime", "MPIX_Fake_extension"),
                openmpi.functions().keySet());
        assertEquals(new Prototype("int", List.of(new Param("buf", "const void *"), new Param("count", "int"),
                new Param("datatype", "MPI_Datatype"), new Param("dest", "int"), new Param("tag", "int"),
                new Param("comm", "MPI_Comm"))), openmpi.functions().get("MPI_Send"));
        assertEquals(new Param("ranges", "int (*)[3]"),
                openmpi.functions().get("MPI_Group_range_incl").params().get(2));
        assertEquals(new Param("array_of_requests", "MPI_Request *"),
                openmpi.functions().get("MPI_Waitall").params().get(1));
        assertEquals(List.of(new Param("count", "int"), new Param("array_of_blocklengths", "const int *"),
                new Param("array_of_displacements", "const MPI_Aint *"),
                new Param("array_of_types", "const MPI_Datatype *"), new Param("newtype", "MPI_Datatype *")),
                openmpi.functions().get("MPI_Type_create_struct").params());
        assertEquals(new Param("array_of_commands", "char **"),
                openmpi.functions().get("MPI_Comm_spawn_multiple").params().get(1));
        assertEquals(new Param("array_of_argv", "char ***"),
                openmpi.functions().get("MPI_Comm_spawn_multiple").params().get(2));
        assertEquals(new Param("function", "MPI_User_function *"),
                openmpi.functions().get("MPI_Op_create").params().get(0));
        assertEquals(new Prototype("int", List.of(new Param("level", "const int"), PrototypePass.VARIADIC)),
                openmpi.functions().get("MPI_Pcontrol"));
        assertEquals(new Prototype("double", List.of()), openmpi.functions().get("MPI_Wtime"));
    }

    @Test
    void openMpiDeclaredObjects() {
        assertEquals(Set.of("ompi_mpi_comm_world", "ompi_mpi_comm_null", "ompi_mpi_op_sum", "ompi_request_null",
                "MPI_F_STATUS_IGNORE"), openmpi.declaredObjects());
    }

    @Test
    void mpichVersionComesFromTheVersionString() {
        assertEquals("MPICH 9.8.7", mpich.version());
    }

    @Test
    void mpichTypes() {
        assertEquals(new TypeInfo("handle", 4, false, null), mpich.types().get("MPI_Comm"));
        assertEquals(new TypeInfo("handle", 4, false, null), mpich.types().get("MPI_Session"));
        assertEquals(new TypeInfo("handle", 8, true, null), mpich.types().get("MPI_File"));
        assertEquals(new TypeInfo("handle", 8, true, null), mpich.types().get("MPI_T_enum"));
        assertEquals(new TypeInfo("integer", 4, null, true), mpich.types().get("MPI_Fint"));
        assertEquals(new TypeInfo("struct", 20, null, null), mpich.types().get("MPI_Status"));
        assertEquals(new TypeInfo("other", 4, null, null), mpich.types().get("MPI_T_cb_safety"));
        assertNull(mpich.types().get("MPIR_Topo_type"));
    }

    @Test
    void mpichStatusLayout() {
        assertEquals(20, mpich.status().size());
        assertEquals(Map.of(
                "count_lo", new Field(0, 4),
                "count_hi_and_cancelled", new Field(4, 4),
                "MPI_SOURCE", new Field(8, 4),
                "MPI_TAG", new Field(12, 4),
                "MPI_ERROR", new Field(16, 4)), mpich.status().fields());
    }

    @Test
    void mpichHandlesAreIntegerValues() {
        assertEquals(new Constant("handle", "MPI_Comm", 0x44000000L, null, null), mpich.constants().get("MPI_COMM_WORLD"));
        assertEquals(new Constant("handle", "MPI_Comm", 0x04000000L, null, null), mpich.constants().get("MPI_COMM_NULL"));
        assertEquals(new Constant("handle", "MPI_Request", 0x2c000000L, null, null),
                mpich.constants().get("MPI_REQUEST_NULL"));
        assertEquals(new Constant("handle", "MPI_File", 0L, null, null), mpich.constants().get("MPI_FILE_NULL"));
        assertEquals(new Constant("handle", "MPI_T_enum", 0L, null, null), mpich.constants().get("MPI_T_ENUM_NULL"));
        assertEquals(new Constant("handle", "MPI_Datatype", 0x4c000405L, null, null), mpich.constants().get("MPI_INT"));
        assertEquals(new Constant("handle", "MPI_Datatype", 0x0c000000L, null, null),
                mpich.constants().get("MPI_INTEGER16"));
    }

    @Test
    void mpichOtherConstants() {
        assertEquals(intConstant(-2), mpich.constants().get("MPI_ANY_SOURCE"));
        assertEquals(intConstant(-1), mpich.constants().get("MPI_PROC_NULL"));
        assertEquals(intConstant(234), mpich.constants().get("MPI_LOCK_EXCLUSIVE"));
        assertEquals(intConstant(2), mpich.constants().get("MPI_CART"));
        assertEquals(intConstant(1), mpich.constants().get("MPI_T_CB_REQUIRE_MPI_RESTRICTED"));
        assertEquals(pointer(-1), mpich.constants().get("MPI_IN_PLACE"));
        assertEquals(pointer(1), mpich.constants().get("MPI_STATUS_IGNORE"));
        assertEquals(pointer(0), mpich.constants().get("MPI_COMM_NULL_COPY_FN"));
        assertEquals(new Constant("pointer", null, null, "MPIR_Dup_fn", null), mpich.constants().get("MPI_COMM_DUP_FN"));
        assertEquals(new Constant("string", null, null, null, "%ld"), mpich.constants().get("MPI_AINT_FMT_DEC_SPEC"));
        assertFalse(mpich.constants().containsKey("MPICH_VERSION"));
        // a variable, not a constant: its value is only known at run time
        assertFalse(mpich.constants().containsKey("MPI_UNWEIGHTED"));
    }

    @Test
    void mpichPrototypesComeFromTheIncludedProtoHeader() {
        assertEquals(Set.of("MPI_Send", "MPI_File_close", "MPI_Session_finalize", "MPIX_Comm_fake"),
                mpich.functions().keySet());
        assertEquals(new Prototype("int", List.of(new Param("comm", "MPI_Comm"), new Param("count", "MPI_Count"))),
                mpich.functions().get("MPIX_Comm_fake"));
        assertEquals(Set.of("MPI_UNWEIGHTED", "MPI_F_STATUS_IGNORE"), mpich.declaredObjects());
    }

    private static TypeInfo callback(String returns, List<Param> params) {
        return new TypeInfo("function", null, null, null, returns, params, null);
    }
}
