package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bare {@code mpirun}/{@code mpiexec} is the target's launcher. WI4MPI_DRY_RUN=1 makes the launcher print
 * the final command line on stdout instead of running it.
 */
class LauncherSubstitutionTest {

    private static final Map<String, String> DRY = Map.of("WI4MPI_DRY_RUN", "1");
    private static final String OMPI_FORWARD = "-x LD_PRELOAD -x LD_LIBRARY_PATH -x WI4MPI_FROM -x WI4MPI_TO"
            + " -x WI4MPI_RUN_MPI_C_LIB -x WI4MPI_RUN_MPI_F_LIB";

    @TempDir
    Path tmp;

    FakeInstall fake;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp);
    }

    private void assertCommand(String expected, Map<String, String> env, String... args) throws Exception {
        FakeInstall.Result r = fake.run(env, args);
        assertEquals(0, r.exit(), r::toString);
        assertEquals(expected + "\n", r.stdout(), r::toString);
    }

    @Test
    void bareMpirunIsTheTargetsLauncher() throws Exception {
        assertCommand("mpirun.mpich -np 4 ./app", DRY, "-f", "openmpi", "-t", "mpich", "mpirun", "-np", "4", "./app");
        assertCommand("mpirun.mpich -n 2 ./app", DRY, "-f", "openmpi", "-t", "mpich", "mpiexec", "-n", "2", "./app");
        assertCommand(fake.mpi.resolve("intelmpi/bin/mpirun") + " -np 2 ./app", DRY,
                "-f", "openmpi", "-t", "intelmpi", "mpirun", "-np", "2", "./app");
    }

    @Test
    void openMpiLauncherForwardsTheVariables() throws Exception {
        assertCommand("mpirun.openmpi " + OMPI_FORWARD + " -np 2 ./app", DRY,
                "-f", "mpich", "-t", "openmpi", "mpirun", "-np", "2", "./app");
        // Identity pair: LD_LIBRARY_PATH is not set, so it is not forwarded either.
        assertCommand("mpirun.openmpi " + OMPI_FORWARD.replace(" -x LD_LIBRARY_PATH", "") + " -np 2 ./app", DRY,
                "-f", "openmpi", "-t", "openmpi", "mpirun", "-np", "2", "./app");
    }

    @Test
    void onlyBareNamesAreSubstituted() throws Exception {
        assertCommand("mpirun.openmpi -np 2 ./app", DRY, "-f", "openmpi", "-t", "mpich", "mpirun.openmpi", "-np", "2", "./app");
        assertCommand("show mpirun", DRY, "-f", "openmpi", "-t", "mpich", "show", "mpirun");
    }

    @Test
    void launcherFlagsFromTheConfiguration() throws Exception {
        Files.writeString(fake.home.resolve(".wi4mpi.cfg"), "MPICH_MPIRUN_FLAGS=\"-launcher fork\"\n");
        assertCommand("mpirun.mpich -launcher fork -np 2 ./app", DRY, "-f", "openmpi", "-t", "mpich", "mpirun", "-np", "2", "./app");
    }

    @Test
    void argumentsAreQuotedInTheDryRun() throws Exception {
        assertCommand("mpirun.mpich -np 2 ./app 'a b' ''", DRY, "-f", "openmpi", "-t", "mpich", "mpirun", "-np", "2", "./app", "a b", "");
    }

    @Test
    void substitutedLauncherReallyRuns() throws Exception {
        FakeInstall.Result r = fake.run("-f", "openmpi", "-t", "mpich", "mpirun", "-np", "4", "./app", "x y");
        assertEquals(0, r.exit(), r::toString);
        List<String> lines = List.of(r.stdout().split("\n"));
        assertEquals(List.of("argv0=mpirun.mpich", "arg=-np", "arg=4", "arg=./app", "arg=x y"), lines.subList(0, 5), r::toString);
        assertTrue(lines.contains("WI4MPI_RUN_MPI_C_LIB=" + fake.cLib("mpich")), r::toString);
        assertTrue(lines.contains("LD_LIBRARY_PATH=" + fake.fakelib("openmpi")), r::toString);
    }

    /** The other order, wi4mpi as the program of a real launcher; the translation library is never loaded. */
    @Test
    void wi4mpiUnderARealLauncher() throws Exception {
        Path mpirun = Path.of("/usr/bin/mpirun.mpich");
        assumeTrue(Files.isExecutable(mpirun), "mpirun.mpich is not installed");
        List<String> cmd = new ArrayList<>(List.of("timeout", "60", mpirun.toString(), "-np", "2",
                fake.launcher().toString(), "-f", "openmpi", "-t", "mpich", "show"));
        FakeInstall.Result r = fake.exec(Map.of(), cmd);
        assertEquals(0, r.exit(), r::toString);
        long ranks = r.stdout().lines().filter(l -> l.equals("WI4MPI_RUN_MPI_C_LIB=" + fake.cLib("mpich"))).count();
        assertEquals(2, ranks, r::toString);
    }
}
