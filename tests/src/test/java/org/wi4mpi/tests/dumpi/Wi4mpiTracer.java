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
        List<String> wi4mpi = List.of(install.resolve("bin/wi4mpi").toString(), "-f", from, "-t", to.id(), "--trace",
                directory.toString());
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10", Long.toString(RUN_TIMEOUT.toSeconds())));
        if (from.equals(MpiFamily.OPENMPI.id()) && to == MpiFamily.OPENMPI) {
            // Open MPI's tracing library refers to Open MPI's predefined objects (ompi_mpi_op_prod, ...) and names
            // no MPI library: in mpirun.openmpi itself, which does not load libmpi, it cannot be loaded. So the
            // identity pair runs wi4mpi under mpirun, one per rank.
            command.add(to.launcher());
            command.addAll(to.launcherOptions());
            command.addAll(List.of("-np", Integer.toString(ranks)));
            command.addAll(wi4mpi);
        } else {
            command.addAll(wi4mpi);
            command.addAll(List.of("mpirun", "-np", Integer.toString(ranks)));
            command.addAll(to.launcherOptions());
        }
        command.add(binary.toString());
        command.addAll(arguments);
        ProcessResult run = ProcessRunner.run(command, directory, MpiFamily.launcherEnvironment(),
                MpiCommands.hardDeadline(RUN_TIMEOUT));
        return new LibdumpiTracer.TracedRun(run, run.exitCode() == 0 ? DumpiTraceFiles.find(directory) : null);
    }
}
