package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Fortran wrappers (wi_fortran.c) rendered from the real dictionaries. */
class FortranWrapperTest {

    /** The repository's generated output, shared with the other generator test classes. */
    private static final Path out = RepositoryOutput.directory();

    private static String wrapper(String pair, String function) throws IOException {
        String file = Files.readString(out.resolve(pair).resolve("wi_fortran.c"));
        int start = file.indexOf("wi_f_" + function + "(");
        assertTrue(start >= 0, function + " has no wrapper in " + pair);
        return file.substring(start, file.indexOf("\n}\n", start) + 3);
    }

    private static String file(String pair) throws IOException {
        return Files.readString(out.resolve(pair).resolve("wi_fortran.c"));
    }

    @Test
    void openMpiRecvConvertsHandlesAndRecognisesItsStatusIgnore() throws IOException {
        String recv = wrapper("openmpi_mpich", "MPI_Recv");
        assertTrue(recv.contains("A_MPI_Comm a_comm = wi_comm_f2c(*comm);"), recv);
        assertTrue(recv.contains("A_MPI_Datatype a_datatype = wi_datatype_f2c(*datatype);"), recv);
        assertTrue(recv.contains("if ((const void *)status == (const void *)((const char *)mpi_fortran_status_ignore_ + 0))"), recv);
        assertTrue(recv.contains("a_status = (A_MPI_Status *)A_MPI_STATUS_IGNORE;"), recv);
        assertTrue(recv.contains("int wi_ret = A_MPI_Recv(a_buf, *count, a_datatype, *source, *tag, a_comm, a_status);"), recv);
        assertTrue(recv.contains("*ierr = wi_ret;"), recv);
        String f = file("openmpi_mpich");
        for (String symbol : new String[] {"mpi_recv_", "mpi_recv__", "MPI_RECV", "mpi_recv", "pmpi_recv_",
                "pmpi_recv__", "PMPI_RECV", "pmpi_recv"}) {
            assertTrue(f.contains("__typeof__(wi_f_MPI_Recv) " + symbol + " __attribute__((alias(\"wi_f_MPI_Recv\")));"),
                    symbol);
        }
    }

    @Test
    void mpichHandlesAreCastAndItsSentinelsLieInItsCommonBlocks() throws IOException {
        String allreduce = wrapper("mpich_openmpi", "MPI_Allreduce");
        assertTrue(allreduce.contains("A_MPI_Comm a_comm = (A_MPI_Comm)*comm;"), allreduce);
        assertTrue(allreduce.contains("if ((const void *)sendbuf == (const void *)((const char *)mpipriv1_ + 4)) /* MPI_IN_PLACE */"),
                allreduce);
        assertTrue(allreduce.contains("(const char *)mpipriv1_ + 0)) /* MPI_BOTTOM */"), allreduce);
        String f = file("mpich_openmpi");
        assertTrue(f.contains("unsigned char mpipriv1_[28];"), "MPICH's mpipriv1_ is 28 bytes");
        assertTrue(f.contains("unsigned char mpipriv2_[24];"));
        // MPICH's MPI_File is a pointer in C: its Fortran handle goes through the table.
        assertTrue(wrapper("mpich_openmpi", "MPI_File_close").contains("wi_file_f2c(*fh)"));
    }

    @Test
    void handleArraysAreConvertedByTheirLengthAndBack() throws IOException {
        String waitall = wrapper("openmpi_mpich", "MPI_Waitall");
        assertTrue(waitall.contains("const int a_array_of_requests_n = wi_len((*count));"), waitall);
        assertTrue(waitall.contains("a_array_of_requests[wi_i] = wi_request_f2c(array_of_requests[wi_i]);"), waitall);
        assertTrue(waitall.contains("array_of_requests[wi_i] = wi_request_c2f(a_array_of_requests[wi_i]);"), waitall);
        assertTrue(waitall.contains("mpi_fortran_statuses_ignore_"), waitall);
        // MPICH's int requests are the Fortran integers themselves.
        String back = wrapper("mpich_openmpi", "MPI_Waitall");
        assertTrue(back.contains("A_MPI_Waitall(*count, (A_MPI_Request *)array_of_requests,"), back);
    }

