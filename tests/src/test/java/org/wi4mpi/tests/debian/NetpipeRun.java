package org.wi4mpi.tests.debian;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.wi4mpi.tests.MpiCommands;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * One two-rank NetPIPE job, natively or through the wi4mpi launcher, and what it reported. Each job runs
 * in a fresh temporary directory because NetPIPE writes its np.out into the working directory.
 *
 * @param process the mpirun (or wi4mpi) process
 * @param outFile np.out as written by rank 0, or {@code null} when it was not written
 * @param output  what stderr and np.out reported
 */
public record NetpipeRun(ProcessResult process, String outFile, NetpipeOutput output) {

    /** NetPIPE is a ping-pong between exactly two ranks. */
    public static final int RANKS = 2;

    private static final int KILL_AFTER_SECONDS = 10;

    /** {@code timeout T mpirun.<family> <options> -np 2 <binary> <mode arguments>} */
    public static NetpipeRun runNative(DebianMpiBinary binary, NetpipeMode mode, Duration timeout) {
        List<String> command = timeoutPrefix(timeout);
        command.add(binary.family().launcher());
        command.addAll(binary.family().launcherOptions());
        command.addAll(List.of("-np", Integer.toString(RANKS), binary.binary().toString()));
        command.addAll(mode.arguments());
        return run(command, timeout);
    }

    /**
     * {@code timeout T <install>/bin/wi4mpi -v -f FROM -t TO mpirun -np 2 <options of TO> <binary> <mode arguments>}.
     * {@code -v} makes the translation library of every rank report that it is ready, which proves the
     * ranks really ran through it.
     */
    public static NetpipeRun runTranslated(Path install, DebianMpiBinary binary, MpiFamily target, NetpipeMode mode,
                                           Duration timeout) {
        return runTranslated(install, binary, target.id(), target.launcherOptions(), mode, timeout);
    }

    /** The same onto a target named as the launcher names it ({@code openmpi5}), with its mpirun's options. */
    public static NetpipeRun runTranslated(Path install, DebianMpiBinary binary, String target, List<String> targetOptions,
                                           NetpipeMode mode, Duration timeout) {
        List<String> command = timeoutPrefix(timeout);
        command.addAll(List.of(install.resolve("bin/wi4mpi").toString(), "-v", "-f", binary.family().id(),
                "-t", target, "mpirun", "-np", Integer.toString(RANKS)));
        command.addAll(targetOptions);
        command.add(binary.binary().toString());
        command.addAll(mode.arguments());
        return run(command, timeout);
    }

    /** Command, exit code, time, both streams and np.out, for assertion messages. */
    public String describe() {
        return process.describe() + "--- np.out ---\n" + (outFile == null ? "(not written)\n" : outFile);
    }

    private static NetpipeRun run(List<String> command, Duration timeout) {
        Path directory = null;
        try {
            directory = Files.createTempDirectory("wi4mpi-netpipe-");
            ProcessResult process = ProcessRunner.run(command, directory, MpiFamily.launcherEnvironment(),
                    MpiCommands.hardDeadline(timeout));
            Path npOut = directory.resolve("np.out");
            String outFile = Files.isRegularFile(npOut) ? Files.readString(npOut, StandardCharsets.UTF_8) : null;
            return new NetpipeRun(process, outFile,
                    NetpipeOutput.parse(process.stderr(), outFile == null ? "" : outFile));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run NetPIPE in a temporary directory", e);
        } finally {
            deleteTree(directory);
        }
    }

    private static List<String> timeoutPrefix(Duration timeout) {
        return new ArrayList<>(List.of("timeout", "--kill-after=" + KILL_AFTER_SECONDS,
                Long.toString(timeout.toSeconds())));
    }

    private static void deleteTree(Path directory) {
        if (directory == null)
            return;
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList())
                Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }
}
