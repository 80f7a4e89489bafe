package org.wi4mpi.gen.tracetool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The C a tracing tool records representative functions with: the fields of dumpi-calls.txt, in order. */
class TraceWrapperTest {

    @Test
    void sendRecordsItsFiveFieldsConvertedByRole() {
        TraceWrapper w = TraceToolFixtures.wrapper("openmpi", "MPI_Send");
        assertEquals(TraceWrapper.Kind.LABELLED, w.kind());
        assertEquals(0, w.label());
        assertEquals("WI_TOOL_NEXT(MPI_Send)(buf, count, datatype, dest, tag, comm)", w.call());
        assertEquals(List.of(), w.entry());
        assertEquals(List.of(
                "const int64_t f_count = count;",
                "wi_trace_i32(r, (int32_t)f_count);",
                "const int64_t f_datatype = wi_tool_datatype(datatype);",
                "wi_trace_i16(r, (int32_t)f_datatype);",
                "const int64_t f_dest = wi_tool_rank(dest);",
                "wi_trace_i32(r, (int32_t)f_dest);",
                "const int64_t f_tag = wi_tool_tag(tag);",
                "wi_trace_i32(r, (int32_t)f_tag);",
                "const int64_t f_comm = wi_tool_comm(comm);",
                "wi_trace_i16(r, (int32_t)f_comm);"), w.fields());
    }

    @Test
    void waitallNumbersItsRequestsBeforeTheCallAndItsStatusesAfter() {
        TraceWrapper w = TraceToolFixtures.wrapper("mpich", "MPI_Waitall");
        assertEquals(18, w.label());
        assertEquals(List.of("const int32_t *e_requests = NULL;"), w.declarations());
        assertEquals(List.of("e_requests = wi_tool_request_numbers(0, count, array_of_requests);"), w.entry());
        assertEquals(List.of(
                "const int64_t f_count = count;",
                "wi_trace_i32(r, (int32_t)f_count);",
                "wi_trace_i32_array(r, wi_tool_count(count), e_requests);",
                "wi_tool_statuses(r, (int)f_count, array_of_statuses);"), w.fields());
    }

    @Test
    void gathervWritesItsReceiveArraysAtTheRootOnlyAndConvertsItsReceiveTypeThereOnly() {
        List<String> f = TraceToolFixtures.wrapper("openmpi", "MPI_Gatherv").fields();
        assertEquals(List.of(
                "const int64_t f_commrank = wi_tool_commrank(comm);",
                "wi_trace_i32(r, (int32_t)f_commrank);",
                "const int64_t f_commsize = wi_tool_commsize(comm);",
                "wi_trace_i32(r, (int32_t)f_commsize);",
                "const int64_t f_sendcount = sendcount;",
                "wi_trace_i32(r, (int32_t)f_sendcount);",
                // MPI does not read the send type with MPI_IN_PLACE: numbered, its size not asked.
                "const int64_t f_sendtype = (sendbuf == MPI_IN_PLACE ? wi_tool_datatype_noreg(sendtype) : wi_tool_datatype(sendtype));",
                "wi_trace_i16(r, (int32_t)f_sendtype);",
                "const int64_t f_root = wi_tool_rank(root);",
                "wi_trace_i32(r, (int32_t)f_root);",
                "const int64_t f_comm = wi_tool_comm(comm);",
                "wi_trace_i16(r, (int32_t)f_comm);",
                "if (f_commrank == f_root) {",
                "    wi_trace_i32_array(r, wi_tool_count((int)f_commsize), (const int32_t *)recvcounts);",
                "}",
                "if (f_commrank == f_root) {",
                "    wi_trace_i32_array(r, wi_tool_count((int)f_commsize), (const int32_t *)displs);",
                "}",
                "const int64_t f_recvtype = ((f_commrank == f_root) ? wi_tool_datatype(recvtype) : 0);",
                "wi_trace_i16(r, (int32_t)f_recvtype);"), f);
    }

    @Test
    void scattervAsksTheSizeOfItsSendTypeAtTheRootOnly() {
        List<String> f = TraceToolFixtures.wrapper("mpich", "MPI_Scatterv").fields();
        assertTrue(f.contains("const int64_t f_sendtype = ((f_commrank == root) ? wi_tool_datatype(sendtype)"
                + " : wi_tool_datatype_noreg(sendtype));"), String.join("\n", f));
    }

