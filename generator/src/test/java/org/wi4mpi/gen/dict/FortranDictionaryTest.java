package org.wi4mpi.gen.dict;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** dictionaries/fortran.json: the Fortran layer's own configuration, and nothing keyed by argument names. */
class FortranDictionaryTest {

    @TempDir
    Path dir;

    @Test
    void theRepositorysFileNamesTheSentinelOfEachKindOfArgument() {
        FortranDictionary f = FortranDictionary.load(DictionaryFixtures.repositoryDictionaries().resolve("fortran.json"));

        assertEquals(new FortranDictionary.ArgumentSentinels("MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE",
                "MPI_ERRCODES_IGNORE", "MPI_ARGV_NULL", "MPI_ARGVS_NULL"), f.argumentSentinels());
        assertEquals(List.of("MPI_WIN_SIZE"), f.attributes().aintValues());
        assertEquals(new FortranDictionary.StatusLayout("MPI_STATUS_SIZE", List.of("MPI_SOURCE", "MPI_TAG", "MPI_ERROR")),
                f.statusLayout());
    }

    @Test
    void fortranFormsAreAttributesOfTheArgumentsInFunctionsJson() {
        Dictionaries d = Dictionaries.load(DictionaryFixtures.repositoryDictionaries());

        assertEquals(new FortranArgument(FortranForm.ONE_BASED, "outcount"), argument(d, "MPI_Waitsome", "array_of_indices"));
        assertEquals(new FortranArgument(FortranForm.ONE_BASED, null), argument(d, "MPI_Waitany", "index"));
        assertEquals(new FortranArgument(FortranForm.LOGICAL, null), argument(d, "MPI_Test", "flag"));
        assertEquals(new FortranArgument(FortranForm.OMITTED, null), argument(d, "MPI_Init", "argv"));
        assertEquals(new FortranArgument(FortranForm.ARGV, null), argument(d, "MPI_Comm_spawn", "argv"));
        assertEquals(new FortranArgument(FortranForm.RETURNED_STRING, "buflen"), argument(d, "MPI_Info_get_string", "value"));
        assertEquals(new FortranArgument(FortranForm.INTEGER_EXTRA_STATE, null), argument(d, "MPI_Keyval_create", "extra_state"));
        assertEquals(new FortranArgument(FortranForm.CHOICE, null), argument(d, "MPI_Win_create", "base"));
        assertEquals(FortranArgument.FROM_ROLE, argument(d, "MPI_Send", "count"));
    }

    private static FortranArgument argument(Dictionaries d, String function, String name) {
        return d.function(function).args().stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow().fortran();
    }

    @Test
    void aListOfArgumentNamesIsRejectedForTheArgumentsAttribute() throws IOException {
        String text = Files.readString(DictionaryFixtures.repositoryDictionaries().resolve("fortran.json"));
        Path file = dir.resolve("fortran.json");
        Files.writeString(file, text.replaceFirst("\\{", "{\n  \"logical\": [\"flag\"],"));

        DictionaryException e = assertThrows(DictionaryException.class, () -> FortranDictionary.load(file));

        assertEquals(List.of("'logical' is not a section of fortran.json (known: description, c_only, left_out, "
                + "attributes, argument_sentinels, status_layout, fortran_only, callbacks, predefined_callbacks, f08, cptr, f08_module, "
                + "sentinels; how an argument looks in Fortran is its functions.json fortran attribute)"), e.problems());
    }

    @Test
    void anOperatorlessKindMustBeOneOfTheModulesKinds() throws IOException {
        String text = Files.readString(DictionaryFixtures.repositoryDictionaries().resolve("fortran.json"));
        Path file = dir.resolve("fortran.json");
        Files.writeString(file, text.replace("\"without_operators\": [\"session\"]", "\"without_operators\": [\"sessions\"]"));

        DictionaryException e = assertThrows(DictionaryException.class, () -> FortranDictionary.load(file));

        assertEquals(List.of("f08_module: openmpi5: without_operators names 'sessions', which is not one of its kinds"),
                e.problems());
    }

    @Test
    void theOpenMpi5ModuleGivesSessionsTypesButNoOperators() {
        FortranDictionary f = FortranDictionary.load(DictionaryFixtures.repositoryDictionaries().resolve("fortran.json"));

        FortranDictionary.F08Module five = f.f08Modules().get("openmpi5");
        assertEquals("__mpi_types_MOD_", five.prefix());
        assertEquals(List.of("session"), five.withoutOperators());
        assertEquals(List.of(), f.f08Modules().get("openmpi").withoutOperators());
    }

    @Test
    void aMissingArgumentSentinelIsNamed() throws IOException {
        String text = Files.readString(DictionaryFixtures.repositoryDictionaries().resolve("fortran.json"));
        Path file = dir.resolve("fortran.json");
        Files.writeString(file, text.replace("\"errcodes\": \"MPI_ERRCODES_IGNORE\",", ""));

        DictionaryException e = assertThrows(DictionaryException.class, () -> FortranDictionary.load(file));

        assertEquals(List.of("argument_sentinels: errcodes needs the name of its sentinel constant"), e.problems());
    }
}
