package org.wi4mpi.gen.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** -f: the delegate, its conversions from the dictionaries, the four manglings, MPI_Init and -i. */
class FortranShapeTest {

    private static String fortran(String family, PmpiInitBinding binding, String functions) {
        return WrapFixtures.generate(family, new WrapOptions(true, false, false, false, binding),
                "{{fn f " + functions + "}}{{callfn}}{{endfn}}");
    }

    private static String fortran(String family, String functions) {
        return fortran(family, PmpiInitBinding.UNDERSCORE, functions);
    }

    @Test
    void fourManglingsCallTheDelegate() {
        String out = fortran("openmpi", "MPI_Barrier");
        assertTrue(out.contains("static void MPI_Barrier_fortran_wrapper(MPI_Fint *comm, MPI_Fint *ierr) { \n"
                + "    int _wrap_py_return_val = 0;\n"
                + "    _wrap_py_return_val = MPI_Barrier(MPI_Comm_f2c(*comm));\n"
                + "    *ierr = _wrap_py_return_val;\n}\n"), out);
        for (String name : new String[] {"MPI_BARRIER", "mpi_barrier", "mpi_barrier_", "mpi_barrier__"}) {
            assertTrue(out.contains("_EXTERN_C_ void " + name + "(MPI_Fint *comm, MPI_Fint *ierr) { \n"
                    + "    MPI_Barrier_fortran_wrapper(comm, ierr);\n}\n"), name);
        }
    }

    @Test
    void handleOutputsAndStatusesAreConverted() {
        String out = fortran("mpich", "MPI_Irecv MPI_Recv");
        assertTrue(out.contains("    MPI_Request temp_request;\n"), out);
        assertTrue(out.contains("MPI_Irecv((void*)buf, *count, MPI_Type_f2c(*datatype), *source, *tag, MPI_Comm_f2c(*comm), &temp_request);\n"
                + "    *request = MPI_Request_c2f(temp_request);\n"), out);
        assertFalse(out.contains("temp_request = MPI_Request_f2c"), "an output request is not read");
        assertTrue(out.contains("(status != MPI_F_STATUS_IGNORE ? &temp_status : MPI_STATUS_IGNORE)"), out);
        assertTrue(out.contains("if (status != MPI_F_STATUS_IGNORE) MPI_Status_c2f(&temp_status, status);"), out);
    }

    @Test
    void handleArraysTakeTheirLengthFromTheDictionary() {
        String waitall = fortran("openmpi", "MPI_Waitall");
        assertTrue(waitall.contains("for (i = 0; i < *count; i++) temp_array_of_requests[i] = MPI_Request_f2c(array_of_requests[i]);"), waitall);
        assertTrue(waitall.contains("MPI_Status_c2f(&temp_array_of_statuses[i], &array_of_statuses[i * MPI_F_STATUS_SIZE]);"), waitall);
        assertTrue(waitall.contains("#define MPI_F_STATUS_SIZE"), waitall);
        String contents = fortran("openmpi", "MPI_Type_get_contents");
        assertTrue(contents.contains("for (i = 0; i < *max_datatypes; i++) array_of_datatypes[i] = MPI_Type_c2f(temp_array_of_datatypes[i]);"), contents);
        String alltoallw = fortran("openmpi", "MPI_Alltoallw");
        assertTrue(alltoallw.contains("static int wrap_py_comm_length(MPI_Comm comm, int kind)"), alltoallw);
        assertTrue(alltoallw.contains("for (i = 0; i < wrap_py_comm_length(MPI_Comm_f2c(*comm), 2); i++) temp_sendtypes[i] = MPI_Type_f2c(sendtypes[i]);"), alltoallw);
    }

    @Test
    void oneBasedIndicesAndWideIntegers() {
        String out = fortran("mpich", "MPI_Waitany MPI_File_read_at");
        // MPICH calls Waitany's index indx: the dictionary's argument is found by position.
        assertTrue(out.contains("if (_wrap_py_return_val == MPI_SUCCESS && *indx >= 0) (*indx)++;"), out);
        assertTrue(out.contains("static void MPI_File_read_at_fortran_wrapper(MPI_Fint *fh, MPI_Offset *offset,"), out);
        assertTrue(out.contains("MPI_File_read_at(MPI_File_f2c(*fh), *offset, "), out);
    }

