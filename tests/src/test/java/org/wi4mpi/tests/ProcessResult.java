package org.wi4mpi.tests;

import java.time.Duration;
import java.util.List;

/**
 * The outcome of one external command: its exit code, everything it printed, and how long it took.
 *
 * @param command  the command line as run
 * @param exitCode the exit code, or -1 when the process was killed on timeout
 * @param stdout   standard output, decoded as UTF-8
 * @param stderr   standard error, decoded as UTF-8
 * @param elapsed  wall-clock time from start to exit (or to the kill)
 * @param timedOut whether the process tree had to be killed
 */
public record ProcessResult(List<String> command, int exitCode, String stdout, String stderr, Duration elapsed,
                            boolean timedOut) {

    /** A multi-line account of the run for assertion messages: command, exit, time and both streams. */
    public String describe() {
        return "command: " + String.join(" ", command) + "\n"
                + (timedOut ? "killed after timeout" : "exit code: " + exitCode)
                + String.format(" (%.2f s)%n", elapsed.toMillis() / 1000.0)
                + "--- stdout ---\n" + stdout + (stdout.endsWith("\n") || stdout.isEmpty() ? "" : "\n")
                + "--- stderr ---\n" + stderr;
    }
}
