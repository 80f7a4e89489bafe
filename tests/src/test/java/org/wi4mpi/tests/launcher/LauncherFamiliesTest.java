package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher knows the families' sonames and marker symbols only from share/wi4mpi/families.cfg, which
 * the generator writes from the ABI descriptors: changing the file changes what it detects and accepts.
 */
class LauncherFamiliesTest {

    @TempDir
    Path tmp;

    FakeInstall fake;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp);
    }

    /** Replaces the line of families.cfg that starts with {@code key=}. */
    private void setFamilies(String key, String value) throws Exception {
        String text = Files.readString(fake.families());
        String updated = text.replaceAll("(?m)^" + key + "=.*$", key + "=" + value);
        assertTrue(!updated.equals(text), "families.cfg has no line " + key + "=");
        Files.writeString(fake.families(), updated);
    }

    @Test
    void theInstalledFileListsTheDescriptorsSonamesAndMarkers() throws Exception {
        List<String> lines = Files.readAllLines(fake.families());
        assertTrue(lines.contains("OPENMPI_SONAMES=\"libmpi.so.40 libmpi_mpifh.so.40 libmpi_usempif08.so.40"
                + " libmpi_usempi_ignore_tkr.so.40 libmpi_cxx.so.40\""), lines::toString);
        assertTrue(lines.contains("MPICH_MARKER=MPIR_Dup_fn"), lines::toString);
        assertTrue(lines.contains("OPENMPI_MARKER=ompi_mpi_comm_world"), lines::toString);
        assertTrue(lines.contains("STANDARD_SONAMES=\"libmpi_abi.so.1 libmpifort_abi.so.1\""), lines::toString);
    }

    @Test
    void aProgramIsDetectedByTheSonamesOfTheFile() throws Exception {
        Path lib = FakeInstall.copyCompiled("bare-C", "libmpi_site.so.7", tmp.resolve("site/libmpi_site.so.7"));
        Path src = Files.writeString(tmp.resolve("app.c"), "int MPI_Init(int *, char ***);\n"
                + "int main(int c, char **v) { return MPI_Init(&c, &v); }\n");
        Path app = tmp.resolve("app");
        FakeInstall.compile(List.of("cc", "-o", app.toString(), src.toString(), lib.toString()));

        assertEquals("cannot detect the application's MPI: no argument is a program linked to an MPI library; give it"
                + " with -f (openmpi, openmpi5, mpich, intelmpi).", LauncherErrorTest.refused(fake.run("-t", "openmpi", app.toString())));

        String mpich = Files.readAllLines(fake.families()).stream().filter(l -> l.startsWith("MPICH_SONAMES="))
                .findFirst().orElseThrow();
        setFamilies("MPICH_SONAMES", mpich.substring("MPICH_SONAMES=".length(), mpich.length() - 1) + " libmpi_site.so.7\"");
        FakeInstall.Result r = fake.run("-t", "openmpi", "--env", app.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "openmpi"), r.exports());
    }

    @Test
    void aTargetLibraryIsCheckedForTheMarkerOfTheFile() throws Exception {
        Path bare = FakeInstall.copyCompiled("bare-C", "libmpich.so.12", tmp.resolve("libs/libmpich.so.12"));
        Map<String, String> env = Map.of("WI4MPI_RUN_MPI_C_LIB", bare.toString());
        assertEquals("MPI library " + bare + " (set by WI4MPI_RUN_MPI_C_LIB) is not an MPI library of the mpich family:"
                + " it does not define MPIR_Dup_fn, which every MPICH-ABI library defines.",
                LauncherErrorTest.refused(fake.run(env, "-f", "openmpi", "-t", "mpich", "show")));

        setFamilies("MPICH_MARKER", "MPI_Init");
        FakeInstall.Result r = fake.run(env, "-f", "openmpi", "-t", "mpich", "--env", "show");
        assertEquals(0, r.exit(), r::toString);
    }

    @Test
    void aMissingOrDamagedFileIsOneSentence() throws Exception {
        Path root = fake.root.toRealPath();
        Files.writeString(fake.families(), Files.readString(fake.families()) + "OPENMPI_SONAMES=$(id)\n");
        int line = Files.readAllLines(fake.families()).size();
        assertEquals(root.resolve("share/wi4mpi/families.cfg") + ":" + line + ": 'OPENMPI_SONAMES=$(id)' is not a line"
                + " wi4mpi-gen writes; the install tree at " + root + " looks damaged.",
                LauncherErrorTest.refused(fake.run("-f", "openmpi", "-t", "mpich", "show")));

        Files.delete(fake.families());
        assertEquals(root.resolve("share/wi4mpi/families.cfg") + " not found or not readable; the install tree at " + root
                + " looks incomplete.", LauncherErrorTest.refused(fake.run("-f", "openmpi", "-t", "mpich", "show")));
    }
}
