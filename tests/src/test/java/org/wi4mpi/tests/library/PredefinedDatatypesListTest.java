package org.wi4mpi.tests.library;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tests/c/predefined.c walks every predefined datatype of every family's descriptor: this keeps its
 * list equal to the descriptors' MPI_Datatype handle constants (less MPI_DATATYPE_NULL, and MPI_LB and
 * MPI_UB, which Open MPI's header refuses at compile time), so that a descriptor that gains one is walked.
 */
class PredefinedDatatypesListTest {

    private static final Pattern HANDLE = Pattern.compile(
            "\"(MPIX?_[A-Z0-9_]+)\"\\s*:\\s*\\{\\s*\"kind\"\\s*:\\s*\"handle\"\\s*,\\s*(?:\"symbol\"\\s*:\\s*\"[^\"]*\"\\s*,\\s*)?\"type\"\\s*:\\s*\"MPI_Datatype\"");
    private static final Pattern LISTED = Pattern.compile("\\{\"(MPIX?_[A-Z0-9_]+)\", \\1\\}");

    @Test
    void everyPredefinedDatatypeOfEveryDescriptorIsWalked() throws IOException {
        Path root = Path.of(System.getProperty("user.dir")).resolve("..");
        Set<String> expected = new TreeSet<>();
        for (String family : List.of("openmpi", "mpich", "standard")) {
            Matcher m = HANDLE.matcher(Files.readString(root.resolve("dictionaries/abi/" + family + ".json")));
            int found = 0;
            while (m.find()) {
                expected.add(m.group(1));
                found++;
            }
            assertTrue(found > 50, family + ".json: only " + found + " datatype constants found; has its format changed?");
        }
        expected.removeAll(Set.of("MPI_DATATYPE_NULL", "MPI_LB", "MPI_UB"));
        Set<String> listed = new TreeSet<>();
        Matcher m = LISTED.matcher(Files.readString(root.resolve("tests/c/predefined.c")));
        while (m.find()) {
            listed.add(m.group(1));
        }
        List<String> missing = new ArrayList<>(expected);
        missing.removeAll(listed);
        List<String> extra = new ArrayList<>(listed);
        extra.removeAll(expected);
        assertEquals(List.of(), missing, "datatypes of the descriptors that tests/c/predefined.c does not walk");
        assertEquals(List.of(), extra, "datatypes tests/c/predefined.c lists that no descriptor has");
    }
}
