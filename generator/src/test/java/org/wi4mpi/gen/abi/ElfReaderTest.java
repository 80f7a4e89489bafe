package org.wi4mpi.gen.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ELF reader against the installed MPI libraries and against files that are not libraries. */
class ElfReaderTest {

    private static final Path OPEN_MPI = Path.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40");
    private static final Path MPICH = Path.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12");

    @Test
    void readsSonameThroughTheVersionedFileName() {
        assertEquals("libmpi.so.40", ElfReader.read(OPEN_MPI).soname());
        assertEquals("libmpich.so.12", ElfReader.read(MPICH).soname());
        assertEquals("libmpichfort.so.12",
                ElfReader.read(Path.of("/usr/lib/x86_64-linux-gnu/libmpichfort.so.12")).soname());
    }

    @Test
    void dataObjectSizesComeFromDynsym() {
        ElfLibrary library = ElfReader.read(OPEN_MPI);
        assertEquals(512, library.exportedObject("ompi_mpi_comm_world").orElseThrow().size());
        assertEquals(2048, library.exportedObject("ompi_mpi_op_sum").orElseThrow().size());
        // a function is not a data object
        assertFalse(library.exportedObject("MPI_Send").isPresent());
    }

    @Test
    void exportsAreDefinedInterfaceFunctionsSorted() {
        List<String> exports = AbiProbe.exports(ElfReader.read(MPICH));
        assertTrue(exports.contains("MPI_Send"));
        assertTrue(exports.contains("PMPI_Send"));
        assertTrue(exports.stream().anyMatch(name -> name.startsWith("MPIX_")));
        assertFalse(exports.contains("MPIR_Dup_fn"));
        assertFalse(exports.contains("MPI_F_STATUS_IGNORE"), "data symbols are not exports");
        assertEquals(exports.stream().sorted().distinct().toList(), exports);
        // As many as the committed descriptor of the installed release lists (4.0.2: 634 without PMPI_;
        // Debian 13's 4.2.1, which defines MPIX_Stream_create, has a descriptor of its own).
        String descriptor = exports.contains("MPIX_Stream_create") ? "mpich42.json" : "mpich.json";
        List<String> committed = AbiDescriptor.read(InstalledAbiTest.committedAbiDirectory().resolve(descriptor)).exports();
        assertEquals(committed.stream().filter(name -> !name.startsWith("P")).count(),
                exports.stream().filter(name -> !name.startsWith("P")).count(), descriptor);
        if (descriptor.equals("mpich.json"))
            assertEquals(634, exports.stream().filter(name -> !name.startsWith("P")).count());
    }

    @Test
    void aFileThatIsNotElfIsReportedWithItsPath(@TempDir Path dir) throws IOException {
        Path text = Files.writeString(dir.resolve("libfake.so"), "not an ELF file at all, but long enough to have "
                + "a header's worth of bytes in it: 0123456789");
        ProbeException e = assertThrows(ProbeException.class, () -> ElfReader.read(text));
        assertEquals("library " + text + " is not an ELF file.", e.getMessage());
    }

    @Test
    void aMissingLibraryIsReportedWithItsPath() {
        ProbeException e = assertThrows(ProbeException.class, () -> ElfReader.read(Path.of("/nonexistent/libx.so")));
        assertEquals("library not found: /nonexistent/libx.so.", e.getMessage());
    }
}
