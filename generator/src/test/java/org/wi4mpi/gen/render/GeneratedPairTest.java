package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Renders every pair from the real dictionaries and checks what the generated C says. */
class GeneratedPairTest {

    /** The repository's generated output, shared with the other generator test classes. */
    private static final Path out = RepositoryOutput.directory();

    static String read(String pair, String file) throws IOException {
        return Files.readString(out.resolve(pair).resolve(file));
    }

    @Test
    void everyPairHasEveryFile() {
        for (String pair : new String[] {"openmpi_mpich", "mpich_openmpi", "openmpi_openmpi", "mpich_mpich"}) {
            for (String file : Renderer.PAIR_FILES.values()) {
                assertTrue(Files.isRegularFile(out.resolve(pair).resolve(file)), pair + "/" + file);
            }
        }
        assertTrue(Files.isRegularFile(out.resolve("pairs.cmake")));
    }

    @Test
    void aProcessIsAnMpiApplicationByItsFamilysMpiLibrariesOnly() throws IOException {
        for (String pair : new String[] {"openmpi_mpich", "openmpi_openmpi"}) {
            String abi = read(pair, "wi_abi.h");
            assertTrue(abi.contains("#define WI_A_SONAMES \"libmpi.so.40\", \"libmpi_mpifh.so.40\", "
                    + "\"libmpi_usempif08.so.40\", \"libmpi_usempi_ignore_tkr.so.40\", \"libmpi_cxx.so.40\"\n"), abi);
            // Open MPI's launcher and daemons load libopen-rte/libopen-pal: they are no MPI applications.
            assertFalse(abi.contains("\"libopen-rte.so.40\""), pair);
        }
        assertTrue(read("mpich_openmpi", "wi_abi.h").contains("#define WI_A_SONAMES \"libmpich.so.12\", \"libmpi.so.12\", "
                + "\"libmpichfort.so.12\""));
    }

    @Test
    void ranksAreSwappedBetweenOpenMpiAndMpich() throws IOException {
        String convert = read("openmpi_mpich", "wi_convert.h");
        // Open MPI ANY_SOURCE -1 / PROC_NULL -2 / ROOT -4; MPICH ANY_SOURCE -2 / PROC_NULL -1 / ROOT -3.
        assertTrue(convert.contains("case (-1): return (-2); /* MPI_ANY_SOURCE */"), convert);
        assertTrue(convert.contains("case (-2): return (-1); /* MPI_PROC_NULL */"));
        assertTrue(convert.contains("case (-4): return (-3); /* MPI_ROOT */"));
        String back = read("mpich_openmpi", "wi_convert.h");
        assertTrue(back.contains("case (-3): return (-4); /* MPI_ROOT */"));
        // The branch-free form used for status fields, which a runtime may leave undefined.
        int start = convert.indexOf("WI_INLINE int wi_rank_r2a_value(int v)");
        String value = convert.substring(start, convert.indexOf("\n}\n", start));
        assertTrue(value.contains("+ ((-2) - (-1)) * (v == (-1)) /* MPI_PROC_NULL */"), value);
        assertFalse(value.contains("switch") || value.contains("if ("), value);
    }

    @Test
    void rmaAssertionFlagsMoveBitByBit() throws IOException {
        String convert = read("openmpi_mpich", "wi_convert.h");
        // Open MPI NOCHECK 1 NOSTORE 8 ...; MPICH NOCHECK 1024 NOSTORE 2048 ...: other bits are kept.
        int start = convert.indexOf("WI_INLINE int wi_assert_a2r(int v)");
        String a2r = convert.substring(start, convert.indexOf("\n}\n", start));
        assertTrue(a2r.contains("int out = v & ~31;"), a2r);
        assertTrue(a2r.contains("if (v & 1)\n        out |= 1024; /* MPI_MODE_NOCHECK */"), a2r);
        assertTrue(a2r.contains("if (v & 8)\n        out |= 2048; /* MPI_MODE_NOSTORE */"), a2r);
        // File access modes are the same bits in both: nothing to move.
        assertTrue(convert.contains("WI_INLINE int wi_amode_a2r(int v)\n{\n    return v;\n}"), convert);
    }

    @Test
    void sendTranslatesEveryArgumentByRole() throws IOException {
        String functions = read("openmpi_mpich", "wi_functions.c");
        int start = functions.indexOf("A_MPI_Send(");
        String send = functions.substring(start, functions.indexOf("\n}\n", start));
        assertTrue(send.contains("wi_buffer_a2r(buf)"), send);
        assertTrue(send.contains("R_MPI_Datatype r_datatype = wi_datatype_a2r(datatype);"), send);
        assertTrue(send.contains("int r_dest = wi_rank_a2r(dest);"), send);
        assertTrue(send.contains("int r_tag = wi_tag_a2r(tag);"), send);
        assertTrue(send.contains("R_MPI_Comm r_comm = wi_comm_a2r(comm);"), send);
        assertTrue(send.contains("wi_in_w = 1;"), send);
        assertTrue(send.contains("return wi_result;") && send.contains("wi_error_r2a(wi_ret)"), send);
    }