    @Test
    void typeStructCutsItsAddressesAndNumbersItsTypesWithoutAskingTheNewTypesSize() {
        List<String> f = TraceToolFixtures.wrapper("mpich", "MPI_Type_struct").fields();
        assertEquals(List.of(
                "const int64_t f_count = count;",
                "wi_trace_i32(r, (int32_t)f_count);",
                "wi_trace_i32_array(r, wi_tool_count((int)f_count), (const int32_t *)array_of_blocklengths);",
                "wi_trace_i32_array(r, wi_tool_count((int)f_count), wi_tool_aint_numbers(0, (int)f_count, array_of_displacements));",
                "wi_trace_i16_array(r, wi_tool_count((int)f_count), wi_tool_datatype_numbers(1, (int)f_count, array_of_types));",
                "const int64_t f_newtype = (newtype != NULL ? wi_tool_datatype_noreg(*newtype) : 0);",
                "wi_trace_i16(r, (int32_t)f_newtype);"), f);
    }

    @Test
    void initRecordsArgvAsTheProgramPassedIt() {
        TraceWrapper w = TraceToolFixtures.wrapper("standard", "MPI_Init");
        assertEquals(TraceWrapper.Kind.INIT, w.kind());
        assertEquals(124, w.label());
        assertEquals(List.of("int e_argc = 0;", "char **e_argv = NULL;"), w.declarations());
        assertEquals(List.of(
                "if (argc != NULL && argv != NULL && *argv != NULL) {",
                "    e_argc = *argc;",
                "    e_argv = *argv;",
                "}"), w.entry());
        assertEquals(List.of("wi_trace_strings(r, e_argc, (const char *const *)e_argv);"), w.fields());
        TraceWrapper thread = TraceToolFixtures.wrapper("standard", "MPI_Init_thread");
        assertEquals(List.of(
                "wi_trace_strings(r, e_argc, (const char *const *)e_argv);",
                "const int64_t f_required = wi_tool_threadlevel(required);",
                "wi_trace_i8(r, (int32_t)f_required);",
                "const int64_t f_provided = (provided != NULL ? wi_tool_threadlevel(*provided) : 0);",
                "wi_trace_i8(r, (int32_t)f_provided);"), thread.fields());
    }

    @Test
    void dimsCreateCopiesItsDimensionsBeforeTheCallAndRecordsThemAfterItToo() {
        TraceWrapper w = TraceToolFixtures.wrapper("openmpi", "MPI_Dims_create");
        assertEquals(List.of("const int32_t *e_dims_in = NULL;"), w.declarations());
        assertEquals(List.of("e_dims_in = wi_tool_int_numbers(0, ndims, dims);"), w.entry());
        assertEquals(List.of(
                "const int64_t f_nodes = nnodes;",
                "wi_trace_i32(r, (int32_t)f_nodes);",
                "const int64_t f_ndim = ndims;",
                "wi_trace_i32(r, (int32_t)f_ndim);",
                "wi_trace_i32_array(r, wi_tool_count(ndims), e_dims_in);",
                "wi_trace_i32_array(r, wi_tool_count((int)f_ndim), (const int32_t *)dims);"), w.fields());
    }

    @Test
    void finalizeAbortAndPcontrolHaveTheirOwnKinds() {
        assertEquals(TraceWrapper.Kind.FINALIZE, TraceToolFixtures.wrapper("openmpi", "MPI_Finalize").kind());
        TraceWrapper abort = TraceToolFixtures.wrapper("openmpi", "MPI_Abort");
        assertEquals(TraceWrapper.Kind.ABORT, abort.kind());
        assertEquals(127, abort.label());
        TraceWrapper pcontrol = TraceToolFixtures.wrapper("mpich", "MPI_Pcontrol");
        assertEquals(TraceWrapper.Kind.PASS_THROUGH, pcontrol.kind());
        assertEquals("WI_TOOL_NEXT(MPI_Pcontrol)(level)", pcontrol.call());
    }

    @Test
    void aFunctionWithoutALabelIsCountedByNameOnly() {
        TraceWrapper w = TraceToolFixtures.wrapper("mpich", "MPI_Ibarrier");
        assertEquals(TraceWrapper.Kind.UNLABELLED, w.kind());
        assertEquals(-1, w.label());
        assertEquals("WI_TOOL_NEXT(MPI_Ibarrier)(comm, request)", w.call());
        assertTrue(w.fields().isEmpty() && w.entry().isEmpty());
    }

    @Test
    void everyFamilyWrapsEveryLabelledFunctionItsDescriptorHas() {
        for (String family : List.of("openmpi", "mpich", "standard")) {
            TraceToolModel tool = TraceToolFixtures.tool(family);
            long labelled = tool.wrappers().stream().filter(w -> w.label() >= 0).count();
            long expected = TraceToolBuilder.labelledFunctions().keySet().stream()
                    .filter(n -> TraceToolFixtures.abi(family).functions().containsKey(n))
                    .filter(n -> !n.equals("MPI_Pcontrol")).count();
            assertEquals(expected, labelled, family);
        }
    }
}
