package org.wi4mpi.tests.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.wi4mpi.tests.MpiCommands;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/** Short MPI runs of the equivalence test, each bounded by coreutils timeout. */
final class WrapRuns {

    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);

    private WrapRuns() {
    }

    /** {@code timeout ... mpirun.<family> <options> -np N PROGRAM} in {@code dir}, the tool (if any) preloaded. */
    static ProcessResult run(MpiFamily family, int np, Path program, Path preload, Path dir) {
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10", Long.toString(RUN_TIMEOUT.toSeconds()),
                family.launcher()));
        command.addAll(family.launcherOptions());
        command.addAll(List.of("-np", Integer.toString(np), program.toString()));
        Map<String, String> env = new HashMap<>(MpiFamily.launcherEnvironment());
        if (preload != null)
            env.put("LD_PRELOAD", preload.toString());
        return ProcessRunner.run(command, dir, env, MpiCommands.hardDeadline(RUN_TIMEOUT));
    }

    /** A run that must succeed with rank 0's "<program>: ok" printed once. */
    static ProcessResult runOk(MpiFamily family, int np, Path program, Path preload, Path dir) {
        ProcessResult run = run(family, np, program, preload, dir);
        assertEquals(0, run.exitCode(), run::describe);
        String ok = program.getFileName().toString().replace("_static", "") + ": ok";
        assertEquals(1, run.stdout().split(Pattern.quote(ok), -1).length - 1, () -> "'" + ok + "' once\n" + run.describe());
        return run;
    }
}
