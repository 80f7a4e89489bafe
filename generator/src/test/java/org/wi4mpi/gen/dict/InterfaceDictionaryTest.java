package org.wi4mpi.gen.dict;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** interface.json: the standard ABI's spellings its descriptor does not carry. */
class InterfaceDictionaryTest {

    @Test
    void theRepositoryFileGivesTheStandardsSpellings() {
        InterfaceDictionary d = InterfaceDictionary.load(
                DictionaryFixtures.repositoryDictionaries().resolve(InterfaceDictionary.FILE));
        assertEquals(List.of("MPI_Aint"), d.c().addressTypes());
        assertEquals("char ***", d.c().pointerTypes().get("MPI_ARGVS_NULL"));
        assertEquals("MPI_Datarep_conversion_function_c *", d.c().pointerTypes().get("MPI_CONVERSION_FN_NULL_C"));
        assertEquals("INTEGER(KIND=MPI_OFFSET_KIND)", d.fortran().constantTypes().get("MPI_DISPLACEMENT_CURRENT"));
        assertEquals("DOUBLE PRECISION", d.fortran().functionResults().get("double"));
        assertEquals(List.of("MPI_ADDRESS_KIND", "MPI_COUNT_KIND", "MPI_OFFSET_KIND", "MPI_STATUS_SIZE"),
                d.fortran().declaredFirst());
    }

    @Test
    void faultsAreNamedBySectionAndField(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(InterfaceDictionary.FILE);
        Files.writeString(file, "{\"c\": {\"address_types\": [\"MPI_Aint\"], \"constant_types\": {},"
                + " \"pointer_types\": {\"MPI_BOTTOM\": 1}, \"colour\": 2}}");
        DictionaryException e = assertThrows(DictionaryException.class, () -> InterfaceDictionary.load(file));
        assertEquals(List.of(
                "interface.json: c: section has unknown field 'colour' (allowed: address_types, constant_types, pointer_types)",
                "interface.json: fortran: section is missing or not an object",
                "interface.json: c: section has pointer_types.MPI_BOTTOM that is not a type's spelling"),
                e.problems());
    }
}