    @Test
    void mpi1AddressesAreDefaultIntegersInFortran() {
        String out = fortran("mpich", "MPI_Type_hvector MPI_Address");
        assertTrue(out.contains("MPI_Type_hvector(*count, *blocklength, (MPI_Aint) *stride, "), out);
        assertTrue(out.contains("static void MPI_Address_fortran_wrapper(MPI_Fint *location, MPI_Fint *address, MPI_Fint *ierr)"), out);
        assertTrue(out.contains("    *address = (MPI_Fint) temp_address;\n"), out);
    }

    @Test
    void stringsTakeTheirHiddenLengths() {
        String out = fortran("openmpi", "MPI_Comm_set_name MPI_Get_processor_name MPI_Info_get");
        assertTrue(out.contains("_EXTERN_C_ void mpi_comm_set_name_(MPI_Fint *comm, char *comm_name, MPI_Fint *ierr, int comm_name_len) { \n"
                + "    MPI_Comm_set_name_fortran_wrapper(comm, comm_name, ierr, comm_name_len);\n"), out);
        assertTrue(out.contains("temp_comm_name = wrap_py_c_string(comm_name, comm_name_len, comm_name_len);"), out);
        assertTrue(out.contains("temp_name = wrap_py_c_string(name, name_len, MPI_MAX_PROCESSOR_NAME);"), out);
        assertTrue(out.contains("if (_wrap_py_return_val == MPI_SUCCESS) wrap_py_fortran_string(name, name_len, temp_name);"), out);
        assertTrue(out.contains("temp_value = wrap_py_c_string(value, value_len, *valuelen);"), out);
        assertEquals(1, out.split("static char \\*wrap_py_c_string\\(", -1).length - 1, "the helpers are written once");
    }

    @Test
    void valueResultsReturnWithoutIerr() {
        String out = fortran("mpich", "MPI_Wtime MPI_Aint_add");
        assertTrue(out.contains("_EXTERN_C_ double mpi_wtime_(void) { \n    return MPI_Wtime_fortran_wrapper();\n}\n"), out);
        assertTrue(out.contains("_EXTERN_C_ MPI_Aint MPI_AINT_ADD(MPI_Aint *base, MPI_Aint *disp) { \n"), out);
    }

    @Test
    void initRecordsTheManglingAndCallsTheFortranPmpiInit() {
        String out = fortran("openmpi", PmpiInitBinding.DOUBLE_UNDERSCORE, "MPI_Init");
        assertEquals(1, out.split("static int fortran_init = 0;", -1).length - 1);
        assertTrue(out.contains("_EXTERN_C_ void MPI_INIT(MPI_Fint *ierr) { \n    fortran_init = 1;\n"), out);
        assertTrue(out.contains("_EXTERN_C_ void mpi_init__(MPI_Fint *ierr) { \n    fortran_init = 4;\n"), out);
        assertTrue(out.contains("#else\n        pmpi_init__(&_wrap_py_return_val);\n#endif\n"), out);
        assertTrue(out.contains("    } else {\n        _wrap_py_return_val = PMPI_Init(argc, argv);\n    }\n"), out);
        String defaulted = fortran("openmpi", "MPI_Init");
        assertTrue(defaulted.contains("#else\n        pmpi_init_(&_wrap_py_return_val);\n#endif\n"), defaulted);
        assertTrue(out.contains("    _wrap_py_return_val = MPI_Init(&omitted_argc, &omitted_argv);\n"), out);
        // functions.json marks argc and argv omitted from the Fortran forms, MPI_Init_thread's too.
        String initThread = fortran("openmpi", "MPI_Init_thread");
        assertTrue(initThread.contains("_EXTERN_C_ void mpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr)"), initThread);
        assertTrue(initThread.contains("MPI_Init_thread(&omitted_argc, &omitted_argv, *required, (int*)provided);"), initThread);
    }

    @Test
    void standardAbiConvertsThroughToint() {
        String out = fortran("standard", "MPI_Comm_dup");
        assertTrue(out.contains("MPI_Comm_dup(MPI_Comm_fromint(*comm), &temp_newcomm);\n    *newcomm = MPI_Comm_toint(temp_newcomm);"), out);
        assertTrue(out.contains("(int *comm, int *newcomm, int *ierr)"), out);
    }
}
