package org.wi4mpi.tests.launcher;

import org.wi4mpi.tests.MpiFamily;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Precedence: install etc/wi4mpi.cfg < ~/.wi4mpi.cfg or $WI4MPI_CONFIG < environment < WI4MPI_RUN_MPI_*. */
class LauncherConfigTest {

    @TempDir
    Path tmp;

    FakeInstall fake;
    Path alt;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp);
        alt = Files.createDirectories(tmp.resolve("alt"));
    }

    private Path altFile(String name) throws Exception {
        return Files.createFile(alt.resolve(name));
    }

    /** A stand-in of MPICH's C library under another name. */
    private Path altLib(String name) throws Exception {
        return FakeInstall.writeCLib("mpich", alt.resolve(name));
    }

    private Map<String, String> env(Map<String, String> vars, String... args) throws Exception {
        FakeInstall.Result r = fake.run(vars, args);
        assertEquals(0, r.exit(), r::toString);
        return r.exports();
    }

    @Test
    void shippedConfigurationPointsAtTheDebianLibraries() throws Exception {
        Path ompi = Path.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40");
        Path mpich = Path.of("/usr/lib/x86_64-linux-gnu/libmpich.so.12");
        assumeTrue(Files.isReadable(ompi) && Files.isReadable(mpich), "Open MPI or MPICH libraries not installed");
        MpiFamily.assumeInstalled("openmpi", "mpich");
        Files.copy(FakeInstall.sourceFile("etc/wi4mpi.cfg"), fake.config(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Map<String, String> m = env(Map.of(), "-f", "openmpi", "-t", "mpich", "--env");
        assertEquals(mpich.toString(), m.get("WI4MPI_RUN_MPI_C_LIB"));
        assertEquals("/usr/lib/x86_64-linux-gnu/libmpichfort.so.12", m.get("WI4MPI_RUN_MPI_F_LIB"));
        m = env(Map.of(), "-f", "mpich", "-t", "openmpi", "--env");
        assertEquals(ompi.toString(), m.get("WI4MPI_RUN_MPI_C_LIB"));
        assertEquals("/usr/lib/x86_64-linux-gnu/libmpi_mpifh.so.40", m.get("WI4MPI_RUN_MPI_F_LIB"));
    }

    @Test
    void userFileOverridesTheInstallFile() throws Exception {
        Path lib = altLib("libmpich.so.12");
        Files.writeString(fake.home.resolve(".wi4mpi.cfg"), "MPICH_C_LIB=" + lib + "\n");
        Map<String, String> m = env(Map.of(), "-f", "openmpi", "-t", "mpich", "--env");
        assertEquals(lib.toString(), m.get("WI4MPI_RUN_MPI_C_LIB"));
        assertEquals(fake.fLib("mpich").toString(), m.get("WI4MPI_RUN_MPI_F_LIB"));
    }

    @Test
    void wi4mpiConfigReplacesTheHomeFile() throws Exception {
        Path fromHome = altLib("home.so");
        Path fromVar = altLib("var.so");
        Files.writeString(fake.home.resolve(".wi4mpi.cfg"), "MPICH_C_LIB=" + fromHome + "\n");
        Path cfg = tmp.resolve("site.cfg");
        Files.writeString(cfg, "MPICH_C_LIB=" + fromVar + "\n");
        Map<String, String> m = env(Map.of("WI4MPI_CONFIG", cfg.toString()), "-f", "openmpi", "-t", "mpich", "--env");
        assertEquals(fromVar.toString(), m.get("WI4MPI_RUN_MPI_C_LIB"));
    }

    @Test
    void userFileSeesTheInstallValues() throws Exception {
        Files.writeString(fake.home.resolve(".wi4mpi.cfg"), "MPICH_C_LIB=\"${MPICH_ROOT}/lib/libmpich.so.12\"\n");
        assertEquals(fake.cLib("mpich").toString(),
                env(Map.of(), "-f", "openmpi", "-t", "mpich", "--env").get("WI4MPI_RUN_MPI_C_LIB"));
    }

    @Test
    void relativePathsFollowTheFamilyRoot() throws Exception {
        // The shipped Intel entries are relative: moving INTELMPI_ROOT moves the libraries.
        Path intel = tmp.resolve("intel2");
        Files.createDirectories(intel.resolve("lib"));
        FakeInstall.writeCLib("intelmpi", intel.resolve("lib/libmpi.so.12"));
        FakeInstall.writeFortranLib("intelmpi", intel.resolve("lib/libmpifort.so.12"));
        Map<String, String> m = env(Map.of("INTELMPI_ROOT", intel.toString()), "-f", "openmpi", "-t", "intelmpi", "--env");
        assertEquals(intel.resolve("lib/libmpi.so.12").toString(), m.get("WI4MPI_RUN_MPI_C_LIB"));
        assertEquals(intel.resolve("lib/libmpifort.so.12").toString(), m.get("WI4MPI_RUN_MPI_F_LIB"));
        assertEquals("mpich", m.get("WI4MPI_TO"));
    }

    @Test
    void environmentOverridesTheUserFile() throws Exception {
        Path fromFile = altLib("file.so");
        Path fromEnv = altLib("env.so");
        Files.writeString(fake.home.resolve(".wi4mpi.cfg"), "MPICH_C_LIB=" + fromFile + "\n");
        assertEquals(fromEnv.toString(), env(Map.of("MPICH_C_LIB", fromEnv.toString()),
                "-f", "openmpi", "-t", "mpich", "--env").get("WI4MPI_RUN_MPI_C_LIB"));
    }

    @Test
    void runLibraryVariablesOverrideEverything() throws Exception {
        Path c = altLib("c.so");
        Path f = FakeInstall.writeFortranLib("mpich", alt.resolve("f.so"));
        Map<String, String> m = env(Map.of("MPICH_C_LIB", altLib("env.so").toString(),
                "WI4MPI_RUN_MPI_C_LIB", c.toString(), "WI4MPI_RUN_MPI_F_LIB", f.toString()),
                "-f", "openmpi", "-t", "mpich", "--env");
        assertEquals(c.toString(), m.get("WI4MPI_RUN_MPI_C_LIB"));
        assertEquals(f.toString(), m.get("WI4MPI_RUN_MPI_F_LIB"));
    }

    @Test
    void wrapperLibraryOverride() throws Exception {
        Path w = altFile("libmywrapper.so");
        assertEquals(w.toString(), env(Map.of("WI4MPI_WRAPPER_LIB", w.toString()),
                "-f", "openmpi", "-t", "mpich", "--env").get("LD_PRELOAD"));
    }

    @Test
    void emptyFortranEntryMeansNoFortranLibrary() throws Exception {
        Files.writeString(fake.home.resolve(".wi4mpi.cfg"), "MPICH_F_LIB=\n");
        Map<String, String> m = env(Map.of(), "-f", "openmpi", "-t", "mpich", "--env");
        assertEquals(null, m.get("WI4MPI_RUN_MPI_F_LIB"));
        assertEquals(fake.cLib("mpich").toString(), m.get("WI4MPI_RUN_MPI_C_LIB"));
    }

    @Test
    void familyDefaultsFromTheEnvironment() throws Exception {
        Map<String, String> m = env(Map.of("WI4MPI_FROM", "mpich", "WI4MPI_TO", "openmpi"), "--env");
        assertEquals(fake.expectedEnv("mpich", "openmpi"), m);
        m = env(Map.of("WI4MPI_FROM", "mpich", "WI4MPI_TO", "openmpi"), "-t", "mpich", "--env");
        assertEquals(fake.expectedEnv("mpich", "mpich"), m);
        m = env(Map.of("WI4MPI_FROM", "mpich"), "--from=openmpi", "--to", "intelmpi", "--env");
        assertEquals(fake.expectedEnv("openmpi", "intelmpi"), m);
    }

    @Test
    void wi4mpiRootOverridesTheScriptLocation() throws Exception {
        // A copy of the launcher outside any install tree finds the tree through WI4MPI_ROOT.
        Path lone = Files.createDirectories(tmp.resolve("lone/bin")).resolve("wi4mpi");
        Files.copy(fake.launcher(), lone);
        FakeInstall.makeExecutable(lone);
        FakeInstall.Result r = fake.exec(Map.of("WI4MPI_ROOT", fake.root.toString()),
                List.of(lone.toString(), "-f", "openmpi", "-t", "mpich", "--env"));
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("openmpi", "mpich"), r.exports());
    }

    @Test
    void symlinkedLauncherFindsItsTree() throws Exception {
        Path link = Files.createDirectories(tmp.resolve("links")).resolve("wi4mpi");
        Files.createSymbolicLink(link, fake.launcher());
        FakeInstall.Result r = fake.exec(Map.of(), List.of(link.toString(), "-f", "mpich", "-t", "openmpi", "--env"));
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "openmpi"), r.exports());
    }
}
