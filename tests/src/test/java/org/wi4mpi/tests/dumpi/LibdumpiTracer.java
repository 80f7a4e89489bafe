package org.wi4mpi.tests.dumpi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.wi4mpi.tests.MpiCommands;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * Runs an MPI program traced natively by the reference libdumpi and reads the traces back with
 * dumpi2ascii. libdumpi defines MPI_X over PMPI_X and is linked against its family's libmpi, so it is
 * preloaded ({@code LD_PRELOAD}) into an unmodified binary. Each run gets its own directory: a
 * {@code dumpi.conf} there, named by {@code DUMPI_CONF}, sets {@code fileroot} to {@code <dir>/dumpi}, so
 * runs never share files (libdumpi's prefix only changes once a second).
 */
public final class LibdumpiTracer {

    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

    /** A finished traced run: mpirun's outcome and the trace files. */
    public record TracedRun(ProcessResult run, DumpiTraceFiles files) {
    }

    private final DumpiReference reference;

    public LibdumpiTracer(DumpiReference reference) {
        this.reference = reference;
    }

    /**
     * {@code timeout ... mpirun.<family> <options> -np N BINARY} with libdumpi preloaded, in {@code directory}
     * (emptied first). The run's outcome is returned whatever it was; the files are looked up only after a
     * successful run.
     */
    public TracedRun trace(MpiFamily family, Path binary, int ranks, Path directory) {
        return trace(family, binary, List.of(), ranks, directory);
    }

    /** As {@link #trace(MpiFamily, Path, int, Path)}, with the program's arguments. */
    public TracedRun trace(MpiFamily family, Path binary, List<String> arguments, int ranks, Path directory) {
        prepare(directory);
        // libdumpi splits its configuration lines at blanks, '=' and '#'.
        if (directory.toString().matches(".*[\\s=#].*"))
            throw new IllegalArgumentException("libdumpi cannot write into " + directory
                    + ": its dumpi.conf reader splits a path at blanks, '=' and '#'");
        Path conf = directory.resolve("dumpi.conf");
        write(conf, "fileroot " + directory.resolve("dumpi") + "\n");
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10",
                Long.toString(RUN_TIMEOUT.toSeconds()), family.launcher()));
        command.addAll(family.launcherOptions());
        command.addAll(List.of("-np", Integer.toString(ranks), binary.toString()));
        command.addAll(arguments);
        Map<String, String> environment = new HashMap<>(MpiFamily.launcherEnvironment());
        environment.put("LD_PRELOAD", reference.libdumpi(family).toString());
        environment.put("DUMPI_CONF", conf.toString());
        ProcessResult run = ProcessRunner.run(command, directory, environment, MpiCommands.hardDeadline(RUN_TIMEOUT));
        return new TracedRun(run, run.exitCode() == 0 ? DumpiTraceFiles.find(directory) : null);
    }

    /** dumpi2ascii's rendering of one rank's trace; fails with its output when the reader fails. */
    public ProcessResult ascii(Path rankFile) {
        ProcessResult read = ProcessRunner.run(List.of(reference.dumpi2ascii().toString(), rankFile.toString()),
                rankFile.getParent(), Map.of(), READ_TIMEOUT);
        if (read.exitCode() != 0)
            throw new IllegalStateException("dumpi2ascii cannot read " + rankFile + "\n" + read.describe());
        return read;
    }

    /** The calls of one rank's trace, as dumpi2ascii prints them. */
    public List<DumpiCall> calls(DumpiTraceFiles files, int rank) {
        Path file = files.rank(rank);
        return DumpiAscii.parse(ascii(file).stdout(), "dumpi2ascii " + file);
    }

    static void prepare(Path directory) {
        try {
            if (Files.exists(directory)) {
                try (Stream<Path> old = Files.walk(directory)) {
                    for (Path p : old.sorted(Comparator.reverseOrder()).toList())
                        Files.delete(p);
                }
            }
            Files.createDirectories(directory);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the trace directory " + directory, e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