    /** A NULL output reaches the runtime as NULL (it reports MPI_ERR_ARG) and nothing is written through it. */
    @Test
    void nullOutputsArePassedOnAndNotWritten() throws IOException {
        String create = body(read("openmpi_mpich", "wi_functions.c"), "A_MPI_Comm_create(");
        assertTrue(create.contains("R_PMPI_Comm_create(r_comm, r_group, (newcomm == NULL ? NULL : &r_newcomm));"), create);
        assertTrue(create.contains("if (newcomm != NULL) {"), create);
        String translate = body(read("mpich_openmpi", "wi_functions.c"), "A_MPI_Group_translate_ranks(");
        assertTrue(translate.contains("(ranks2 == NULL ? NULL : r_ranks2)"), translate);
        assertTrue(translate.contains("if (ranks2 != NULL) {"), translate);
    }

    /** A handle pointer or array read by the call and passed as NULL is not read either: NULL reaches the runtime. */
    @Test
    void nullInputsAreNotReadAndPassedOn() throws IOException {
        String free = body(read("openmpi_mpich", "wi_functions.c"), "A_MPI_Request_free(");
        assertTrue(free.contains("R_MPI_Request r_request = request == NULL ? 0 : wi_request_a2r(*request);"), free);
        assertTrue(free.contains("R_PMPI_Request_free((request == NULL ? NULL : &r_request))"), free);
        String waitall = body(read("mpich_openmpi", "wi_functions.c"), "A_MPI_Waitall(");
        assertTrue(waitall.contains("if (array_of_requests != NULL)\n    for (int wi_i = 0;"), waitall);
        assertTrue(waitall.contains("(array_of_requests == NULL ? NULL : r_array_of_requests)"), waitall);
        String alltoallw = body(read("openmpi_mpich", "wi_functions.c"), "A_MPI_Alltoallw(");
        assertTrue(alltoallw.contains("(recvtypes == NULL ? NULL : (recvtypes == sendtypes"), alltoallw);
    }

    /** One type array passed as both sendtypes and recvtypes stays one array (MPICH's aliasing check needs it). */
    @Test
    void oneTypeArrayPassedTwiceStaysOne() throws IOException {
        String alltoallw = body(read("openmpi_mpich", "wi_functions.c"), "A_MPI_Alltoallw(");
        assertTrue(alltoallw.contains("(recvtypes == sendtypes && (const void *)sendbuf != (const void *)A_MPI_IN_PLACE"
                + " ? r_sendtypes : r_recvtypes)"), alltoallw);
        String neighbor = body(read("openmpi_mpich", "wi_functions.c"), "A_MPI_Neighbor_alltoallw(");
        assertTrue(neighbor.contains("(recvtypes == sendtypes ? r_sendtypes : r_recvtypes)"), neighbor);
    }

    private static String body(String functions, String signatureStart) {
        int start = functions.indexOf(signatureStart);
        assertTrue(start >= 0, signatureStart + " rendered");
        return functions.substring(start, functions.indexOf("\n}\n", start));
    }

    /**
     * Open MPI 4.1 exports the MPI-1 functions its mpi.h no longer declares: they are translated from
     * MPICH's prototypes in both directions, and the runtime's are reached through typed pointers.
     */
    @Test
    void removedMpi1FunctionsAreTranslatedFromOpenMpiExports() throws IOException {
        String functions = read("openmpi_mpich", "wi_functions.c");
        int start = functions.indexOf("A_MPI_Type_struct(");
        String body = functions.substring(start, functions.indexOf("\n}\n", start));
        assertTrue(body.contains("const int r_array_of_types_n = wi_len((count));"), body);
        assertTrue(body.contains("r_array_of_types[wi_i] = wi_datatype_a2r(array_of_types[wi_i]);"), body);
        assertTrue(body.contains("*newtype = wi_datatype_r2a(r_newtype);"), body);
        assertTrue(read("openmpi_mpich", "wi_chooser.S").contains("jmp     A_MPI_Errhandler_set\n"));
        assertTrue(read("mpich_openmpi", "wi_r_functions.h")
                .contains("extern WI_HIDDEN int (*R_PMPI_Type_hindexed)(int, int *, R_MPI_Aint *, R_MPI_Datatype, R_MPI_Datatype *);"));
        assertFalse(functions.contains("wi_unsupported_MPI_Address"));
    }

