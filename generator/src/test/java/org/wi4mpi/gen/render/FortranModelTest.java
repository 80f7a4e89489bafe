package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranDictionary;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Fortran wrappers' model is data: what each Fortran argument is, where its sentinels lie and
 * which constants they stand for, without the C that wi_fortran.c.ftl writes from it.
 */
class FortranModelTest {

    private static final Dictionaries DICT = Dictionaries.load(RepositoryPaths.dictionaries());
    private static final FortranDictionary FORTRAN =
            FortranDictionary.load(RepositoryPaths.dictionaries().resolve("fortran.json"));
    private static final FortranModel OPENMPI_TO_MPICH = model("openmpi", "mpich");

    private static AbiDescriptor descriptor(String family) {
        return AbiDescriptor.read(RepositoryPaths.dictionaries().resolve("abi").resolve(family + ".json"));
    }

    private static FortranModel model(String from, String to) {
        AbiDescriptor app = descriptor(from);
        return new FortranModelBuilder(app, DICT, FORTRAN, new PairModelBuilder(app, descriptor(to), DICT).build())
                .build();
    }

    private static FortranArgView argument(String function, String name) {
        return OPENMPI_TO_MPICH.functions().stream().filter(f -> f.name().equals(function)).findFirst().orElseThrow()
                .args().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void aStatusIsIntegersRecognisingTheCommonBlockOfItsSentinel() {
        FortranArgView status = argument("MPI_Recv", "status");
        assertEquals(FortranConversion.POINTER, status.conv());
        assertEquals(FortranParameter.INTEGER, status.parameter());
        assertEquals(List.of(FortranArgView.Sentinel.member("MPI_STATUS_IGNORE", "mpi_fortran_status_ignore_", 0)),
                status.sentinels());
    }

    @Test
    void aHandleNamesItsTypeTableAndNullConstantWithoutPrefix() {
        FortranArgView comm = argument("MPI_Recv", "comm");
        assertEquals(FortranParameter.INTEGER, comm.parameter());
        assertEquals(new FortranArgView.Handle("MPI_Comm", "comm", true, "MPI_COMM_NULL"), comm.handle());
        assertNull(argument("MPI_Recv", "count").handle());
        assertEquals(FortranParameter.C_REFERENCE, argument("MPI_Recv", "count").parameter());
    }

    @Test
    void predefinedProceduresStandForTheirConstant() {
        FortranArgView copy = argument("MPI_Comm_create_keyval", "comm_copy_attr_fn");
        assertEquals(FortranParameter.ADDRESS, copy.parameter());
        // the layer's own procedure first (no block, no symbol), then its exported manglings
        assertEquals(FortranArgView.Sentinel.procedure("MPI_COMM_DUP_FN", "MPI_COMM_DUP_FN"), copy.sentinels().stream()
                .filter(s -> s.name().equals("MPI_COMM_DUP_FN")).findFirst().orElseThrow());
        assertTrue(copy.sentinels().contains(
                FortranArgView.Sentinel.symbol("MPI_COMM_DUP_FN", "mpi_comm_dup_fn_", "MPI_COMM_DUP_FN")));
    }

    @Test
    void stringOutputsNameTheirMaximumWithoutPrefix() {
        FortranArgView name = argument("MPI_Get_processor_name", "name");
        assertEquals(FortranConversion.STRING_OUT, name.conv());
        assertEquals(FortranParameter.CHARACTER, name.parameter());
        assertEquals("MPI_MAX_PROCESSOR_NAME", name.max());
    }
}
