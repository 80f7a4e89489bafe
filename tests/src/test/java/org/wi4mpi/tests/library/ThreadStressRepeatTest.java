package org.wi4mpi.tests.library;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tests/c/threads.c (4 threads under MPI_THREAD_MULTIPLE, about 100 000 MPI calls per job) passes ten
 * consecutive runs in every pair: races in the translation tables show up as intermittent failures.
 */
class ThreadStressRepeatTest {

    private static final int RUNS = 10;

    @TempDir
    Path work;

    @ParameterizedTest(name = "threads.c {0}→{1}, ten consecutive runs")
    @CsvSource({"openmpi,mpich", "mpich,openmpi", "openmpi,openmpi", "mpich,mpich"})
    void passesConsecutiveRuns(String from, String to) {
        MpiFamily.assumeInstalled(from, to);
        SuiteConfig config = SuiteConfig.fromEnvironment();
        ProcessResult cc = ProcessRunner.run(List.of(MpiFamily.fromId(from).compiler(), "-O2", "-o", "threads",
                config.sourceDirectory().resolve("threads.c").toString()), work, Map.of(), Duration.ofSeconds(120));
        assertEquals(0, cc.exitCode(), cc.describe());
        for (int run = 1; run <= RUNS; run++) {
            List<String> command = new ArrayList<>(List.of("timeout", "120",
                    config.install().resolve("bin/wi4mpi").toString(), "-f", from, "-t", to, "mpirun", "-np", "2"));
            command.addAll(MpiFamily.fromId(to).launcherOptions());
            command.add("./threads");
            ProcessResult result = ProcessRunner.run(command, work, MpiFamily.launcherEnvironment(),
                    Duration.ofSeconds(150));
            String label = "run " + run + " of " + RUNS + "\n" + result.describe();
            assertEquals(0, result.exitCode(), label);
            assertTrue(result.stdout().contains("threads: ok"), label);
        }
    }
}
