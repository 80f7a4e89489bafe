package org.wi4mpi.gen.abi;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dictionaries/abi/standard.json, the MPI-5.0 standard ABI written from the standard's text
 * (docs/standard-abi.md): it reads as any descriptor and states the facts interface mode relies on.
 */
class StandardAbiDescriptorTest {

    private static AbiDescriptor standard;

    @BeforeAll
    static void read() {
        for (Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath(); p != null; p = p.getParent()) {
            Path file = p.resolve("dictionaries/abi/standard.json");
            if (Files.isRegularFile(file)) {
                standard = AbiDescriptor.read(file);
                return;
            }
        }
        throw new IllegalStateException("dictionaries/abi/standard.json not found above " + System.getProperty("user.dir"));
    }

    @Test
    void readsAsADescriptorWithTheStandardsLibraryNames() {
        assertEquals("standard", standard.family());
        assertEquals("libmpi_abi.so.1", standard.libraries().c());
        assertEquals("libmpifort_abi.so.1", standard.libraries().fortran());
        assertTrue(standard.objects().isEmpty(), "the standard ABI has no data objects");
    }

    @Test
    void handlesArePointersWithSmallNonZeroPredefinedValues() {
        for (String type : List.of("MPI_Comm", "MPI_Datatype", "MPI_Request", "MPI_Session")) {
            assertTrue(standard.types().get(type).pointer(), type);
            assertEquals(8, standard.types().get(type).size(), type);
        }
        assertEquals(256L, standard.constants().get("MPI_COMM_NULL").value());
        assertEquals("MPI_Comm", standard.constants().get("MPI_COMM_NULL").type());
        assertEquals(384L, standard.constants().get("MPI_REQUEST_NULL").value());
        standard.constants().forEach((name, c) -> {
            if (c.kind().equals("handle") && !name.startsWith("MPI_T_")) {
                assertTrue(c.value() > 0 && c.value() < 4096, name + " = " + c.value());
            }
        });
    }

    @Test
    void theStatusIsEightIntsWithCountAndCancelledLeftToTheImplementation() {
        assertEquals(32, standard.status().size());
        assertEquals(0, standard.status().fields().get("MPI_SOURCE").offset());
        assertEquals(8, standard.status().fields().get("MPI_ERROR").offset());
        assertEquals(20, standard.status().fields().get("MPI_internal").size());
    }

    @Test
    void everyFunctionIsExportedWithItsProfilingTwin() {
        assertEquals(2 * standard.functions().size(), standard.exports().size());
        standard.functions().keySet().forEach(name -> {
            assertTrue(standard.exports().contains(name), name);
            assertTrue(standard.exports().contains("P" + name), name);
        });
        assertFalse(standard.types().containsKey("MPI_Fint"), "MPI_Fint is not part of the C ABI");
    }
}
