package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.wi4mpi.tests.MpiFamily;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FROM is read from the application's DT_NEEDED; a binary of another ABI than -f is refused. */
class LauncherDetectionTest {

    private static final String PROGRAM = """
            #include <mpi.h>
            int main(int argc, char **argv) {
                MPI_Init(&argc, &argv);
                MPI_Finalize();
                return 0;
            }
            """;

    /** A program of the MPI-2 C++ bindings; and one built with mpicxx that calls the C API only. */
    private static final String CXX_PROGRAM = """
            #include <mpi.h>
            int main(int argc, char **argv) {
                MPI::Init(argc, argv);
                MPI::COMM_WORLD.Barrier();
                MPI::Finalize();
                return 0;
            }
            """;

    @TempDir
    static Path bins;

    static Path ompiApp;
    static Path mpichApp;
    static Path ompiCxxApp, mpichCxxApp, mpichCxxCApp;

    @TempDir
    Path tmp;

    FakeInstall fake;

    @BeforeAll
    static void compile() throws Exception {
        Path src = bins.resolve("hello.c");
        Files.writeString(src, PROGRAM);
        ompiApp = build("mpicc.openmpi", src, bins.resolve("hello_openmpi"));
        mpichApp = build("mpicc.mpich", src, bins.resolve("hello_mpich"));
        Path cxx = bins.resolve("hello.cc");
        Files.writeString(cxx, CXX_PROGRAM);
        Path cxxC = bins.resolve("hello_c.cc");
        Files.copy(src, cxxC);
        ompiCxxApp = build("mpicxx.openmpi", cxx, bins.resolve("cxx_openmpi"));
        mpichCxxApp = build("mpicxx.mpich", cxx, bins.resolve("cxx_mpich"));
        mpichCxxCApp = build("mpicxx.mpich", cxxC, bins.resolve("cxx_c_mpich"));
    }