    /** MPI_Pcontrol keeps its ellipsis and passes the level alone (the rest is the implementation's). */
    @Test
    void pcontrolPassesTheLevelOnly() throws IOException {
        String functions = read("openmpi_mpich", "wi_functions.c");
        assertTrue(functions.contains("WI_HIDDEN int A_MPI_Pcontrol(const int level, ...)\n"), "variadic A_ function");
        assertTrue(functions.contains("int wi_ret = R_PMPI_Pcontrol((const int)level);"), "the level alone");
        assertTrue(read("mpich_openmpi", "wi_r_functions.h")
                .contains("extern WI_HIDDEN int (*R_PMPI_Pcontrol)(const int, ...);"), "variadic runtime pointer");
        assertFalse(functions.contains("wi_unsupported_MPI_Pcontrol"));
    }

    /** One error code per spawned process of every command; the info array has one handle per command. */
    @Test
    void spawnMultipleConvertsOneErrorCodePerProcess() throws IOException {
        String functions = read("mpich_openmpi", "wi_functions.c");
        int start = functions.indexOf("A_MPI_Comm_spawn_multiple(");
        String body = functions.substring(start, functions.indexOf("\n}\n", start));
        assertTrue(body.contains("const int r_array_of_errcodes_n = wi_len(wi_sum(array_of_maxprocs, count));"), body);
        assertTrue(body.contains("const int r_array_of_info_n = wi_len((count));"), body);
        assertTrue(body.contains("r_array_of_info[wi_i] = wi_info_a2r(array_of_info[wi_i]);"), body);
        assertTrue(body.contains("*intercomm = wi_comm_r2a(r_intercomm);"), body);
        assertTrue(functions.contains("static inline int wi_sum(const int *v, int n)"), "the sum helper");
    }

    /** Neighbourhood type arrays: as many entries as the topology has neighbours on each side. */
    @Test
    void neighbourhoodTypeArraysAreSizedByTheTopologysDegrees() throws IOException {
        String functions = read("openmpi_mpich", "wi_functions.c");
        int start = functions.indexOf("A_MPI_Ineighbor_alltoallw(");
        String body = functions.substring(start, functions.indexOf("\n}\n", start));
        assertTrue(body.contains("const int r_sendtypes_n = wi_len(wi_comm_degree_r(r_comm, 1));"), body);
        assertTrue(body.contains("const int r_recvtypes_n = wi_len(wi_comm_degree_r(r_comm, 0));"), body);
        assertTrue(body.contains("r_sendtypes[wi_i] = wi_datatype_a2r(sendtypes[wi_i]);"), body);
        // The communicator is converted before the lengths that read it.
        assertTrue(body.indexOf("R_MPI_Comm r_comm = wi_comm_a2r(comm);") < body.indexOf("wi_comm_degree_r"), body);
        // wi_comm_degree_r itself is runtime-c's (wi_comm_lengths.h, unit-tested there).
        assertTrue(read("openmpi_mpich", "wi_convert.h").contains("#include \"wi_comm_lengths.h\""));
        // MPICH's cartesian constant is 2, Open MPI's 1: the runtime's is compared.
        assertTrue(read("openmpi_mpich", "wi_abi.h").contains("#define R_MPI_CART (2)"));
        assertTrue(read("mpich_openmpi", "wi_abi.h").contains("#define R_MPI_CART (1)"));
    }

    @Test
    void identityPairsCastHandlesAndExportNoObjects() throws IOException {
        String convert = read("openmpi_openmpi", "wi_convert.h");
        assertFalse(convert.contains("wi_handle_a2r("), "identity pair must not use the handle tables");
        assertFalse(read("openmpi_openmpi", "wi_objects.c").contains("ompi_mpi_comm_world"));
        // Nothing to translate: one indirect jump, no thread-local test, no A_ function.
        String chooser = read("mpich_mpich", "wi_chooser.S");
        assertTrue(chooser.contains("PMPI_Send:\n    .cfi_startproc\n    jmp     *R_PMPI_Send(%rip)\n"), chooser);
        assertFalse(read("mpich_mpich", "wi_functions.c").contains("A_MPI_Send("));
        // Functions callable before MPI_Init keep their hook (they may have to load the runtime).
        assertTrue(chooser.contains("jmp     A_MPI_Init\n"));
    }

    @Test
    void openMpiObjectsAreExportedAtTheVendorSizes() throws IOException {
        String objects = read("openmpi_mpich", "wi_objects.c");
        assertTrue(objects.contains("unsigned char ompi_mpi_comm_world[512];"), objects);
        assertTrue(objects.contains("unsigned char ompi_mpi_op_sum[2048];"), objects);
    }

