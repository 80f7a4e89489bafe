package org.wi4mpi.gen.render;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Fortran layer counts a handle array by any length the translation knows before the call: a
 * copy of the dictionaries gives MPI_Comm_spawn_multiple's info array another length form, and the
 * regenerated wrapper counts it with lengths.ftl's Fortran spelling, whose C function a runtime-c
 * header defines, and compiles against the runtime.
 */
class FortranLengthsTest {

    @TempDir
    Path work;

    private static final String INFO_ARRAY =
            "{\"name\": \"array_of_info\", \"type\": \"const MPI_Info *\", \"role\": \"info\", \"dir\": \"in\", \"length\": \"count\"}";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "@root_peers(comm, root)|wi_f_root_peers(a_comm, *root)|wi_fortran_wrappers.h|static inline int wi_f_root_peers(A_MPI_Comm comm, int root)",
            "@sum(array_of_maxprocs, count)|wi_sum(array_of_maxprocs, *count)|wi_translate.h|static inline int wi_sum(const int *v, int n)"})
    void aHandleArrayIsCountedByTheFortranSpellingOfItsLength(String length, String counted, String header, String definition)
            throws Exception {
        Path dictionaries = work.resolve("dictionaries");
        ScratchGeneration.copyDictionaries(dictionaries);
        Path functions = dictionaries.resolve("functions.json");
        String text = Files.readString(functions);
        assertTrue(text.contains(INFO_ARRAY), "MPI_Comm_spawn_multiple's info array is counted by count");
        Files.writeString(functions, text.replace(INFO_ARRAY, INFO_ARRAY.replace("\"count\"}", "\"" + length + "\"}")));

        Path source = ScratchGeneration.generateOpenMpiToMpich(dictionaries, work.resolve("out")).resolve("wi_fortran.c");
        String file = Files.readString(source);
        int start = file.indexOf("wi_f_MPI_Comm_spawn_multiple(");
        assertTrue(start > 0, "MPI_Comm_spawn_multiple has a Fortran wrapper");
        String wrapper = file.substring(start, file.indexOf("\n}\n", start));
        assertTrue(wrapper.contains("const int a_array_of_info_n = wi_len(" + counted + ");"), wrapper);
        assertTrue(Files.readString(RepositoryPaths.runtime().resolve(header)).contains(definition),
                "runtime-c/" + header + " defines the function " + counted + " calls");

        ScratchGeneration.assertCompiles(source);
    }
}
