package org.wi4mpi.gen.dict;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each fixture under dict/broken/ is the valid dict/base/ with some files replaced; loading it must
 * report exactly the sentences of its expected.txt, in order.
 */
class BrokenDictionariesTest {

    @TempDir
    Path dir;

    static List<String> brokenCases() {
        return DictionaryFixtures.brokenCases().stream()
                .filter(c -> Files.exists(DictionaryFixtures.resource("broken/" + c).resolve("expected.txt")))
                .toList();
    }

    @ParameterizedTest
    @MethodSource("brokenCases")
    void reportsExactlyTheExpectedSentences(String brokenCase) throws IOException {
        List<String> expected = Files.readAllLines(
                DictionaryFixtures.resource("broken/" + brokenCase).resolve("expected.txt"));
        DictionaryFixtures.brokenCopy(brokenCase, dir);

        DictionaryException e = assertThrows(DictionaryException.class, () -> Dictionaries.load(dir));

        assertEquals(expected, e.problems());
    }

    @Test
    void theBaseFixtureItselfIsValid() {
        DictionaryFixtures.copyFiles(DictionaryFixtures.resource("base"), dir);

        Dictionaries d = Dictionaries.load(dir);

        assertEquals(List.of("MPI_Send", "MPI_Recv", "MPI_Waitall", "MPI_Alltoallw", "MPI_Wtime"),
                d.functions().stream().map(FunctionSpec::name).toList());
        assertEquals(List.of("mpich", "openmpi"), d.families());
        assertEquals(List.of("MPI_Send", "MPI_Recv", "MPI_Waitall"), d.funcList("openmpi"));
    }

    @Test
    void jsonSyntaxErrorNamesFileLineAndColumn() {
        DictionaryFixtures.brokenCopy("json-syntax", dir);

        DictionaryException e = assertThrows(DictionaryException.class, () -> Dictionaries.load(dir));

        // The comma missing after MPI_Send's count is noticed at the next argument: line 6, column 6.
        assertEquals(1, e.problems().size());
        String problem = e.problems().getFirst();
        assertTrue(problem.startsWith("functions.json:6:6: invalid JSON: Unexpected character ('{'"), problem);
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    @Test
    void aMissingFileIsNamedWithItsDirectory() throws IOException {
        DictionaryFixtures.copyFiles(DictionaryFixtures.resource("base"), dir);
        Files.delete(dir.resolve("mappers.json"));

        DictionaryException e = assertThrows(DictionaryException.class, () -> Dictionaries.load(dir));

        assertEquals(List.of("mappers.json: the file does not exist in " + dir.toAbsolutePath()), e.problems());
    }

    @Test
    void theMessageCountsAndListsEveryProblem() {
        DictionaryFixtures.brokenCopy("several-faults", dir);

        DictionaryException e = assertThrows(DictionaryException.class, () -> Dictionaries.load(dir));

        assertEquals(4, e.problems().size());
        String[] lines = e.getMessage().split(System.lineSeparator());
        assertEquals("4 problems in the dictionaries in " + dir + ":", lines[0]);
        assertEquals("  " + e.problems().get(3), lines[4]);
    }
}
