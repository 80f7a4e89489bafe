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
 * {@code dumpi.conf} there, named by {@code DUMPI_CONF}, sets {@code fileroot} to {@code dumpi} and the run
 * starts there, so runs never share files (libdumpi's prefix only changes once a second). The fileroot is
 * relative because libdumpi names its {@code .meta} file in a 100-byte buffer (init.c, create_meta_file): a
 * fileroot of more than 74 characters overflows it, and the run aborts with MPI_ERR_ARG or worse.
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
        Path conf = directory.resolve("dumpi.conf");
        write(conf, "fileroot dumpi\n");
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

    /**
     * A reference trace for comparisons: {@link #trace} until the run exits 0 and dumpi2ascii reads every
     * rank's file without a word on stderr, at most {@code attempts} times. libdumpi is the yardstick here,
     * not what is tested, and once in many runs under load it left its files short; each failed attempt is
     * printed so that the cause stays visible. Fails with the last attempt's outcome.
     */
    public TracedRun referenceTrace(MpiFamily family, Path binary, List<String> arguments, int ranks, Path directory,
                                    int attempts) {
        String failure = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            TracedRun traced = trace(family, binary, arguments, ranks, directory);
            failure = traced.run().exitCode() != 0 ? traced.run().describe() : unreadable(traced.files(), ranks);
            if (failure == null)
                return traced;
            System.err.println("libdumpi's attempt " + attempt + " in " + directory + " failed:\n" + failure);
        }
        throw new IllegalStateException("libdumpi gave no readable trace in " + directory + " in " + attempts
                + " attempts; the last:\n" + failure);
    }

    /** Why some rank's file cannot be read cleanly, or null when all can. */
    private String unreadable(DumpiTraceFiles files, int ranks) {
        for (int rank = 0; rank < ranks; rank++) {
            Path file = files.rank(rank);
            if (!Files.isRegularFile(file))
                return file + " is missing";
            // Only whether it reads: its output (not always UTF-8: the limits program's names) is discarded.
            ProcessResult read = ProcessRunner.run(List.of("sh", "-c", "exec \"$0\" \"$1\" >/dev/null",
                    reference.dumpi2ascii().toString(), file.toString()), file.getParent(), Map.of(), READ_TIMEOUT);
            if (read.exitCode() != 0 || !read.stderr().isBlank())
                return "dumpi2ascii " + file + ":\n" + read.describe();
        }
        return null;
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