    @Test
    void requestIndicesCountFromOneInFortran() throws IOException {
        for (String pair : new String[] {"openmpi_mpich", "mpich_openmpi", "standard_openmpi"}) {
            String waitany = wrapper(pair, "MPI_Waitany");
            assertTrue(waitany.contains("int a_index = A_MPI_UNDEFINED;"), waitany);
            assertTrue(waitany.contains("&a_index, a_status);"), waitany);
            assertTrue(waitany.contains("if (a_index >= 0 && a_index != A_MPI_UNDEFINED)\n        *index = a_index + 1;"),
                    waitany);
            String testsome = wrapper(pair, "MPI_Testsome");
            assertTrue(testsome.contains("for (int wi_i = 0; wi_i < *outcount; wi_i++)"), testsome);
            assertTrue(testsome.contains("array_of_indices[wi_i] += 1;"), testsome);
            assertTrue(wrapper(pair, "MPI_Testany").contains("*index = a_index + 1;"));
            assertTrue(wrapper(pair, "MPI_Waitsome").contains("array_of_indices[wi_i] += 1;"));
        }
    }

    @Test
    void aGeneralizedRequestKeepsTheAddressOfTheCallersExtraState() throws IOException {
        for (String pair : new String[] {"openmpi_mpich", "mpich_openmpi"}) {
            String start = wrapper(pair, "MPI_Grequest_start");
            assertTrue(start.contains("int64_t *extra_state"), start);
            assertTrue(start.contains("(A_MPI_Grequest_cancel_function *)cancel_fn, (void *)extra_state, &a_request)"), start);
        }
        // The keyval functions keep the value.
        assertTrue(wrapper("openmpi_mpich", "MPI_Comm_create_keyval").contains("(void *)(intptr_t)*extra_state"));
    }

    @Test
    void infoGetLeavesTheValueAloneWhenTheKeyIsMissing() throws IOException {
        String get = wrapper("openmpi_mpich", "MPI_Info_get");
        assertTrue(get.contains("if (wi_ret == A_MPI_SUCCESS && a_flag)\n        wi_fortran_string_out(value,"), get);
        // A call without a flag writes its string whenever it succeeds.
        String name = wrapper("openmpi_mpich", "MPI_Comm_get_name");
        assertTrue(name.contains("if (wi_ret == A_MPI_SUCCESS)\n        wi_fortran_string_out(comm_name,"), name);
    }

    @Test
    void mpi1AddressesAreFortranIntegers() throws IOException {
        String hindexed = wrapper("openmpi_mpich", "MPI_Type_hindexed");
        assertTrue(hindexed.contains("A_MPI_Fint *array_of_displacements"), hindexed);
        assertTrue(hindexed.contains("a_array_of_displacements[wi_i] = array_of_displacements[wi_i];"), hindexed);
        String hvector = wrapper("mpich_openmpi", "MPI_Type_hvector");
        assertTrue(hvector.contains("(A_MPI_Aint)*stride"), hvector);
        String extent = wrapper("openmpi_mpich", "MPI_Type_extent");
        assertTrue(extent.contains("*extent = (A_MPI_Fint)a_extent;"), extent);
    }

    @Test
    void stringsAndLogicalsFollowTheFortranConventions() throws IOException {
        String setName = wrapper("openmpi_mpich", "MPI_Comm_set_name");
        assertTrue(setName.contains("(A_MPI_Fint *comm, char *comm_name, A_MPI_Fint *ierr, wi_fortran_len_t comm_name_len)"),
                setName);
        assertTrue(setName.contains("wi_fortran_string_in(a_comm_name, comm_name, wi_fortran_len(comm_name_len));"), setName);
        String getName = wrapper("openmpi_mpich", "MPI_Get_processor_name");
        assertTrue(getName.contains("char a_name[A_MPI_MAX_PROCESSOR_NAME];"), getName);
        assertTrue(getName.contains("wi_fortran_string_out(name, wi_fortran_len(name_len), a_name);"), getName);
        String test = wrapper("openmpi_mpich", "MPI_Test");
        assertTrue(test.contains("*flag = a_flag ? wi_fortran_true() : 0;"), test);
        String init = wrapper("mpich_openmpi", "MPI_Init");
        assertTrue(init.startsWith("wi_f_MPI_Init(A_MPI_Fint *ierr)"), init);
        assertTrue(init.contains("A_MPI_Init(NULL, NULL)"), init);
        assertTrue(file("openmpi_mpich").contains("WI_HIDDEN double wi_f_MPI_Wtime(void)"));
        assertTrue(wrapper("openmpi_mpich", "MPI_Wtime").contains("return wi_ret;"));
    }

