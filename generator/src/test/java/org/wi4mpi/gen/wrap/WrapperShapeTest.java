package org.wi4mpi.gen.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wi4mpi.gen.wrap.WrapFixtures.generate;
import static org.wi4mpi.gen.wrap.WrapFixtures.options;

import org.junit.jupiter.api.Test;

/** The C wrapper skeleton and what -g, -s, -w add or remove. */
class WrapperShapeTest {

    private static final String SEND = "{{fn f MPI_Send}}{{callfn}}{{endfn}}";

    @Test
    void wrapperSkeleton() {
        String out = generate("openmpi", options(false, false, true, false), SEND);
        assertEquals("""
                /* ================== C Wrappers for MPI_Send ================== */
                _EXTERN_C_ int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
                _EXTERN_C_ int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {\s
                    int _wrap_py_return_val = 0;
                _wrap_py_return_val = PMPI_Send(buf, count, datatype, dest, tag, comm);    return _wrap_py_return_val;
                }

                """, out);
    }

    @Test
    void variadicArgumentsAreNotPassedOn() {
        String out = generate("mpich", options(false, true, true, false), "{{fn f MPI_Pcontrol}}{{callfn}}{{endfn}}");
        assertTrue(out.contains("_EXTERN_C_ int MPI_Pcontrol(const int level, ...) { \n"), out);
        assertTrue(out.contains("    if (in_wrapper) return PMPI_Pcontrol(level);\n    in_wrapper = 1;\n"), out);
        assertTrue(out.contains("_wrap_py_return_val = PMPI_Pcontrol(level);    in_wrapper = 0;\n"), out);
    }

    @Test
    void preambleUnlessSkipped() {
        String full = generate("openmpi", options(false, true, false, false), SEND);
        assertTrue(full.startsWith("\n#include <mpi.h>\n"), full);
        assertTrue(full.contains("#define _EXTERN_C_ extern \"C\""));
        assertTrue(full.contains("_EXTERN_C_ void pmpi_init__(MPI_Fint *ierr);"));
        assertTrue(full.contains("static int in_wrapper = 0;\n"));
        String skipped = generate("openmpi", options(false, true, true, false), SEND);
        assertFalse(skipped.contains("#include"));
        assertFalse(skipped.contains("static int in_wrapper"));
        assertTrue(skipped.contains("if (in_wrapper) return PMPI_Send("));
    }

    @Test
    void standardAbiHasNoMpiFint() {
        String full = generate("standard", options(false, false, false, false), SEND);
        assertTrue(full.contains("_EXTERN_C_ void pmpi_init_(int *ierr);"), full);
    }

    @Test
    void quietDeprecatedWrapsTheCall() {
        String out = generate("mpich", options(false, false, true, true), SEND);
        assertTrue(out.contains("#define WRAP_MPI_CALL_PREFIX"), out);
        assertTrue(out.contains("WRAP_MPI_CALL_PREFIX\n_wrap_py_return_val = PMPI_Send(buf, count, datatype, dest, tag, comm);\n"
                + "WRAP_MPI_CALL_POSTFIX"), out);
    }

    @Test
    void doubleResultsAndRetVal() {
        String out = generate("openmpi", options(false, false, true, false), "{{fn f MPI_Wtime}}{{ret_val}}|{{returnVal}}{{endfn}}");
        assertTrue(out.contains("_EXTERN_C_ double MPI_Wtime() { \n    double _wrap_py_return_val = 0;\n"
                + "_wrap_py_return_val|_wrap_py_return_val    return _wrap_py_return_val;\n"), out);
    }
}