    @Test
    void chooserTestsTheThreadLocalFlagAndRoutesUnsupportedFunctionsToAbortStubs() throws IOException {
        String chooser = read("openmpi_mpich", "wi_chooser.S");
        assertTrue(chooser.contains("PMPI_Send:\n"), "PMPI_Send stub");
        assertTrue(chooser.contains("movq    wi_in_w@gottpoff(%rip), %r11"));
        assertTrue(chooser.contains("jmp     A_MPI_Send\n"));
        assertTrue(chooser.contains("jmp     *R_PMPI_Send(%rip)"));
        // Every function of Open MPI's library is translated, its MPIX_ persistent collectives as the
        // runtime's MPI-4.0 ones (same_as).
        assertFalse(chooser.contains("wi_unsupported_"), "a function is not translated");
        assertTrue(read("openmpi_mpich", "wi_functions.c").contains("wi_ret = R_PMPI_Allreduce_init("));
        assertTrue(chooser.contains("jmp     A_MPIX_Allreduce_init\n"));
        // MPICH's extensions are, as the error path (no other runtime has them).
        assertFalse(read("mpich_openmpi", "wi_chooser.S").contains("wi_unsupported_"));
        assertTrue(read("mpich_openmpi", "wi_functions.c")
                .contains("return wi_error_r2a(wi_lacking_comm(\"MPIX_Comm_revoke\", wi_comm_a2r(comm)));"));
        // Every MPI_ function is translated, MPI_Register_datarep with its callbacks included.
        assertTrue(chooser.contains("jmp     A_MPI_Register_datarep\n"));
    }

    /** MPI-4 functions of MPICH that Open MPI 4.1 lacks raise an error on the call's own object. */
    @Test
    void functionsTheRuntimeLacksFailThroughTheErrorPath() throws IOException {
        String functions = read("mpich_openmpi", "wi_functions.c");
        assertTrue(functions.contains("return wi_error_r2a(wi_lacking_comm(\"MPI_Comm_idup_with_info\", wi_comm_a2r(comm)));"),
                "MPI_Comm_idup_with_info reports on its communicator");
        assertTrue(functions.contains("return wi_error_r2a(wi_lacking_comm(\"MPI_Info_create_env\", R_MPI_COMM_SELF));"),
                "no communicator: MPI_COMM_SELF");
        assertFalse(functions.contains("R_PMPI_Comm_idup_with_info"), "no pointer to a function Open MPI lacks");
        assertTrue(functions.contains("return wi_error_r2a(wi_lacking_file(\"MPI_File_read_at_c with a count beyond the int range\", wi_file_a2r(fh)));"),
                "file functions report on the file");
        assertTrue(functions.contains("return wi_error_r2a(wi_lacking_win(\"MPI_Put_c with an origin_count beyond the int range\", wi_win_a2r(win)));"),
                "window functions report on the window");
        assertTrue(functions.contains("return wi_local_aint_add(base, disp);"), "MPI_Aint_add is computed");
        // Open MPI applications never call them, and MPICH runtimes have them.
        assertFalse(read("openmpi_mpich", "wi_functions.c").contains("wi_lacking_comm(\""));
        assertFalse(read("mpich_mpich", "wi_functions.c").contains("wi_lacking_comm(\""));
    }

    /**
     * Functions Open MPI 4.1 lacks that runtime-c computes from its other functions (functions.json
     * emulation) are translated as any call, calling that function where the runtime's would be; their
     * large-count forms reach it through the int form. The completion calls settle requests made of
     * several runtime requests (wi_composite.h) first.
     */
    @Test
    void emulatedFunctionsAreTranslatedCallsOfRuntimeC() throws IOException {
        String functions = read("mpich_openmpi", "wi_functions.c");
        String infoGetString = aFunction(functions, "MPI_Info_get_string");
        assertTrue(infoGetString.contains("int wi_ret = wi_emulated_info_get_string(r_info, (const char *)key, (int *)buflen,"
                + " (char *)value, (int *)flag);"), infoGetString);
        assertTrue(infoGetString.contains("int wi_result = wi_error_r2a(wi_ret);"), infoGetString);
        String isendrecv = aFunction(functions, "MPI_Isendrecv");
        assertTrue(isendrecv.contains("int wi_ret = wi_emulated_isendrecv((const void *)wi_buffer_a2r(sendbuf), (int)sendcount,"
                + " r_sendtype, r_dest, r_sendtag, (void *)wi_buffer_a2r(recvbuf), (int)recvcount, r_recvtype, r_source,"
                + " r_recvtag, r_comm, (request == NULL ? NULL : &r_request));"), isendrecv);
        assertTrue(isendrecv.contains("*request = wi_request_r2a(r_request);"), isendrecv);
        String replaceC = aFunction(functions, "MPI_Isendrecv_replace_c");
        assertTrue(replaceC.contains("if (WI_UNLIKELY(count < INT_MIN || count > INT_MAX)) /* the runtime's MPI_Isendrecv_replace takes an int */"), replaceC);
        assertTrue(replaceC.contains("= wi_emulated_isendrecv_replace((void *)wi_buffer_a2r(buf), (int)count,"), replaceC);
        assertTrue(aFunction(functions, "MPI_Waitall").contains(
                "if (WI_UNLIKELY(wi_composite_any()) && array_of_requests != NULL) /* requests made of several (wi_composite.h) */\n"
                + "        wi_composite_settle(r_array_of_requests, r_array_of_requests_n, 1);\n"), "Waitall waits for the parts");
        assertTrue(aFunction(functions, "MPI_Test").contains("wi_composite_settle(&r_request, 1, 0);"), "Test tests them");
        assertTrue(aFunction(functions, "MPI_Waitsome").contains(
                "int wi_ret = (WI_UNLIKELY(wi_composite_any()) ? wi_composite_waitsome : R_PMPI_Waitsome)((int)incount,"),
                "Waitsome polls");
        // MPICH has them: called, not emulated; identity pairs have nothing to settle.
        String onMpich = read("standard_mpich", "wi_functions.c");
        assertTrue(aFunction(onMpich, "MPI_Isendrecv").contains("R_PMPI_Isendrecv("));
        assertFalse(onMpich.contains("wi_emulated_"));
        assertFalse(read("mpich_mpich", "wi_functions.c").contains("wi_composite_"));
    }

