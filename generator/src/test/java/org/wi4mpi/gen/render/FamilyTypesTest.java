package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An argument two families declare with different integer types (functions.json family_types): each
 * side of a pair gets its own family's type, and a pair that would narrow the value is refused.
 */
class FamilyTypesTest {

    @TempDir
    Path dir;

    private static AbiDescriptor descriptor(String family) {
        return AbiDescriptor.read(RepositoryPaths.dictionaries().resolve("abi/" + family + ".json"));
    }

    private static FunctionView function(PairModel pair, String name) {
        return pair.functions().functions().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not translated by the pair"));
    }

    @Test
    void theStandardsIntCountIsWidenedIntoMpichsMpiCount() {
        Dictionaries dict = Dictionaries.load(RepositoryPaths.dictionaries());
        PairModel pair = new PairModelBuilder(descriptor("standard"), descriptor("mpich"), dict).build();

        ArgView count = function(pair, "MPI_Psend_init").args().get(2);
        assertEquals("int", count.types().application());
        assertEquals("R_MPI_Count", count.types().runtime());
        FunctionView c = function(pair, "MPI_Precv_init_c");
        assertEquals("MPI_Precv_init", c.runtimeName());
        assertEquals("A_MPI_Count", c.args().get(2).types().application());
        assertEquals("R_MPI_Count", c.args().get(2).types().runtime());
    }

    @Test
    void aPairThatWouldNarrowAnArgumentIsRefused() throws IOException {
        Path copy = dir.resolve("dictionaries");
        Files.createDirectories(copy);
        try (var files = Files.list(RepositoryPaths.dictionaries())) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                Files.copy(f, copy.resolve(f.getFileName()));
            }
        }
        // MPI_Send's count as if MPICH declared it MPI_Count: mpich→openmpi would truncate it to int.
        String functions = Files.readString(copy.resolve("functions.json"));
        String send = "{\"name\": \"MPI_Send\", \"returns\": \"int\",\n   \"args\": [\n"
                + "     {\"name\": \"buf\", \"type\": \"const void *\", \"role\": \"buffer\", \"dir\": \"in\"},\n"
                + "     {\"name\": \"count\", \"type\": \"int\", \"role\": \"value\", \"dir\": \"in\"}";
        assertTrue(functions.contains(send), "functions.json's MPI_Send entry has another layout");
        Files.writeString(copy.resolve("functions.json"), functions.replace(send,
                send.substring(0, send.length() - 1) + ", \"family_types\": {\"mpich\": \"MPI_Count\"}}"));
        Dictionaries dict = Dictionaries.load(copy);

        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new PairModelBuilder(descriptor("mpich"), descriptor("openmpi"), dict).build());
        assertEquals("functions.json: MPI_Send: argument 'count' is MPI_Count for mpich but the narrower int for"
                + " openmpi: the mpich→openmpi pair would truncate it", e.getMessage());
        // The other direction widens and is built.
        ArgView count = function(new PairModelBuilder(descriptor("openmpi"), descriptor("mpich"), dict).build(),
                "MPI_Send").args().get(1);
        assertEquals("int", count.types().application());
        assertEquals("R_MPI_Count", count.types().runtime());
    }
}
