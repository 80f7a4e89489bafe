package org.wi4mpi.tests.library;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An MPICH application calling an MPI-4 function that Open MPI 4.1 lacks, under the default error
 * handler (MPI_ERRORS_ARE_FATAL): the job ends through the runtime's error path, and the message says
 * which function and which runtime. tests/c/mpi4.c covers MPI_ERRORS_RETURN and user handlers.
 */
class LackingFunctionTest {

    private static final String PROGRAM = """
            #include <mpi.h>
            #include <stdio.h>
            #include <string.h>
            int main(int argc, char **argv)
            {
                if (argc > 1 && strcmp(argv[1], "before-init") == 0) {
                    MPI_Info info;
                    MPI_Info_create_env(argc, argv, &info); /* MPI-4 allows this before MPI_Init */
                    printf("after\\n");
                    return 0;
                }
                MPI_Init(&argc, &argv);
                printf("before\\n");
                fflush(stdout);
                MPI_Comm copy;
                MPI_Request request;
                MPI_Comm_idup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, &copy, &request);
                MPI_Wait(&request, MPI_STATUS_IGNORE);
                MPI_Comm_free(&copy);
                printf("after\\n");
                MPI_Finalize();
                return 0;
            }
            """;

    private static final String SENTENCE = "wi4mpi: MPI_Comm_idup_with_info is not provided by the target MPI library"
            + " (openmpi: Open MPI v4.1";

    @TempDir
    Path work;

    @Test
    void theFatalErrorHandlerEndsTheJobNamingFunctionAndRuntime() throws IOException {
        MpiFamily.assumeInstalled("openmpi", "mpich");
        ProcessResult run = runThrough("mpich", "openmpi");
        assertNotEquals(0, run.exitCode(), run.describe());
        assertTrue(run.stdout().contains("before"), run.describe());
        assertFalse(run.stdout().contains("after"), run.describe());
        assertTrue(run.stderr().contains(SENTENCE), run.describe());
        // Open MPI's MPI_ERRORS_ARE_FATAL ends the job with the error code it was called with: the
        // code added for the lacking function, the first after Open MPI 4.1's MPI_ERR_LASTCODE (92).
        assertEquals(93, run.exitCode(), run.describe());
        // Its own report follows ours; the launcher relays it, and under load that relay can fail
        // ("ORTE_ERROR_LOG: Out of resource in file .../show_help.c"), so either is accepted.
        assertTrue(run.stderr().contains("MPI_ERRORS_ARE_FATAL") || run.stderr().contains("show_help.c"),
                run.describe());
    }

    @Test
    void beforeMpiInitThereIsNoErrorHandlerAndTheProcessStopsWithTheSentence() throws IOException {
        MpiFamily.assumeInstalled("openmpi", "mpich");
        ProcessResult run = runThrough("mpich", "openmpi", "before-init");
        assertNotEquals(0, run.exitCode(), run.describe());
        assertFalse(run.stdout().contains("after"), run.describe());
        assertTrue(run.stderr().contains("wi4mpi: MPI_Info_create_env is not provided by the target MPI library"
                + " (openmpi: Open MPI v4.1"), run.describe());
        assertTrue(run.stderr().contains("MPI is not initialized"), run.describe());
    }

    /** The same binary on its own family's runtime: the function exists and the call succeeds. */
    @Test
    void theIdentityPairReachesTheFunction() throws IOException {
        MpiFamily.assumeInstalled("openmpi", "mpich");
        ProcessResult run = runThrough("mpich", "mpich");
        assertEquals(0, run.exitCode(), run.describe());
        assertTrue(run.stdout().contains("after"), run.describe());
    }

    private ProcessResult runThrough(String from, String to, String... args) throws IOException {
        MpiFamily family = MpiFamily.fromId(from);
        Path source = work.resolve("lacking.c");
        Files.writeString(source, PROGRAM);
        ProcessResult cc = ProcessRunner.run(List.of(family.compiler(), "-o", "lacking", source.toString()),
                work, Map.of(), Duration.ofSeconds(120));
        assertEquals(0, cc.exitCode(), cc.describe());

        List<String> command = new ArrayList<>(List.of("timeout", "60",
                SuiteConfig.fromEnvironment().install().resolve("bin/wi4mpi").toString(), "-f", from, "-t", to,
                "mpirun", "-np", "1"));
        command.addAll(MpiFamily.fromId(to).launcherOptions());
        command.add("./lacking");
        command.addAll(List.of(args));
        return ProcessRunner.run(command, work, MpiFamily.launcherEnvironment(), Duration.ofSeconds(90));
    }
}
