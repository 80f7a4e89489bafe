package org.wi4mpi.tests.dumpi;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.wi4mpi.tests.MpiCommands;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * Runs an MPI program traced by wi4mpi: {@code wi4mpi -f FROM -t TO --trace DIR mpirun -np N BINARY ARGS}
 * with the install tree's launcher, in {@code DIR} (emptied first), so the program runs from the same
 * directory and with the same argv as under {@link LibdumpiTracer}. FROM is {@code openmpi}, {@code mpich},
 * or {@code standard} for a program built with the install tree's own mpicc (interface mode).
 */
public final class Wi4mpiTracer {

    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);

    private final Path install;

    public Wi4mpiTracer(Path install) {
        this.install = install;
    }

    /** The run's outcome whatever it was; the files are looked up only after a successful run. */
    public LibdumpiTracer.TracedRun trace(String from, MpiFamily to, Path binary, List<String> arguments, int ranks,
                                          Path directory) {
        LibdumpiTracer.prepare(directory);
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10", Long.toString(RUN_TIMEOUT.toSeconds()),
                install.resolve("bin/wi4mpi").toString(), "-f", from, "-t", to.id(), "--trace", directory.toString(),
                "mpirun", "-np", Integer.toString(ranks)));
        command.addAll(to.launcherOptions());
        command.add(binary.toString());
        command.addAll(arguments);
        ProcessResult run = ProcessRunner.run(command, directory, MpiFamily.launcherEnvironment(),
                MpiCommands.hardDeadline(RUN_TIMEOUT));
        return new LibdumpiTracer.TracedRun(run, run.exitCode() == 0 ? DumpiTraceFiles.find(directory) : null);
    }
}