    /**
     * Large-count functions Open MPI 4.1 lacks call its int forms: scalar counts range-checked, a count
     * beyond raising the error path on the call's object; count and displacement arrays copied into
     * ints element by element; output counts through int temporaries. Those of MPI-3's MPI_Count (_x)
     * forms call those; an MPI_Count * where the runtime has MPI_Aint * is passed as is.
     */
    @Test
    void largeCountFunctionsTheRuntimeLacksCallTheirIntForms() throws IOException {
        String functions = read("mpich_openmpi", "wi_functions.c");
        String send = aFunction(functions, "MPI_Send_c");
        assertTrue(send.contains("    if (WI_UNLIKELY(count < INT_MIN || count > INT_MAX)) /* the runtime's MPI_Send takes an int */\n"
                + "        return wi_error_r2a(wi_lacking_comm(\"MPI_Send_c with a count beyond the int range\", wi_comm_a2r(comm)));\n"), send);
        assertTrue(send.contains("int wi_ret = R_PMPI_Send((const void *)wi_buffer_a2r(buf), (int)count, r_datatype, r_dest,"
                + " r_tag, r_comm);"), send);
        // An output count: an int temporary, MPI_UNDEFINED translated as the role says.
        String getCount = aFunction(functions, "MPI_Get_count_c");
        assertTrue(getCount.contains("    int r_count = WI_UNSET_INT;\n"), getCount);
        assertTrue(getCount.contains("R_PMPI_Get_count((const R_MPI_Status *)r_status, r_datatype, (count == NULL ? NULL : &r_count));"), getCount);
        assertTrue(getCount.contains("    if (r_count != WI_UNSET_INT) /* a call that produced nothing leaves the output alone */\n"
                + "        *count = wi_index_r2a(r_count);\n"), getCount);
        // An in/out count: checked on entry, written back after a successful call.
        String pack = aFunction(functions, "MPI_Pack_c");
        assertTrue(pack.contains("if (WI_UNLIKELY(position != NULL && (*position < INT_MIN || *position > INT_MAX)))"), pack);
        assertTrue(pack.contains("    int r_position = position == NULL ? 0 : (int)*position;"), pack);
        assertTrue(pack.contains("    if (position != NULL && wi_ret == R_MPI_SUCCESS)\n        *position = r_position;\n"), pack);
        // Count arrays: every element checked and copied; the call replaced by the error path.
        String gatherv = aFunction(functions, "MPI_Gatherv_c");
        assertTrue(gatherv.contains("const int r_recvcounts_n = wi_len(wi_root_peers_r(r_comm, r_root));"),
                "significant at the root alone: " + gatherv);
        assertTrue(gatherv.contains("        if (WI_UNLIKELY(displs[wi_i] < INT_MIN || displs[wi_i] > INT_MAX))\n"
                + "            wi_beyond = \"MPI_Gatherv_c with a displs entry beyond the int range\";\n"
                + "        r_displs[wi_i] = (int)displs[wi_i];\n"), gatherv);
        assertTrue(gatherv.contains("int wi_ret = WI_UNLIKELY(wi_beyond != NULL) ? wi_lacking_comm(wi_beyond, wi_comm_a2r(comm))\n"
                + "        : R_PMPI_Gatherv("), gatherv);
        assertTrue(gatherv.contains("(recvcounts == NULL ? NULL : r_recvcounts), (displs == NULL ? NULL : r_displs)"), gatherv);
        String alltoallv = aFunction(functions, "MPI_Ialltoallv_c");
        assertTrue(alltoallv.contains("    if (sendcounts != NULL && (const void *)sendbuf != (const void *)A_MPI_IN_PLACE)\n"),
                "ignored in place: " + alltoallv);
        assertTrue(aFunction(functions, "MPI_Neighbor_alltoallw_c").contains("(const R_MPI_Aint *)sdispls"),
                "MPI_Aint displacements as they are");
        assertTrue(aFunction(functions, "MPI_Type_create_hindexed_c").contains("(const R_MPI_Aint *)array_of_displacements"),
                "MPI_Count displacements reach an MPI_Aint array of the same width as they are");
        assertTrue(aFunction(functions, "MPI_File_get_type_extent_c").contains("(R_MPI_Aint *)extent"));
        // An argument the int form lacks: not passed, a single output 0; the hook of the form called.
        String envelope = aFunction(functions, "MPI_Type_get_envelope_c");
        assertTrue(envelope.contains("R_PMPI_Type_get_envelope(r_datatype, (num_integers == NULL ? NULL : &r_num_integers),"
                + " (num_addresses == NULL ? NULL : &r_num_addresses), (num_datatypes == NULL ? NULL : &r_num_datatypes),"), envelope);
        assertTrue(envelope.contains("        *num_large_counts = 0;\n"), envelope);
        String contents = aFunction(functions, "MPI_Type_get_contents_c");
        assertTrue(contents.contains("(int *)array_of_integers, (R_MPI_Aint *)array_of_addresses, (array_of_datatypes == NULL"), contents);
        assertTrue(contents.contains("    (void)array_of_large_counts; /* the runtime's MPI_Type_get_contents has no such argument */\n"),
                contents);
        assertFalse(contents.contains("array_of_large_counts[") || contents.contains("*array_of_large_counts ="),
                "not written: " + contents);
        assertTrue(contents.contains("wi_type_contents_r2a(r_datatype, max_integers, array_of_integers);"), contents);
        assertTrue(aFunction(functions, "MPI_Register_datarep_c")
                .contains("void *r_read_conversion_fn = wi_callback_datarep_read_c_int_a2r((void *)read_conversion_fn);"));
        // Persistent collectives reach Open MPI's MPIX_ names, their large-count forms too.
        assertTrue(aFunction(functions, "MPI_Allgatherv_init_c").contains(": R_PMPIX_Allgatherv_init("));
        assertTrue(aFunction(functions, "MPI_Barrier_init").contains("int wi_ret = R_PMPIX_Barrier_init(r_comm, r_info,"));
        // MPI-3's MPI_Count forms take the same arguments.
        assertTrue(functions.contains("int wi_ret = R_PMPI_Type_size_x(r_datatype, (size == NULL ? NULL : &r_size));"));
        assertTrue(functions.contains("int wi_ret = R_PMPI_Type_get_extent_x(r_datatype, (R_MPI_Count *)lb, (R_MPI_Count *)extent);"));
        // A large-count user function: registered with an int-length trampoline calling it.
        String opCreate = aFunction(functions, "MPI_Op_create_c");
        assertTrue(opCreate.contains("void *r_user_fn = wi_callback_op_c_int_a2r((void *)user_fn);"), opCreate);
        assertTrue(opCreate.contains("R_PMPI_Op_create((R_MPI_User_function *)r_user_fn, (int)commute,"), opCreate);
        assertTrue(aFunction(read("standard_mpich", "wi_functions.c"), "MPI_Op_create_c")
                .contains("wi_callback_op_c_a2r((void *)user_fn)"),
                "a runtime with MPI_Op_create_c gets the large-count trampolines");
        // Interface mode toward Open MPI the same; toward MPICH the runtime has them.
        assertTrue(read("standard_openmpi", "wi_functions.c").contains("wi_lacking_comm(\"MPI_Send_c with a count beyond the int range\""));
        assertTrue(read("standard_mpich", "wi_functions.c").contains("int wi_ret = R_PMPI_Send_c("));
    }