    /**
     * Compiles with an MPI compiler wrapper found in PATH; null if it is absent, or if it is not a release
     * of its family (Debian 13's mpicc.openmpi is Open MPI 5, not the openmpi family).
     */
    private static Path build(String compiler, Path src, Path out) throws Exception {
        MpiFamily family = compiler.endsWith(".openmpi") ? MpiFamily.OPENMPI : MpiFamily.MPICH;
        if (findInPath(compiler) == null || !family.installed()) {
            return null;
        }
        Process p = new ProcessBuilder(compiler, "-o", out.toString(), src.toString()).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new AssertionError(compiler + " failed:\n" + log);
        }
        return out;
    }

    private static Path findInPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp);
    }

    private static void need(Path app, String compiler) {
        assumeTrue(app != null, compiler + " is not installed or not of its family");
    }

    @Test
    void openMpiBinaryIsDetected() throws Exception {
        need(ompiApp, "mpicc.openmpi");
        FakeInstall.Result r = fake.run("-t", "mpich", "--env", ompiApp.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("openmpi", "mpich"), r.exports());
    }

    @Test
    void mpichBinaryIsDetectedBehindTheLauncherAndItsOptions() throws Exception {
        need(mpichApp, "mpicc.mpich");
        FakeInstall.Result r = fake.run("-t", "openmpi", "--env", "mpirun", "-np", "2", "--host", "localhost", mpichApp.toString(), "arg");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "openmpi"), r.exports());

        // Identity pair found the same way: no fake libraries.
        r = fake.run("-t", "intelmpi", "--env", "mpirun.mpich", "-np", "2", mpichApp.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "intelmpi"), r.exports());
    }

    @Test
    void binaryInTheWorkingDirectoryAfterTheLauncher() throws Exception {
        need(ompiApp, "mpicc.openmpi");
        Files.copy(ompiApp, fake.work.resolve("app"));
        FakeInstall.makeExecutable(fake.work.resolve("app"));
        FakeInstall.Result r = fake.run(Map.of("WI4MPI_DRY_RUN", "1"), "-t", "mpich", "mpiexec", "-n", "3", "app");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("mpirun.mpich -n 3 app\n", r.stdout());
    }

    @Test
    void fromMatchingTheBinaryIsAccepted() throws Exception {
        need(mpichApp, "mpicc.mpich");
        // intelmpi and mpich share the ABI.
        FakeInstall.Result r = fake.run("-f", "intelmpi", "-t", "openmpi", "--env", mpichApp.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "openmpi"), r.exports());
    }

    @Test
    void wrongAbiIsRefused() throws Exception {
        need(ompiApp, "mpicc.openmpi");
        need(mpichApp, "mpicc.mpich");
        assertEquals(ompiApp + " is built for the openmpi MPI ABI (it needs libmpi.so.40), not for mpich as -f says.",
                LauncherErrorTest.refused(fake.run("-f", "mpich", "-t", "openmpi", "mpirun", "-np", "2", ompiApp.toString())));
        assertEquals(mpichApp + " is built for the mpich MPI ABI (it needs libmpich.so.12), not for openmpi as WI4MPI_FROM says.",
                LauncherErrorTest.refused(fake.run(Map.of("WI4MPI_FROM", "openmpi"), List.of("-t", "mpich", mpichApp.toString()))));
    }

    /**
     * A program calling MPICH's C++ bindings gets MPICH's library of them preloaded after the
     * translation library on another MPI (MPICH_CXX_LIB); one calling the C API only, or running on
     * MPICH, does not.
     */
    @Test
    void mpichCxxBindingsArePreloadedForAProgramThatCallsThem() throws Exception {
        need(mpichCxxApp, "mpicxx.mpich");
        need(mpichCxxCApp, "mpicxx.mpich");
        FakeInstall.Result r = fake.run("-t", "openmpi", "--env", "mpirun", "-np", "2", mpichCxxApp.toString());
        assertEquals(0, r.exit(), r::toString);
        Map<String, String> expected = fake.expectedEnv("mpich", "openmpi");
        expected.put("LD_PRELOAD", fake.translationLib("mpich", "openmpi") + ":" + fake.cxxLib());
        assertEquals(expected, r.exports());

        r = fake.run("-t", "openmpi", "--env", mpichCxxCApp.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "openmpi"), r.exports());

        r = fake.run("-t", "mpich", "--env", mpichCxxApp.toString());
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("mpich", "mpich"), r.exports());
    }

    @Test
    void cxxBindingsThatCannotBeLoadedAreRefused() throws Exception {
        need(mpichCxxApp, "mpicxx.mpich");
        need(ompiCxxApp, "mpicxx.openmpi");
        assertEquals(ompiCxxApp + " calls Open MPI's C++ bindings (MPI::), which depend on Open MPI's internals and cannot"
                + " run on mpich; only MPICH's C++ bindings are translated.",
                LauncherErrorTest.refused(fake.run("-t", "mpich", "mpirun", "-np", "2", ompiCxxApp.toString())));
        Path missing = fake.work.resolve("no/libmpichcxx.so.12");
        assertEquals(mpichCxxApp + " calls the C++ bindings (MPI::) of mpich, but their library " + missing
                + " (MPICH_CXX_LIB from the environment) is not a readable file.",
                LauncherErrorTest.refused(fake.run(Map.of("MPICH_CXX_LIB", missing.toString()), "-t", "openmpi",
                        mpichCxxApp.toString())));
    }

    @Test
    void targetLibraryOfTheWrongFamilyIsRefused() throws Exception {
        Path real = Path.of("/usr/lib/x86_64-linux-gnu/libmpi.so.40");
        assumeTrue(Files.isReadable(real), "Open MPI is not installed");
        assertEquals("MPI library " + real + " (set by WI4MPI_RUN_MPI_C_LIB) belongs to the openmpi family (soname libmpi.so.40),"
                + " but the target mpich needs a library of the mpich family.",
                LauncherErrorTest.refused(fake.run(Map.of("WI4MPI_RUN_MPI_C_LIB", real.toString()), "-f", "openmpi", "-t", "mpich", "show")));
    }
}
