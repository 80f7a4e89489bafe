package org.wi4mpi.tests.openmpi5;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.wi4mpi.tests.MpiCommands;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.MpiTestSuite;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * Runs the version matrix's jobs from the binary's directory, each under coreutils timeout, a spawning
 * program again after a timeout as in the main suite ({@link MpiTestSuite#runRetried}): natively on the
 * program's own MPI, or {@code wi4mpi -v -t TO mpirun <options of TO> -np N ./prog} with the family and
 * version of the binary detected by the launcher (no -f).
 */
final class MatrixRunner {

    private static final int KILL_AFTER_SECONDS = 10;

    private final OpenMpi5Build build;
    private final Path install;
    private final MatrixBinaries binaries;
    private final Duration timeout;
    /** Native runs, once per binary and rank count: the reference of every translated run onto that MPI. */
    private final Map<String, ProcessResult> nativeRuns = new ConcurrentHashMap<>();

    MatrixRunner(OpenMpi5Build build, Path install, MatrixBinaries binaries, Duration timeout) {
        this.build = build;
        this.install = install;
        this.binaries = binaries;
        this.timeout = timeout;
    }

    /** The program built for {@code mpi}, on it without wi4mpi (run once, then remembered). */
    ProcessResult nativeRun(BuiltFor mpi, MpiTestProgram program, int ranks) {
        return nativeRuns.computeIfAbsent(mpi.id() + " " + program.name() + " " + ranks, key -> {
            binaries.ensureBuilt(mpi, program);
            List<String> command = timeoutPrefix(program);
            command.addAll(mpi.nativeLauncher(build, ranks));
            command.add("./" + program.name());
            return run(mpi, program, command);
        });
    }

    /** The program built for the pair's source, through the launcher onto the pair's target. */
    ProcessResult translatedRun(MatrixPair pair, MpiTestProgram program, int ranks) {
        binaries.ensureBuilt(pair.from(), program);
        List<String> command = timeoutPrefix(program);
        command.addAll(List.of(install.resolve("bin/wi4mpi").toString(), "-v", "-t", pair.to().id(), "mpirun"));
        command.addAll(pair.to().launcherOptions());
        command.addAll(List.of("-np", Integer.toString(ranks), "./" + program.name()));
        return run(pair.from(), program, command);
    }

    private ProcessResult run(BuiltFor builtFor, MpiTestProgram program, List<String> command) {
        Path directory = binaries.binary(builtFor, program).getParent();
        Duration limit = MpiTestSuite.timeoutFor(program, timeout);
        return MpiTestSuite.runRetried(program, () -> ProcessRunner.run(command, directory,
                MpiFamily.launcherEnvironment(), MpiCommands.hardDeadline(limit)));
    }

    private List<String> timeoutPrefix(MpiTestProgram program) {
        return new ArrayList<>(List.of("timeout", "--kill-after=" + KILL_AFTER_SECONDS,
                Long.toString(MpiTestSuite.timeoutFor(program, timeout).toSeconds())));
    }
}