    /** The A_ function of a translated function returning int, from its signature to its closing brace. */
    private static String aFunction(String functions, String name) {
        return body(functions, "WI_HIDDEN int A_" + name + "(");
    }

    /**
     * A split type the runtime does not define becomes MPI_UNDEFINED (mappers.json lacking), not the
     * runtime's type of the same number (MPICH's MPI_COMM_TYPE_HW_GUIDED is Open MPI's CORE).
     */
    @Test
    void splitTypesTheRuntimeLacksBecomeUndefined() throws IOException {
        String convert = read("mpich_openmpi", "wi_convert.h");
        assertTrue(convert.contains("    case (2): return (-32766); /* MPI_COMM_TYPE_HW_GUIDED, which the runtime lacks: MPI_UNDEFINED */\n"),
                convert);
        assertTrue(convert.contains("    case (4): return (-32766); /* MPIX_COMM_TYPE_NEIGHBORHOOD, which the runtime lacks: MPI_UNDEFINED */\n"));
        // ... but MPI_COMM_TYPE_HW_GUIDED with a resource Open MPI names is its type (guided_by_info).
        String guided = read("mpich_openmpi", "wi_functions.c");
        assertTrue(guided.contains("    r_split_type = wi_guided_a2r(&wi_split_type_guided, split_type, r_split_type, &r_info, &wi_made_info);\n"),
                guided);
        assertTrue(guided.contains("    {\"mpi_shared_memory\", 0}, /* MPI_COMM_TYPE_SHARED */\n"));
        assertTrue(guided.contains("    {\"core\", 2}, /* OMPI_COMM_TYPE_CORE */\n"));
        assertTrue(guided.contains("    {\"machine\", 9}, /* OMPI_COMM_TYPE_HOST */\n"));
        assertTrue(guided.contains("    .refines = 1, .application_constant = 2,\n"));
        assertFalse(guided.contains(".expands"), "Open MPI has no MPI_COMM_TYPE_HW_GUIDED to expand into");
        assertTrue(read("standard_openmpi", "wi_functions.c").contains("    .refines = 1, .application_constant = 223,\n"));
        assertTrue(read("standard_openmpi", "wi_convert.h").contains("/* MPI_COMM_TYPE_HW_UNGUIDED, which the runtime lacks: MPI_UNDEFINED */"));
        // MPICH has them: plain translation (MPI-4.1's resource-guided split it lacks); Open MPI's own
        // types (enumerators of its descriptor) it lacks.
        String standardToMpich = read("standard_mpich", "wi_convert.h");
        assertFalse(standardToMpich.contains("MPI_COMM_TYPE_HW_GUIDED, which the runtime lacks"));
        assertTrue(standardToMpich.contains("    case (224): return (-32766); /* MPI_COMM_TYPE_RESOURCE_GUIDED, which the runtime lacks: MPI_UNDEFINED */\n"),
                standardToMpich);
        String toMpich = read("openmpi_mpich", "wi_convert.h");
        assertTrue(toMpich.contains("    case (1): return (-32766); /* OMPI_COMM_TYPE_HWTHREAD, which the runtime lacks: MPI_UNDEFINED */\n"));
        // lacking_as: the host's processes are MPICH's shared-memory split.
        assertTrue(toMpich.contains("    case (9): return (1); /* OMPI_COMM_TYPE_HOST, which the runtime lacks: MPI_COMM_TYPE_SHARED */\n"));
        assertTrue(toMpich.contains("    case (8): return (1); /* OMPI_COMM_TYPE_BOARD, which the runtime lacks: MPI_COMM_TYPE_SHARED */\n"));
        // Open MPI's hardware types are MPICH's MPI_COMM_TYPE_HW_GUIDED (2) with the resource's first
        // name; not HOST and BOARD (their lacking_as decides), nor CU and CLUSTER (no name).
        String expanded = read("openmpi_mpich", "wi_functions.c");
        assertTrue(expanded.contains("    {2, \"core\"}, /* OMPI_COMM_TYPE_CORE */\n"), expanded);
        assertTrue(expanded.contains("    {7, \"numanode\"}, /* OMPI_COMM_TYPE_NUMA */\n"));
        assertFalse(expanded.contains("\"numa\"}"), "one name per type");
        assertFalse(expanded.contains("OMPI_COMM_TYPE_HOST */\n    {"));
        assertTrue(expanded.contains("    .expands = 1, .runtime_constant = 2,\n    .expanded = wi_split_type_expanded, .expanded_count = 7,\n"));
        assertTrue(aFunction(expanded, "MPI_Comm_split_type").contains("    wi_guided_release(&wi_made_info);\n"));
        // Pairs that agree need no descriptor and no hook code.
        for (String pair : List.of("standard_mpich", "mpich_mpich", "openmpi_openmpi")) {
            assertFalse(read(pair, "wi_functions.c").contains("wi_split_type_guided"), pair);
        }
    }

