package org.wi4mpi.tests;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Command lines for running a test program, always under coreutils {@code timeout} so that a hung job
 * ends even if the JVM dies. The program is run from its own directory as {@code ./<name>}.
 */
public final class MpiCommands {

    /** Grace period between timeout's TERM and its KILL. */
    private static final int KILL_AFTER_SECONDS = 10;

    private MpiCommands() {
    }

    /** {@code timeout T mpirun.<family> <options> -np N ./prog} */
    public static List<String> nativeRun(MpiFamily family, int ranks, MpiTestProgram program, Duration timeout) {
        List<String> command = timeoutPrefix(timeout);
        command.add(family.launcher());
        command.addAll(family.launcherOptions());
        command.addAll(List.of("-np", Integer.toString(ranks), "./" + program.name()));
        return command;
    }

    /**
     * {@code timeout T <install>/bin/wi4mpi -f FROM -t TO mpirun -np N <options of TO> ./prog}: a bare
     * {@code mpirun} is the launcher of TO.
     */
    public static List<String> translatedRun(Path install, TranslationPair pair, int ranks, MpiTestProgram program,
                                             Duration timeout) {
        List<String> command = timeoutPrefix(timeout);
        command.addAll(List.of(install.resolve("bin/wi4mpi").toString(), "-f", pair.from().id(), "-t", pair.to().id(),
                "mpirun", "-np", Integer.toString(ranks)));
        command.addAll(pair.to().launcherOptions());
        command.add("./" + program.name());
        return command;
    }

    /** How long the JVM waits before killing the process tree itself: after timeout's own KILL. */
    public static Duration hardDeadline(Duration timeout) {
        return timeout.plusSeconds(KILL_AFTER_SECONDS + 20);
    }

    private static List<String> timeoutPrefix(Duration timeout) {
        return new ArrayList<>(List.of("timeout", "--kill-after=" + KILL_AFTER_SECONDS, Long.toString(timeout.toSeconds())));
    }
}