    @Test
    void fortranCallbacksAreRegisteredAsSuchAndOthersAbortWithTheirName() throws IOException {
        String op = wrapper("openmpi_mpich", "MPI_Op_create");
        assertTrue(op.startsWith("wi_f_MPI_Op_create(void *user_fn, A_MPI_Fint *commute, A_MPI_Fint *op, A_MPI_Fint *ierr)"), op);
        assertTrue(op.contains("    wi_callback_fortran = WI_CALLBACK_FORTRAN; /* the trampoline calls a Fortran procedure */\n"
                + "    int wi_ret = A_MPI_Op_create((A_MPI_User_function *)user_fn, (*commute != 0), &a_op);\n"
                + "    wi_callback_fortran = 0;\n"), op);
        assertTrue(wrapper("mpich_openmpi", "MPI_Comm_create_errhandler").contains("wi_callback_fortran = WI_CALLBACK_FORTRAN;"));
        // The trampolines pass handles as the application's Fortran INTEGERs.
        String convert = Files.readString(out.resolve("openmpi_mpich").resolve("wi_convert.h"));
        assertTrue(convert.contains("#define wi_datatype_a2f(a) wi_datatype_c2f(a)"), convert);
        String mpich = Files.readString(out.resolve("mpich_openmpi").resolve("wi_convert.h"));
        assertTrue(mpich.contains("#define wi_comm_a2f(a) ((A_MPI_Fint)(a)) /* the Fortran handle is the C handle */"));
        assertTrue(mpich.contains("#define wi_file_a2f(a) wi_file_c2f(a)"));
        // Keyval callbacks: the predefined Fortran procedures stand for the application's C constants,
        // the extra state is the INTEGER's value.
        String keyval = wrapper("openmpi_mpich", "MPI_Comm_create_keyval");
        assertTrue(keyval.contains("    else if ((const void *)comm_copy_attr_fn == (const void *)mpi_comm_dup_fn_) /* MPI_COMM_DUP_FN */\n"
                + "        a_comm_copy_attr_fn = (void *)A_MPI_COMM_DUP_FN;\n"), keyval);
        assertTrue(keyval.contains("(int *)comm_keyval, (void *)(intptr_t)*extra_state);"), keyval);
        String f = file("openmpi_mpich");
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_fp_MPI_COMM_DUP_FN) mpi_comm_dup_fn_ __attribute__((alias(\"wi_fp_MPI_COMM_DUP_FN\")));"));
        assertTrue(f.contains("    *out = *in;\n    *flag = wi_fortran_true();\n"), f);
        // MPI-1's MPI_Keyval_create: INTEGER values, and MPI_DUP_FN stands for MPI_COMM_DUP_FN.
        String mpi1 = wrapper("openmpi_mpich", "MPI_Keyval_create");
        assertTrue(mpi1.contains("wi_callback_fortran = WI_CALLBACK_FORTRAN_INTEGER;"), mpi1);
        assertTrue(mpi1.contains("(const void *)mpi_dup_fn_) /* MPI_DUP_FN */\n        a_copy_fn = (void *)A_MPI_COMM_DUP_FN;"), mpi1);
        assertTrue(mpi1.contains("(void *)(intptr_t)*extra_state"), mpi1);
        assertTrue(f.contains("WI_HIDDEN void wi_fp_MPI_DUP_FN(A_MPI_Fint *object, int *keyval, A_MPI_Fint *extra_state,"
                + " A_MPI_Fint *in, A_MPI_Fint *out, A_MPI_Fint *flag, A_MPI_Fint *ierr)"), f);
        // MPI_Comm_spawn's Fortran argv is an array of strings (not the omitted argv of MPI_Init):
        // converted unless it is MPI_ARGV_NULL.
        String spawn = wrapper("openmpi_mpich", "MPI_Comm_spawn");
        assertTrue(spawn.contains("    if ((const void *)argv == (const void *)((const char *)mpi_fortran_argv_null_ + 0)) /* MPI_ARGV_NULL */\n"
                + "        a_argv = (char **)A_MPI_ARGV_NULL;\n    else\n"
                + "        a_argv = (char **)wi_fortran_argv_in(argv, wi_fortran_len(argv_len));\n"), spawn);
        String multiple = wrapper("mpich_openmpi", "MPI_Comm_spawn_multiple");
        assertTrue(multiple.contains("wi_fortran_strings_in(array_of_commands, wi_fortran_len(array_of_commands_len), wi_len((*count)))"), multiple);
        assertTrue(multiple.contains("wi_fortran_argvs_in(array_of_argv, wi_fortran_len(array_of_argv_len), wi_len((*count)))"), multiple);
    }