    /** MPICH's MPI_UNWEIGHTED is a variable: exported holding a unique value, read from the runtime. */
    @Test
    void sentinelVariablesAreExportedUniqueAndReadFromTheRuntime() throws IOException {
        assertTrue(read("mpich_openmpi", "wi_objects.c")
                .contains("void *const MPI_UNWEIGHTED = (void *)&MPI_UNWEIGHTED;"));
        assertTrue(read("mpich_openmpi", "wi_abi.h")
                .contains("#define A_MPI_UNWEIGHTED (*(void *const *)(void *)MPI_UNWEIGHTED)"));
        assertTrue(read("openmpi_mpich", "wi_abi.h")
                .contains("#define R_MPI_UNWEIGHTED (*(void *const *)wi_r_object_MPI_UNWEIGHTED)"));
        String convert = read("openmpi_mpich", "wi_convert.h");
        assertTrue(convert.contains("if (p == (const void *)A_MPI_WEIGHTS_EMPTY)\n        return (void *)R_MPI_WEIGHTS_EMPTY;"),
                convert);
    }

    /** Predefined handles keep the application's Fortran values; others are the runtime's Fortran handles. */
    @Test
    void fortranHandlesOfPredefinedObjectsComeFromTheApplicationsMpifH() throws IOException {
        String convert = read("openmpi_mpich", "wi_convert.h");
        assertTrue(convert.contains("    if (a == A_MPI_COMM_WORLD)\n        return 0;"), "Open MPI's MPI_COMM_WORLD is 0");
        assertTrue(convert.contains("    case 7: return A_MPI_INTEGER;"), "Open MPI's MPI_INTEGER is 7");
        assertTrue(convert.contains("return (A_MPI_Fint)((uint32_t)(intptr_t)wi_comm_a2r(a)); /* the runtime's Fortran handle is its C handle */"),
                "MPICH: the C handle");
        assertTrue(convert.contains("return wi_file_r2a(R_PMPI_File_f2c((R_MPI_Fint)((uint32_t)f)));"), "MPICH has MPI_File_f2c");
        assertTrue(read("openmpi_mpich", "wi_functions.c").contains(
                "return wi_local_status_c2f(c_status, f_status);"));
        // MPICH applications call only MPI_File_c2f/f2c (the rest are macros of its mpi.h).
        String mpichApp = read("mpich_openmpi", "wi_convert.h");
        assertTrue(mpichApp.contains("wi_file_c2f"));
        assertFalse(mpichApp.contains("wi_comm_c2f"));
    }

