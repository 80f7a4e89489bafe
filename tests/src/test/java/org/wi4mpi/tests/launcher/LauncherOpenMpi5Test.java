package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Open MPI 5 as the family openmpi5 (docs/openmpi5.md): its configuration keys and default root, and
 * how the launcher tells an Open MPI 4.1 binary from a 5 one when both need libmpi.so.40. The
 * binaries are small programs linked against stand-in libraries; no Open MPI 5 is needed.
 */
class LauncherOpenMpi5Test {

    @TempDir
    Path tmp;

    FakeInstall fake;
    Path libs;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp.resolve("tree"));
        libs = Files.createDirectories(tmp.resolve("libs"));
    }

    /**
     * Links {@code body} (a C file's text) as a program needing libmpi.so.40: against the stand-in of
     * {@code source} (a FakeInstall library source) in a directory of its own, which becomes its
     * RUNPATH when {@code runpath} is set.
     */
    private Path program(String name, String source, String body, boolean runpath) throws Exception {
        Path dir = Files.createDirectories(libs.resolve(name));
        FakeInstall.copyCompiled(source, "libmpi.so.40", dir.resolve("libmpi.so.40"));
        Path src = Files.writeString(dir.resolve(name + ".c"), body);
        Path out = dir.resolve(name);
        List<String> cc = new ArrayList<>(List.of("cc", "-o", out.toString(), src.toString(), "-L" + dir,
                "-l:libmpi.so.40", "-Wl,--enable-new-dtags"));
        if (runpath) {
            cc.add("-Wl,-rpath," + dir);
        }
        FakeInstall.compile(cc);
        return out;
    }

    /** What --env prints with -v. */
    private static Map<String, String> verbose(Map<String, String> env) {
        env.put("WI4MPI_VERBOSE", "1");
        return env;
    }

    private static final String INIT_ONLY = """
            int MPI_Init(int *, char ***);
            int main(int argc, char **argv) { return MPI_Init(&argc, &argv); }
            """;

    /** A program using MPI_SESSION_NULL, which only Open MPI 5 defines. */
    private static final String SESSION_NULL = """
            extern int ompi_mpi_instance_null[];
            int MPI_Init(int *, char ***);
            int main(int argc, char **argv) { return MPI_Init(&argc, &argv) + ompi_mpi_instance_null[0]; }
            """;

    @Test
    void targetOpenMpi5TakesItsKeys() throws Exception {
        FakeInstall.Result r = fake.run("-f", "mpich", "-t", "openmpi5", "--env", "show");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "openmpi5"), r.exports());
        // openmpi@5 is another spelling of the same target.
        r = fake.run("-f", "mpich", "-t", "openmpi@5", "--env", "show");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "openmpi5"), r.exports());
        // A bare mpirun is OPENMPI5_MPIRUN (bin/mpirun under OPENMPI5_ROOT).
        r = fake.run(Map.of("WI4MPI_DRY_RUN", "1"), "-f", "mpich", "-t", "openmpi5", "mpirun", "-np", "2", "show");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.stdout().startsWith(fake.mpi.resolve("openmpi5/bin/mpirun") + " -x "), r::toString);
    }

    @Test
    void openMpi4And5AreCrossPairsWithTheFakeLibraries() throws Exception {
        for (String[] pair : List.of(new String[] {"openmpi", "openmpi5"}, new String[] {"openmpi5", "openmpi"})) {
            FakeInstall.Result r = fake.run("-f", pair[0], "-t", pair[1], "--env", "show");
            assertEquals(0, r.exit(), r::toString);
            Map<String, String> env = r.exports();
            assertEquals(fake.fakelib(pair[0]).toString(), env.get("LD_LIBRARY_PATH"), r::toString);
            assertEquals(fake.translationLib(pair[0], pair[1]).toString(), env.get("LD_PRELOAD"), r::toString);
        }
    }

    @Test
    void defaultRootIsTheBuildCacheOfWi4mpiBuildMpi() throws Exception {
        String config = Files.readString(fake.config()).replaceAll("(?m)^OPENMPI5_ROOT=.*\\n", "");
        Files.writeString(fake.config(), config);
        Path cache = tmp.resolve("cache");
        Path lib = FakeInstall.writeCLib("openmpi5", cache.resolve("openmpi-5.0.7/lib/libmpi.so.40"));
        FakeInstall.writeFortranLib("openmpi5", cache.resolve("openmpi-5.0.7/lib/libmpi_mpifh.so.40"));
        FakeInstall.Result r = fake.run(Map.of("WI4MPI_MPI_CACHE", cache.toString()), "-f", "mpich", "-t", "openmpi5", "--env", "show");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(lib.toString(), r.exports().get("WI4MPI_RUN_MPI_C_LIB"));
        // Without WI4MPI_MPI_CACHE: under $XDG_CACHE_HOME (here absent, so the message names the path).
        r = fake.run(Map.of("XDG_CACHE_HOME", tmp.resolve("xdg").toString()), "-f", "mpich", "-t", "openmpi5", "--env", "show");
        assertEquals("MPI library " + tmp.resolve("xdg/wi4mpi/mpi/openmpi-5.0.7/lib/libmpi.so.40") + " (OPENMPI5_C_LIB "
                + FakeInstall.setIn(fake.config(), "OPENMPI5_C_LIB") + ") not found.", LauncherErrorTest.refused(r));
    }

    /**
     * Debian 13's system Open MPI is 5.0.7: where wi4mpi-build-mpi's prefix is absent and nobody set the
     * openmpi5 keys, they are the system Open MPI's (the openmpi keys), once its library shows it is 5.
     */
    @Test
    void aSystemOpenMpi5IsTheDefaultOpenMpi5Target() throws Exception {
        String config = Files.readString(fake.config()).replaceAll("(?m)^OPENMPI5_ROOT=.*\\n", "");
        Files.writeString(fake.config(), config);
        Path five = FakeInstall.writeCLib("openmpi5", tmp.resolve("system/libmpi.so.40"));
        Path fiveF = FakeInstall.writeFortranLib("openmpi5", tmp.resolve("system/libmpi_mpifh.so.40"));
        Map<String, String> system = Map.of("WI4MPI_MPI_CACHE", tmp.resolve("empty-cache").toString(),
                "OPENMPI_C_LIB", five.toString(), "OPENMPI_F_LIB", fiveF.toString());
        FakeInstall.Result r = fake.run(system, "-f", "mpich", "-t", "openmpi5", "--env", "show");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(five.toString(), r.exports().get("WI4MPI_RUN_MPI_C_LIB"), r::toString);
        assertEquals(fiveF.toString(), r.exports().get("WI4MPI_RUN_MPI_F_LIB"), r::toString);
        // A built prefix in the cache comes first.
        Path cache = tmp.resolve("cache");
        Path built = FakeInstall.writeCLib("openmpi5", cache.resolve("openmpi-5.0.7/lib/libmpi.so.40"));
        FakeInstall.writeFortranLib("openmpi5", cache.resolve("openmpi-5.0.7/lib/libmpi_mpifh.so.40"));
        Map<String, String> both = new java.util.HashMap<>(system);
        both.put("WI4MPI_MPI_CACHE", cache.toString());
        r = fake.run(both, "-f", "mpich", "-t", "openmpi5", "--env", "show");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(built.toString(), r.exports().get("WI4MPI_RUN_MPI_C_LIB"), r::toString);
        // A system Open MPI 4.1 is not taken for 5: the default prefix stays, and is named when absent.
        Path four = FakeInstall.writeCLib("openmpi", tmp.resolve("system41/libmpi.so.40"));
        r = fake.run(Map.of("WI4MPI_MPI_CACHE", tmp.resolve("empty-cache").toString(), "OPENMPI_C_LIB", four.toString()),
                "-f", "mpich", "-t", "openmpi5", "--env", "show");
        assertEquals("MPI library " + tmp.resolve("empty-cache/openmpi-5.0.7/lib/libmpi.so.40") + " (OPENMPI5_C_LIB "
                + FakeInstall.setIn(fake.config(), "OPENMPI5_C_LIB") + ") not found.", LauncherErrorTest.refused(r));
    }

    @Test
    void anOpenMpi5LibraryIsNotTheOpenMpiTarget() throws Exception {
        Path five = FakeInstall.writeCLib("openmpi5", tmp.resolve("five/libmpi.so.40"));
        FakeInstall.Result r = fake.run(Map.of("OPENMPI_C_LIB", five.toString()), "-f", "mpich", "-t", "openmpi", "--env", "show");
        assertEquals("MPI library " + five + " (OPENMPI_C_LIB from the environment) belongs to the openmpi5 family (it defines "
                + "ompi_mpi_instance_null), but the target openmpi needs a library of the openmpi family; use -t openmpi5.",
                LauncherErrorTest.refused(r));
        // And a 4.1 library is not Open MPI 5.
        Path four = FakeInstall.writeCLib("openmpi", tmp.resolve("four/libmpi.so.40"));
        r = fake.run(Map.of("OPENMPI5_C_LIB", four.toString()), "-f", "mpich", "-t", "openmpi5", "--env", "show");
        assertEquals("MPI library " + four + " (OPENMPI5_C_LIB from the environment) belongs to the openmpi family (it defines "
                + "ompi_mpi_comm_world), but the target openmpi5 needs a library of the openmpi5 family.",
                LauncherErrorTest.refused(r));
    }

    /** The openmpi5 tracing library exists only where Open MPI 5's mpi.h did at build time. */
    @Test
    void tracingAnOpenMpi5ApplicationNeedsItsTracingLibrary() throws Exception {
        FakeTracing.add(fake);
        Path lib = FakeTracing.traceLib(fake, "openmpi5");
        assertEquals("--trace of an Open MPI 5 application needs " + lib + ", built only where Open MPI 5 was built"
                + " (bin/wi4mpi-build-mpi openmpi-5.0.7) before wi4mpi; rebuild wi4mpi after it (docs/openmpi5.md).",
                LauncherErrorTest.refused(fake.run("-f", "openmpi5", "-t", "mpich", "--trace", tmp.resolve("traces").toString(), "show")));
        assertTrue(Files.notExists(tmp.resolve("traces")));
        Files.createFile(lib);
        Path dir = tmp.resolve("traces5");
        FakeInstall.Result r = fake.run(Map.of(), "-f", "openmpi5", "-t", "mpich", "--trace", dir.toString(), "--env");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(lib + ":" + fake.translationLib("openmpi5", "mpich"), r.exports().get("LD_PRELOAD"), r::toString);
        assertEquals(dir.toString(), r.exports().get("WI4MPI_TRACE"), r::toString);
    }

    @Test
    void versionFromASymbolOnlyOpenMpi5Defines() throws Exception {
        Path app = program("session", "openmpi5-C", SESSION_NULL, false);
        FakeInstall.Result r = fake.run("-t", "mpich", "-v", "--env", app.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(verbose(fake.expectedEnv("openmpi5", "mpich")), r.exports());
        assertTrue(r.stderr().contains(app + " needs libmpi.so.40: it was built for openmpi5 (it needs ompi_mpi_instance_null, "
                + "which only Open MPI 5 defines)."), r::toString);
        // -f openmpi contradicts the binary.
        assertEquals(app + " is built for the openmpi5 MPI ABI (it needs libmpi.so.40), not for openmpi as -f says.",
                LauncherErrorTest.refused(fake.run("-f", "openmpi", "-t", "mpich", app.toString())));
    }

    @Test
    void versionFromTheLibraryItLoads() throws Exception {
        Path five = program("five", "openmpi5-C", INIT_ONLY, true);
        FakeInstall.Result r = fake.run("-t", "mpich", "-v", "--env", five.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals("openmpi5", r.exports().get("WI4MPI_FROM"));
        assertTrue(r.stderr().contains("it was built for openmpi5 (the libmpi.so.40 it loads, " + five.getParent()
                + "/libmpi.so.40, is Open MPI 5's: it defines ompi_mpi_instance_null)."), r::toString);

        Path four = program("four", "openmpi-C", INIT_ONLY, true);
        r = fake.run("-t", "openmpi5", "-v", "--env", four.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(verbose(fake.expectedEnv("openmpi", "openmpi5")), r.exports());
        assertTrue(r.stderr().contains("it was built for openmpi (the libmpi.so.40 it loads, " + four.getParent()
                + "/libmpi.so.40, is Open MPI 4.1's: it defines ompi_mpi_comm_world and not ompi_mpi_instance_null)."), r::toString);
    }

    /** A Fortran program needs libmpi_mpifh.so.40: the markers are read in the libmpi.so.40 next to it. */
    @Test
    void versionOfAFortranProgramFromTheCLibraryNextToItsFortranLibrary() throws Exception {
        Path dir = Files.createDirectories(libs.resolve("fortran"));
        FakeInstall.copyCompiled("openmpi5-C", "libmpi.so.40", dir.resolve("libmpi.so.40"));
        FakeInstall.copyCompiled("F", "libmpi_mpifh.so.40", dir.resolve("libmpi_mpifh.so.40"));
        Path src = Files.writeString(dir.resolve("f.c"), """
                void mpi_init_(int *);
                int main(void) { int e; mpi_init_(&e); return e; }
                """);
        Path app = dir.resolve("f");
        FakeInstall.compile(List.of("cc", "-o", app.toString(), src.toString(), "-L" + dir, "-l:libmpi_mpifh.so.40",
                "-Wl,--enable-new-dtags", "-Wl,-rpath," + dir));
        FakeInstall.Result r = fake.run("-t", "mpich", "-v", "--env", app.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(verbose(fake.expectedEnv("openmpi5", "mpich")), r.exports());
        assertTrue(r.stderr().contains(app + " needs libmpi_mpifh.so.40: it was built for openmpi5 (the libmpi.so.40 it loads, "
                + dir + "/libmpi.so.40, is Open MPI 5's: it defines ompi_mpi_instance_null)."), r::toString);
    }

    @Test
    void aBinaryNothingPlacesIsRefusedUnlessFromSaysWhich() throws Exception {
        Path app = program("bare", "bare-C", INIT_ONLY, true);
        assertEquals(app + " needs libmpi.so.40, which Open MPI 4.1 and 5 both provide, and nothing tells which one it was built "
                + "with (it needs no symbol of one version only, and the libmpi.so.40 it would load is absent or defines neither "
                + "version's marker); give it with "
                + "-f openmpi or -f openmpi5.", LauncherErrorTest.refused(fake.run("-t", "mpich", app.toString())));
        FakeInstall.Result r = fake.run("-f", "openmpi5", "-t", "mpich", "-v", "--env", app.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(verbose(fake.expectedEnv("openmpi5", "mpich")), r.exports());
    }
}
