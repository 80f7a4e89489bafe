package org.wi4mpi.tests.launcher;

import org.wi4mpi.tests.MpiFamily;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The target's libraries are checked before anything starts: the C library must be an ELF shared object of
 * the target's MPI family (told by its soname and by the symbols each family's applications link to), the
 * Fortran library an ELF shared object not of the other family. Each refusal runs {@code touch RAN} as the
 * command and checks that RAN was not created.
 */
class LauncherLibraryCheckTest {

    @TempDir
    Path tmp;

    FakeInstall fake;
    Path userCfg;
    Path ran;
    Path libs;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp);
        userCfg = fake.home.resolve(".wi4mpi.cfg");
        ran = tmp.resolve("ran");
        libs = Files.createDirectories(tmp.resolve("libs"));
    }

    /** Runs "touch RAN" on target {@code to} and returns the refusal; asserts that RAN was not created. */
    private String refused(Map<String, String> env, String to) throws Exception {
        String message = LauncherErrorTest.refused(fake.run(env, "-f", "openmpi", "-t", to, "touch", ran.toString()));
        assertFalse(Files.exists(ran), "the command ran despite the refusal: " + message);
        return message;
    }

    /** The same with {@code key=path} as the user file's only line. */
    private String refusedByConfig(String key, Path path, String to) throws Exception {
        Files.writeString(userCfg, key + "=" + path + "\n");
        return refused(Map.of(), to);
    }

    /** Runs "touch RAN" on target {@code to} and asserts that it ran. */
    private void accepted(Map<String, String> env, String to) throws Exception {
        FakeInstall.Result r = fake.run(env, "-f", "openmpi", "-t", to, "touch", ran.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(List.of(), r.stderrLines(), r::toString);
        assertTrue(Files.exists(ran), r::toString);
        Files.delete(ran);
    }

    private String viaConfig() {
        return "(MPICH_C_LIB in " + userCfg + ":1)";
    }

    @Test
    void theStandInsAreAccepted() throws Exception {
        accepted(Map.of(), "mpich");
        accepted(Map.of(), "openmpi");
        accepted(Map.of(), "intelmpi");
        // Only the family counts, not the file name: MPICH's library for Intel MPI, a renamed copy.
        accepted(Map.of("WI4MPI_RUN_MPI_C_LIB", fake.cLib("mpich").toString()), "intelmpi");
        Path renamed = FakeInstall.writeCLib("openmpi", libs.resolve("libmpi-custom.so"));
        accepted(Map.of("WI4MPI_RUN_MPI_C_LIB", renamed.toString()), "openmpi");
    }

    @Test
    void missingLibrary() throws Exception {
        Path missing = libs.resolve("libmpich.so.12");
        assertEquals("MPI library " + missing + " " + viaConfig() + " not found.", refusedByConfig("MPICH_C_LIB", missing, "mpich"));
        assertEquals("MPI library " + missing + " (set by WI4MPI_RUN_MPI_C_LIB) not found.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", missing.toString()), "mpich"));
    }

    @Test
    void fileThatIsNotElf() throws Exception {
        Path text = Files.writeString(libs.resolve("libmpich.so.12"), "INPUT(/usr/lib/libmpich.so.12)\n");
        assertEquals("MPI library " + text + " " + viaConfig() + " is not an ELF file, so it is not a shared library.",
                refusedByConfig("MPICH_C_LIB", text, "mpich"));
        assertEquals("MPI library " + text + " (set by WI4MPI_RUN_MPI_C_LIB) is not an ELF file, so it is not a shared library.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", text.toString()), "mpich"));
        Files.delete(userCfg);
        Path empty = Files.createFile(libs.resolve("empty.so"));
        assertEquals("MPI library " + empty + " (set by WI4MPI_RUN_MPI_F_LIB) is not an ELF file, so it is not a shared library.",
                refused(Map.of("WI4MPI_RUN_MPI_F_LIB", empty.toString()), "mpich"));
    }

    @Test
    void elfFileThatIsNotASharedObject() throws Exception {
        Path src = Files.writeString(libs.resolve("x.c"), "int MPI_Init(int *c, char ***v) { (void)c; (void)v; return 0; }\n"
                + "int main(void) { return 0; }\n");
        Path object = libs.resolve("libmpich.o");
        FakeInstall.compile(List.of("cc", "-c", "-o", object.toString(), src.toString()));
        assertEquals("MPI library " + object + " " + viaConfig() + " is an ELF relocatable object (.o), not a shared object.",
                refusedByConfig("MPICH_C_LIB", object, "mpich"));
        Path exe = libs.resolve("mpich-exe");
        FakeInstall.compile(List.of("cc", "-no-pie", "-o", exe.toString(), src.toString()));
        assertEquals("MPI library " + exe + " (set by WI4MPI_RUN_MPI_C_LIB) is an ELF executable, not a shared object.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", exe.toString()), "mpich"));
    }

    @Test
    void libraryOfTheOtherFamilyBySoname() throws Exception {
        Path ompi = FakeInstall.writeCLib("openmpi", libs.resolve("libmpi.so.40"));
        assertEquals("MPI library " + ompi + " " + viaConfig() + " belongs to the openmpi family (soname libmpi.so.40), but the"
                + " target mpich needs a library of the mpich family.", refusedByConfig("MPICH_C_LIB", ompi, "mpich"));
        Path mpich = FakeInstall.writeCLib("mpich", libs.resolve("libmpich.so.12"));
        assertEquals("MPI library " + mpich + " (set by WI4MPI_RUN_MPI_C_LIB) belongs to the mpich family (soname libmpich.so.12),"
                + " but the target openmpi needs a library of the openmpi family.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", mpich.toString()), "openmpi"));
        Path fortran = FakeInstall.writeFortranLib("openmpi", libs.resolve("libmpi_mpifh.so.40"));
        assertEquals("MPI library " + fortran + " (set by WI4MPI_RUN_MPI_F_LIB) belongs to the openmpi family (soname"
                + " libmpi_mpifh.so.40), but the target intelmpi needs a library of the mpich family.",
                refused(Map.of("WI4MPI_RUN_MPI_F_LIB", fortran.toString()), "intelmpi"));
    }

    @Test
    void libraryOfTheOtherFamilyBySymbols() throws Exception {
        // A soname of neither family: the symbols its family's applications link to tell.
        Path ompi = FakeInstall.copyCompiled("openmpi-C", "libmpi_site.so.1", libs.resolve("libmpi_site.so.1"));
        assertEquals("MPI library " + ompi + " " + viaConfig() + " belongs to the openmpi family (it defines"
                + " ompi_mpi_comm_world), but the target mpich needs a library of the mpich family.",
                refusedByConfig("MPICH_C_LIB", ompi, "mpich"));
        Path mpich = FakeInstall.copyCompiled("mpich-C", "libmpi_site.so.1", libs.resolve("libmpi_site2.so.1"));
        assertEquals("MPI library " + mpich + " (set by WI4MPI_RUN_MPI_C_LIB) belongs to the mpich family (it defines"
                + " MPIR_Dup_fn), but the target openmpi needs a library of the openmpi family.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", mpich.toString()), "openmpi"));
    }

    @Test
    void libraryThatIsNotAnMpiLibrary() throws Exception {
        Path none = FakeInstall.copyCompiled("none-C", "libmpich.so.12", libs.resolve("libmpich.so.12"));
        assertEquals("MPI library " + none + " " + viaConfig() + " is not an MPI library: it does not define MPI_Init.",
                refusedByConfig("MPICH_C_LIB", none, "mpich"));
        Path bare = FakeInstall.copyCompiled("bare-C", "libmpi.so.40", libs.resolve("libmpi.so.40"));
        assertEquals("MPI library " + bare + " (set by WI4MPI_RUN_MPI_C_LIB) is not an MPI library of the openmpi family: it does"
                + " not define ompi_mpi_comm_world, which every Open MPI library defines.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", bare.toString()), "openmpi"));
        assertEquals("MPI library " + bare + " (set by WI4MPI_RUN_MPI_C_LIB) belongs to the openmpi family (soname libmpi.so.40),"
                + " but the target mpich needs a library of the mpich family.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", bare.toString()), "mpich"));
        Path bare12 = FakeInstall.copyCompiled("bare-C", "libmpi.so.12", libs.resolve("libmpi.so.12"));
        assertEquals("MPI library " + bare12 + " (INTELMPI_C_LIB from the environment) is not an MPI library of the mpich family:"
                + " it does not define MPIR_Dup_fn, which every MPICH-ABI library defines.",
                refused(Map.of("INTELMPI_C_LIB", bare12.toString()), "intelmpi"));
        // wi4mpi's own translation library defines the application family's symbols, but is no MPI.
        Path wrapper = FakeInstall.copyCompiled("openmpi-C", "libwi4mpi_openmpi_mpich.so", libs.resolve("libwi4mpi_openmpi_mpich.so"));
        assertEquals("MPI library " + wrapper + " (set by WI4MPI_RUN_MPI_C_LIB) is wi4mpi's translation library"
                + " libwi4mpi_openmpi_mpich.so, not the openmpi family's MPI library.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", wrapper.toString()), "openmpi"));
    }

    @Test
    void fortranLibraryNeedsOnlyToBeASharedObjectOfNoOtherFamily() throws Exception {
        Path fortran = FakeInstall.copyCompiled("F", "libmpif_site.so", libs.resolve("libmpif_site.so"));
        accepted(Map.of("WI4MPI_RUN_MPI_F_LIB", fortran.toString()), "openmpi");
        Files.writeString(userCfg, "MPICH_F_LIB=" + libs.resolve("nothing.so") + "\n");
        assertEquals("MPI library " + libs.resolve("nothing.so") + " (MPICH_F_LIB in " + userCfg + ":1) not found.",
                refused(Map.of(), "mpich"));
    }

    @Test
    void debianLibrariesOfTheOtherFamily() throws Exception {
        Path ompi = Path.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40");
        Path mpich = Path.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12");
        assumeTrue(Files.isReadable(ompi) && Files.isReadable(mpich), "Open MPI or MPICH libraries not installed");
        MpiFamily.assumeInstalled("openmpi", "mpich");
        accepted(Map.of("WI4MPI_RUN_MPI_C_LIB", mpich.toString()), "mpich");
        accepted(Map.of("WI4MPI_RUN_MPI_C_LIB", ompi.toString()), "openmpi");
        assertEquals("MPI library " + ompi + " " + viaConfig() + " belongs to the openmpi family (soname libmpi.so.40), but the"
                + " target mpich needs a library of the mpich family.", refusedByConfig("MPICH_C_LIB", ompi, "mpich"));
        assertEquals("MPI library " + mpich + " (set by WI4MPI_RUN_MPI_C_LIB) belongs to the mpich family (soname libmpich.so.12),"
                + " but the target openmpi needs a library of the openmpi family.",
                refused(Map.of("WI4MPI_RUN_MPI_C_LIB", mpich.toString()), "openmpi"));
    }
}