    /**
     * MPI_Comm_idup's communicator is written at completion: a slot outlives the call. Wait/Test calls
     * claim the records of their requests before the call and release those still incomplete after it.
     */
    @Test
    void aNonblockingDuplicationHandsItsCommunicatorOverAtCompletion() throws IOException {
        String functions = read("openmpi_mpich", "wi_functions.c");
        assertTrue(functions.contains("R_MPI_Comm *r_newcomm = wi_pending_comm_slot(newcomm);"), "the slot");
        assertTrue(functions.contains("wi_pending_commit(r_newcomm, wi_ret == R_MPI_SUCCESS, r_request);"));
        assertTrue(functions.contains("wi_pending_abandon(wi_request_a2r(*request));"), "Request_free");
        String convert = read("openmpi_mpich", "wi_convert.h");
        assertTrue(convert.contains("if (WI_UNLIKELY(wi_pending_any()) && wi_pending_take(before, a, &wi_out, &wi_value))"));
        assertTrue(convert.contains("            wi_pending_release(before, a);"), "an incomplete request is released");
        assertTrue(functions.contains("    if (WI_UNLIKELY(wi_pending_any()) && request != NULL) /* this call may complete an MPI_Comm_idup (wi_pending.h) */\n"
                + "        wi_pending_claim(r_request, request);"), "MPI_Wait claims");
        assertTrue(functions.contains("        if (WI_UNLIKELY(wi_pending_any())) /* this call may complete an MPI_Comm_idup (wi_pending.h) */\n"
                + "            wi_pending_claim(r_array_of_requests[wi_i], &array_of_requests[wi_i]);"), "MPI_Waitall claims each");
        assertFalse(functions.contains("wi_pending_claim(r_datatype"), "only requests are claimed");
        // Identity pairs pass both straight through.
        assertFalse(read("mpich_mpich", "wi_functions.c").contains("A_MPI_Comm_idup"));
        assertFalse(read("mpich_mpich", "wi_functions.c").contains("A_MPI_Request_free"));
    }

    @Test
    void statusLayoutsComeFromTheDescriptors() throws IOException {
        String abi = read("openmpi_mpich", "wi_abi.h");
        assertTrue(abi.contains("unsigned char bytes[24]; } __attribute__((aligned(8))) A_MPI_Status;"), abi);
        assertTrue(abi.contains("unsigned char bytes[20]; } __attribute__((aligned(4))) R_MPI_Status;"));
        assertTrue(abi.contains("#define A_STATUS_UCOUNT 16"));
        assertTrue(abi.contains("#define R_STATUS_SOURCE 8"));
    }
}
