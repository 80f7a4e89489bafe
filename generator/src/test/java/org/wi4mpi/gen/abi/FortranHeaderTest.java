package org.wi4mpi.gen.abi;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FortranHeaderTest {

    @TempDir
    Path dir;

    @Test
    void integerParametersAreReadThroughIncludesWithTheirExpressions() throws IOException {
        Files.writeString(dir.resolve("mpif.h"), """
                ! free-form comment
                C fixed-form comment: parameter (MPI_IGNORED=1)
                      include 'mpif-handles.h'
                      integer MPI_MAX_ERROR_STRING, MPI_UNDEFINED
                      parameter (MPI_MAX_ERROR_STRING=256-1)
                       PARAMETER (MPI_UNDEFINED=(-32766))
                       PARAMETER (MPI_INTEGER16=MPI_DATATYPE_NULL)
                      parameter (MPI_SUBARRAYS_SUPPORTED= .false.)
                      parameter (MPI_A=2, MPI_B=MPI_A*3+1)   ! trailing comment
                """);
        Files.writeString(dir.resolve("mpif-handles.h"), """
                        parameter (MPI_COMM_WORLD=0)
                        parameter (MPI_DATATYPE_NULL=201326592)
                """);

        Map<String, Long> values = FortranHeader.integerParameters(dir.resolve("mpif.h"));

        assertEquals(0L, values.get("MPI_COMM_WORLD"));
        assertEquals(255L, values.get("MPI_MAX_ERROR_STRING"));
        assertEquals(-32766L, values.get("MPI_UNDEFINED"));
        assertEquals(201326592L, values.get("MPI_INTEGER16"));
        assertEquals(7L, values.get("MPI_B"));
        assertFalse(values.containsKey("MPI_SUBARRAYS_SUPPORTED"), "a logical is not an integer");
        assertFalse(values.containsKey("MPI_IGNORED"), "comment lines are skipped");
    }

    @Test
    void aFamilyWithoutMpifHasNoFortranConstants() {
        assertTrue(FortranHeader.integerParameters(dir.resolve("mpif.h")).isEmpty());
    }
}
