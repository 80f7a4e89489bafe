package org.wi4mpi.gen.dict;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CTypeSpellingTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "const int *          | int const*",
            "const int *          | const int []",
            "MPI_Status *         | MPI_Status[]",
            "int (*)[3]           | int[][3]",
            "int (*)[3]           | int [ ] [ 3 ]",
            "char **              | char *[]",
            "int *                | int *const",
            "int                  | const int",
            "MPI_User_function *  | MPI_User_function*",
    })
    void sameTypeWrittenDifferently(String a, String b) {
        assertTrue(CTypeSpelling.sameType(a, b), a + " vs " + b);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "const int *          | int *",
            "MPI_Datatype         | MPI_Datatyp",
            "char **              | char *const *",
            "int (*)[3]           | int (*)[2]",
            "int (*)[3]           | int **",
            "MPI_Aint *           | MPI_Count *",
    })
    void differentTypes(String a, String b) {
        assertFalse(CTypeSpelling.sameType(a, b), a + " vs " + b);
    }

    @Test
    void baseTypeIsTheNamedTypeUnderPointersAndQualifiers() {
        assertEquals("MPI_Datatype", CTypeSpelling.baseType("const MPI_Datatype []"));
        assertEquals("unsigned long", CTypeSpelling.baseType("const unsigned long *"));
    }

    @Test
    void pointerToConstIsOneLevelOfConstData() {
        assertTrue(CTypeSpelling.isPointerToConst("const MPI_Datatype *"));
        assertTrue(CTypeSpelling.isPointerToConst("int const []"));
        assertFalse(CTypeSpelling.isPointerToConst("MPI_Request *"));
        assertFalse(CTypeSpelling.isPointerToConst("const int"));
        assertFalse(CTypeSpelling.isPointerToConst("const char **"));
    }
}