    @Test
    void openMpiMpiF08BindingsAreTheSameWrappersWithAnOptionalIerror() throws IOException {
        String f = file("openmpi_mpich");
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f_MPI_Send) mpi_send_f08_ __attribute__((alias(\"wi_f_MPI_Send\")));"));
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f_MPI_Send) pmpi_send_f08_ __attribute__((alias(\"wi_f_MPI_Send\")));"));
        assertTrue(f.contains("    if (ierr != NULL) /* optional in mpi_f08 */\n        *ierr = wi_ret;\n"), f);
        assertTrue(f.contains("WI_EXPORTED int __mpi_f08_types_MOD_ompi_comm_op_ne(const A_MPI_Fint *a, const A_MPI_Fint *b)"
                + " { return (*a != *b) ? 1 : 0; }"), f);
        assertTrue(f.contains("WI_EXPORTED unsigned char __mpi_f08_types_MOD___def_init_mpi_f08_types_Mpi_status[24];"));
        assertTrue(f.contains("WI_EXPORTED void __mpi_f08_types_MOD___copy_mpi_f08_types_Mpi_win(const void *src, void *dst)"
                + " { memcpy(dst, src, 4); }"));
    }

    @Test
    void openMpi5MpiF08ModuleIsItsMpiTypesModuleWithoutSessionOperators() throws IOException {
        String f = file("openmpi5_mpich");
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f_MPI_Send) mpi_send_f08_ __attribute__((alias(\"wi_f_MPI_Send\")));"));
        assertTrue(f.contains("WI_EXPORTED int __mpi_types_MOD_ompi_comm_op_eq(const A_MPI_Fint *a, const A_MPI_Fint *b)"
                + " { return (*a == *b) ? 1 : 0; }"), f);
        assertTrue(f.contains("WI_EXPORTED unsigned char __mpi_types_MOD___def_init_mpi_types_Mpi_status[24];"));
        assertTrue(f.contains("WI_EXPORTED unsigned char __mpi_types_MOD___def_init_mpi_types_Mpi_session[4];"));
        assertTrue(f.contains("WI_EXPORTED void __mpi_types_MOD___copy_mpi_types_Mpi_session(const void *src, void *dst)"
                + " { memcpy(dst, src, 4); }"));
        assertFalse(f.contains("ompi_session_op_"), "Open MPI 5.0.7's module has no MPI_Session operators");
        assertFalse(f.contains("__mpi_f08_types_MOD_"), "4.1's module name");
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_fp_MPI_COMM_DUP_FN) __mpi_f08_callbacks_MOD_mpi_comm_dup_fn"
                + " __attribute__((alias(\"wi_fp_MPI_COMM_DUP_FN\")));"));
        // 5.0.7's misnamed profiling binding of MPI_Ineighbor_alltoallv (fortran.json aliases).
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f_MPI_Ineighbor_alltoallv) pmpi_ineighbor_alltoallv_init_f08_"
                + " __attribute__((alias(\"wi_f_MPI_Ineighbor_alltoallv\")));"), f);
    }

    @Test
    void mpichMpiF08BindingsTakeDescriptorsForBuffersAndRecogniseItsF08Sentinels() throws IOException {
        String f = file("mpich_openmpi");
        // Without a buffer: the mpif.h wrapper under the _f08 name.
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f_MPI_Comm_rank) mpi_comm_rank_f08_ __attribute__((alias(\"wi_f_MPI_Comm_rank\")));"));
        // Their profiling twins are pmpir_ symbols in MPICH (what its module's PMPI_* procedures call).
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f_MPI_Comm_rank) pmpir_comm_rank_f08_ __attribute__((alias(\"wi_f_MPI_Comm_rank\")));"));
        assertFalse(f.contains(" pmpi_comm_rank_f08_ "), f);
        // A void * the functions.json marks a choice buffer takes a descriptor too (MPI_Win_create's base).
        assertTrue(f.contains("    void *wi_base = wi_fortran_descriptor_address(base, \"MPI_Win_create\");"), f);
        // With one: a binding that takes the descriptor, under the _f08ts name only; a non-contiguous
        // section becomes one item of a datatype built for it, freed after the call.
        assertTrue(f.contains("WI_HIDDEN void wi_f08_MPI_Send(const void *buf, int *count, A_MPI_Fint *datatype, int *dest,"
                + " int *tag, A_MPI_Fint *comm, A_MPI_Fint *ierr)\n{\n"
                + "    A_MPI_Count wi_buf_items = *count;\n    A_MPI_Fint wi_buf_type = *datatype;\n"
                + "    A_MPI_Datatype wi_buf_made = A_MPI_DATATYPE_NULL;\n"
                + "    void *wi_buf = wi_f08_section(buf, &wi_buf_items, &wi_buf_type, &wi_buf_made, \"MPI_Send\");\n"
                + "    int wi_buf_count = (int)wi_buf_items; /* 1, or as it came */\n"
                + "    wi_f_MPI_Send(wi_buf, &wi_buf_count, &wi_buf_type, dest, tag, comm, ierr);\n"), f);
        // The large-count procedures bind MPI_Send_c & co. under <binding>_large_ (MPI_Count counts,
        // sections too); no mpif.h symbol; those fortran.json leaves out have none.
        assertTrue(f.contains("WI_HIDDEN void wi_f08_MPI_Send_c(const void *buf, A_MPI_Count *count, A_MPI_Fint *datatype,"
                + " int *dest, int *tag, A_MPI_Fint *comm, A_MPI_Fint *ierr)\n{\n    A_MPI_Count wi_buf_items = *count;\n"), f);
        assertTrue(f.contains("    A_MPI_Count wi_buf_count = (A_MPI_Count)wi_buf_items; /* 1, or as it came */\n"
                + "    wi_f_MPI_Send_c(wi_buf, &wi_buf_count, &wi_buf_type, dest, tag, comm, ierr);\n"), f);
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f08_MPI_Send_c) mpi_send_f08ts_large_ __attribute__((alias(\"wi_f08_MPI_Send_c\")));"));
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f08_MPI_Send_c) pmpir_send_f08ts_large_ __attribute__((alias(\"wi_f08_MPI_Send_c\")));"));
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f_MPI_Get_count_c) mpi_get_count_f08_large_ __attribute__((alias(\"wi_f_MPI_Get_count_c\")));"));
        assertFalse(f.contains(" mpi_send_c_ "), "MPI_Send_c has no mpif.h binding");
        assertFalse(f.contains("mpi_type_get_extent_f08_large_"), "left out in fortran.json");
        assertFalse(f.contains("mpi_file_read_f08ts_large_"), "left out in fortran.json");
        // Buffers that share their count and datatype (MPI_Allreduce) can only be contiguous.
        String shared = f.substring(f.indexOf("WI_HIDDEN void wi_f08_MPI_Allreduce("));
        assertTrue(shared.contains("void *wi_sendbuf = wi_fortran_descriptor_address(sendbuf, \"MPI_Allreduce\");"), shared);
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f08_MPI_Send) mpi_send_f08ts_ __attribute__((alias(\"wi_f08_MPI_Send\")));"));
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f08_MPI_Send) pmpir_send_f08ts_ __attribute__((alias(\"wi_f08_MPI_Send\")));"));
        assertFalse(f.contains(" mpi_send_f08_ "), "MPI_Send has no _f08 binding in MPICH");
        // The mpi_f08 sentinels are objects of their own, next to the mpif.h common blocks.
        String allreduce = wrapper("mpich_openmpi", "MPI_Allreduce");
        assertTrue(allreduce.contains("if ((const void *)sendbuf == (const void *)((const char *)mpipriv1_ + 4)) /* MPI_IN_PLACE */"));
        assertTrue(allreduce.contains("else if ((const void *)sendbuf == (const void *)((const char *)MPIR_F08_MPI_IN_PLACE + 0))"
                + " /* MPI_IN_PLACE */"), allreduce);
        assertTrue(f.contains("extern unsigned char MPIR_F08_MPI_IN_PLACE[]; /* wi_objects.c */"));
        assertTrue(f.contains("WI_EXPORTED __attribute__((aligned(32))) unsigned char __mpi_f08_link_constants_MOD_mpi_errcodes_ignore[4];"));
        assertTrue(f.contains("WI_EXPORTED int __mpi_f08_types_MOD_mpi_comm_f08_neq_f(const A_MPI_Fint *a, const A_MPI_Fint *b)"
                + " { return (*a != *b) ? 1 : 0; }"));
    }

    @Test
    void attributeValuesAreIntegersAndPredefinedKeyvalsAreMappedBack() throws IOException {
        String set = wrapper("mpich_openmpi", "MPI_Comm_set_attr");
        assertTrue(set.startsWith("wi_f_MPI_Comm_set_attr(A_MPI_Fint *comm, int *comm_keyval, int64_t *attribute_val, A_MPI_Fint *ierr)"), set);
        // The value set is boxed (C reads a pointer to it); the box goes when the set fails.
        assertTrue(set.contains("void *a_attribute_val = wi_attribute_box((int64_t)*attribute_val);"), set);
        assertTrue(set.contains("A_MPI_Comm_set_attr(a_comm, wi_f_keyval(*comm_keyval), a_attribute_val);"), set);
        assertTrue(set.contains("    if (wi_ret != A_MPI_SUCCESS) /* no attribute holds it */\n        wi_attribute_box_release(a_attribute_val);\n"), set);
        // extra_state is not an attribute value: kept as the pointer value.
        String keyval = wrapper("mpich_openmpi", "MPI_Comm_create_keyval");
        assertTrue(keyval.contains("(void *)(intptr_t)*extra_state"), keyval);
        assertFalse(keyval.contains("wi_attribute_box"), keyval);
        String get = wrapper("openmpi_mpich", "MPI_Attr_get");
        assertTrue(get.contains("A_MPI_Fint *attribute_val"), get);
        assertTrue(get.contains("    if (wi_ret == A_MPI_SUCCESS && a_flag)\n        *attribute_val = (A_MPI_Fint)"
                + "wi_f_attribute_value(wi_f_keyval(*comm_keyval), a_attribute_val);\n"), get);
        // MPICH's Fortran keyvals are its C keyvals + 1; Open MPI's are the same.
        String mpich = file("mpich_openmpi");
        assertTrue(mpich.contains("    case 1681915906: return A_MPI_TAG_UB;\n"), mpich);
        assertFalse(file("openmpi_mpich").contains("return A_MPI_TAG_UB;"));
        // Values that point to an int or an MPI_Aint are read through the pointer.
        assertTrue(mpich.contains("    case A_MPI_WIN_MODEL:\n        return *(const int *)c_value;\n"
                + "    case A_MPI_WIN_SIZE:\n        return (intptr_t)*(const A_MPI_Aint *)c_value;\n"), mpich);
        // Any other: the integer of a box, or the pointer value.
        assertTrue(mpich.contains("    default:\n        return (intptr_t)wi_attribute_fortran_value(c_value);\n"), mpich);
    }

    @Test
    void identityPairsHaveNoFortranLayer() throws IOException {
        for (String pair : new String[] {"openmpi_openmpi", "mpich_mpich"}) {
            String f = file(pair);
            assertFalse(f.contains("mpi_send_"), pair);
            assertTrue(f.contains("typedef int wi_fortran_none;"), pair);
        }
    }
}
