package org.wi4mpi.gen.tracetool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The mpif.h / use mpi entry points of the tracing tools (TraceFortranBuilder, trace_fortran.c.ftl). */
class TraceFortranTest {

    private static TraceFortranModel fortran(String family) {
        TraceFortranModel m = TraceToolFixtures.tool(family).fortran();
        assertNotNull(m, family + " has no Fortran entry points");
        return m;
    }

    private static String binding(String family, String function) {
        TraceFortranModel m = fortran(family);
        int i = m.functions().indexOf(function);
        assertTrue(i >= 0, family + " has no Fortran entry point for " + function);
        return m.bindings().get(i);
    }

    @Test
    void sentinelsAreTheAddressesInTheFamilysCommonBlocks() {
        TraceFortranModel mpich = fortran("mpich");
        assertEquals(List.of("mpipriv1_", "mpipriv2_"), mpich.blocks());
        assertEquals("((void *)(mpipriv1_ + 4))", mpich.inPlace());
        assertEquals("((void *)(mpipriv1_ + 0))", mpich.bottom());
        TraceFortranModel openmpi = fortran("openmpi");
        assertEquals(List.of("mpi_fortran_status_ignore_", "mpi_fortran_statuses_ignore_", "mpi_fortran_in_place_",
                "mpi_fortran_bottom_"), openmpi.blocks());
        assertEquals("((void *)(mpi_fortran_in_place_ + 0))", openmpi.inPlace());
        assertTrue(openmpi.conversions().containsAll(List.of("MPI_Comm_f2c", "MPI_Comm_c2f", "MPI_Status_f2c")));
    }

    @Test
    void aRecvConvertsItsArgumentsAndCallsTheToolsOwnMpiRecv() {
        String text = binding("mpich", "MPI_Recv");
        String ignore = "status != ((MPI_Fint *)(mpipriv1_ + 8))";
        assertTrue(text.contains("    if (" + ignore + ") MPI_Status_f2c(status, &temp_status);\n"
                + "    _wrap_py_return_val = MPI_Recv((void*)wi_tool_f_buffer(buf), *count, MPI_Type_f2c(*datatype), "
                + "*source, *tag, MPI_Comm_f2c(*comm), (" + ignore + " ? &temp_status : MPI_STATUS_IGNORE));\n"
                + "    if (" + ignore + ") MPI_Status_c2f(&temp_status, status);\n"), text);
    }

    @Test
    void theStandardAbisUnconvertedStatusesHaveOnlyTheirSentinelsReplaced() {
        String recv = binding("standard", "MPI_Recv");
        assertTrue(recv.contains("MPI_Comm_fromint(*comm), (status != ((int *)(mpi_abi_status_ignore_ + 0)) ? "
                + "(MPI_Status*)status : MPI_STATUS_IGNORE));"), recv);
        String waitall = binding("standard", "MPI_Waitall");
        assertTrue(waitall.contains("(array_of_statuses != ((int *)(mpi_abi_statuses_ignore_ + 0)) ? "
                + "(MPI_Status*)array_of_statuses : MPI_STATUSES_IGNORE)"), waitall);
    }

    @Test
    void theSymbolsAreTheFourManglingsWithoutTheProfilingOnes() {
        String text = binding("openmpi", "MPI_Allreduce");
        for (String symbol : List.of("mpi_allreduce_(", "mpi_allreduce__(", "MPI_ALLREDUCE(", "mpi_allreduce(")) {
            assertTrue(text.contains("_EXTERN_C_ void " + symbol), symbol);
        }
        assertFalse(text.contains("pmpi_allreduce"), text);
        assertTrue(text.contains("MPI_Allreduce((const void*)wi_tool_f_buffer(sendbuf), (void*)wi_tool_f_buffer(recvbuf),"),
                text);
    }

    @Test
    void waitanyAndWaitsomeReturnOneBasedIndicesAndCopyTheStatusesIn() {
        String waitany = binding("openmpi", "MPI_Waitany");
        assertTrue(waitany.contains("if (_wrap_py_return_val == MPI_SUCCESS && *index >= 0) (*index)++;"), waitany);
        String waitsome = binding("mpich", "MPI_Waitsome");
        assertTrue(waitsome.contains("if (array_of_statuses != ((MPI_Fint *)(mpipriv2_ + 0))) for (i = 0; i < *incount; i++) "
                + "MPI_Status_f2c(&array_of_statuses[i * MPI_F_STATUS_SIZE], &temp_array_of_statuses[i]);"), waitsome);
        assertTrue(waitsome.contains("for (i = 0; i < *outcount; i++) array_of_indices[i]++;"), waitsome);
    }

    @Test
    void onlyLabelledFunctionsWhoseArgumentsConvertExactlyHaveEntryPoints() {
        List<String> functions = fortran("openmpi").functions();
        assertTrue(functions.containsAll(List.of("MPI_Init", "MPI_Init_thread", "MPI_Finalize", "MPI_Abort", "MPI_Send",
                "MPI_Comm_set_name", "MPI_Get_processor_name", "MPI_Wtime")), functions.toString());
        // unlabelled, unrecorded, a callback, an attribute value, argv arrays
        for (String left : List.of("MPI_Ibarrier", "MPI_Pcontrol", "MPI_Op_create", "MPI_Comm_get_attr", "MPI_Comm_spawn")) {
            assertFalse(functions.contains(left), left);
        }
        assertEquals(251, functions.size());
        assertEquals(260, fortran("mpich").functions().size());
    }
}
