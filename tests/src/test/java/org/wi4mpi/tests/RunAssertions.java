package org.wi4mpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Verdicts on compiler and mpirun runs; every failure message carries the full output of the run. */
public final class RunAssertions {

    /** Exit code of coreutils timeout when it had to stop the command. */
    static final int TIMEOUT_EXIT_CODE = 124;

    /** What the dynamic loader prints when a COPY relocation or symbol size does not match. */
    static final List<String> LOADER_WARNINGS = List.of("has different size", "consider re-linking");

    private RunAssertions() {
    }

    /** The compiler ran cleanly (or an up-to-date binary was reused) and the executable exists. */
    public static void assertBuilt(ProcessResult compilation, Path binary) {
        if (compilation != null) {
            assertFalse(compilation.timedOut(), () -> "compiler timed out\n" + compilation.describe());
            assertEquals(0, compilation.exitCode(), () -> "compilation failed\n" + compilation.describe());
            assertTrue(compilation.stdout().isBlank() && compilation.stderr().isBlank(),
                    () -> "compiler printed diagnostics\n" + compilation.describe());
        }
        assertTrue(Files.isExecutable(binary), () -> binary + " was not produced");
    }

    /**
     * The job ended by itself with the program's expected exit code, rank 0 printed its "ok" line once
     * when the program has one, and the dynamic loader printed no warning.
     */
    public static void assertRunPassed(MpiTestProgram program, ProcessResult run) {
        assertNotNull(run);
        if (run.timedOut() || run.exitCode() == TIMEOUT_EXIT_CODE)
            fail("job did not finish in time\n" + run.describe());
        if (program.printsOk()) {
            assertEquals(0, run.exitCode(), () -> "wrong exit code for " + program.name() + "\n" + run.describe());
        } else {
            // MPI_Abort: Hydra sometimes reports the hang-up of its cleanup (exit 1) instead of the code,
            // so the code is also accepted from the runtime's own abort report.
            int code = program.expectedExitCode();
            String output = run.stdout() + run.stderr();
            boolean reported = output.contains("MPI_Abort(MPI_COMM_WORLD, " + code + ")")
                    || output.contains("with errorcode " + code + ".");
            assertTrue(run.exitCode() == code || (run.exitCode() != 0 && reported),
                    () -> "wrong exit code for " + program.name() + " (expected " + code + ")\n" + run.describe());
        }
        for (String warning : LOADER_WARNINGS)
            assertFalse(run.stderr().contains(warning),
                    () -> "dynamic loader warning \"" + warning + "\" in stderr\n" + run.describe());
        // Exactly one line: ranks that each ran as a separate singleton job would print one apiece.
        if (program.printsOk())
            assertEquals(1, okLines(program, run.stdout()),
                    () -> "expected one \"" + program.name() + ": ok\" line from rank 0\n" + run.describe());
    }

    private static long okLines(MpiTestProgram program, String stdout) {
        String ok = program.name() + ": ok";
        return stdout.lines().filter(line -> line.strip().equals(ok)).count();
    }
}
