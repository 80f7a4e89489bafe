package org.wi4mpi.gen.trace.calibrate;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Builds the measuring program (calibrate-mpi.c, a resource of this package) with the FROM family's
 * compiler in a temporary directory and runs it through the wi4mpi launcher,
 * {@code wi4mpi -f FROM -t TO mpirun -np N ...}, once per rank count, each run bounded by coreutils
 * timeout. The directory is removed afterwards.
 */
public final class MeasuringRun implements AutoCloseable {

    static final String SOURCE = "calibrate-mpi.c";
    static final String PROGRAM = "calibrate-mpi";
    private static final int KILL_AFTER_SECONDS = 10;

    private final Path install;
    private final Family from;
    private final Family to;
    private final int timeoutSeconds;
    private final Path dir;

    private MeasuringRun(Path install, Family from, Family to, int timeoutSeconds, Path dir) {
        this.install = install;
        this.from = from;
        this.to = to;
        this.timeoutSeconds = timeoutSeconds;
        this.dir = dir;
    }

    /** Checks the launcher and the compiler, then compiles the measuring program. */
    public static MeasuringRun build(Path install, Family from, Family to, int timeoutSeconds, String searchPath)
            throws CalibrationException {
        Path launcher = install.resolve("bin/wi4mpi");
        if (!Files.isExecutable(launcher)) {
            throw new CalibrationException("no wi4mpi launcher at " + launcher
                    + " (build the install tree with 'mvn install' or give its directory with --install).");
        }
        String compiler = from.compiler(install);
        if (from == Family.STANDARD ? !Files.isExecutable(Path.of(compiler)) : findInPath(compiler, searchPath) == null) {
            throw new CalibrationException(compiler + ", the compiler for -f " + from.id() + ", is not installed"
                    + (from == Family.STANDARD ? "." : " (not found in PATH)."));
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("wi4mpi-calibrate");
            try (InputStream in = MeasuringRun.class.getResourceAsStream(SOURCE)) {
                if (in == null) {
                    throw new IOException("the resource " + SOURCE + " is missing from the jar");
                }
                Files.copy(in, dir.resolve(SOURCE));
            }
        } catch (IOException e) {
            throw new CalibrationException("cannot prepare the measuring program in a temporary directory (" + e.getMessage() + ").");
        }
        MeasuringRun run = new MeasuringRun(install, from, to, timeoutSeconds, dir);
        Result compiled = run.execute(List.of(compiler, "-O2", "-o", PROGRAM, SOURCE));
        if (compiled.status() != 0) {
            run.close();
            throw new CalibrationException(compiler + " could not compile the measuring program (exit status " + compiled.status()
                    + ": " + compiled.lastErrorLine() + ").");
        }
        return run;
    }

    /** Runs the program with the given rank count and returns what it measured. */
    public Measurements measure(int ranks, Settings settings) throws CalibrationException {
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=" + KILL_AFTER_SECONDS, Integer.toString(timeoutSeconds),
                install.resolve("bin/wi4mpi").toString(), "-f", from.id(), "-t", to.id(), "mpirun", "-np", Integer.toString(ranks)));
        command.addAll(to.launcherOptions());
        command.addAll(List.of("./" + PROGRAM, Integer.toString(settings.repetitions()), Integer.toString(settings.blocks()),
                Long.toString(ranks == 2 ? settings.maxBytes() : 0), Long.toString(settings.maxCollectiveBytes())));
        String run = "the run with " + ranks + " ranks (wi4mpi -f " + from.id() + " -t " + to.id() + " mpirun -np " + ranks + ")";
        Result result = execute(command);
        if (result.status() == 124 || result.status() == 137) {
            throw new CalibrationException(run + " did not finish within " + timeoutSeconds + " s (see --timeout).");
        }
        if (result.status() != 0) {
            throw new CalibrationException(run + " failed with exit status " + result.status() + ": " + result.lastErrorLine() + ".");
        }
        return Measurements.parse(result.output(), run);
    }

    private record Result(int status, List<String> output, List<String> errors) {
        String lastErrorLine() {
            for (int i = errors.size() - 1; i >= 0; i--) {
                String line = errors.get(i).strip();
                if (!line.isEmpty()) {
                    // the sentence it is quoted in adds its own full stop
                    return line.endsWith(".") ? line.substring(0, line.length() - 1) : line;
                }
            }
            return "no message on standard error";
        }
    }

    private Result execute(List<String> command) throws CalibrationException {
        Path out = dir.resolve("stdout.txt");
        Path err = dir.resolve("stderr.txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        Map<String, String> env = builder.environment();
        // Open MPI refuses root without these; its PMIx shared-memory store now and then hangs a start-up
        env.putIfAbsent("OMPI_ALLOW_RUN_AS_ROOT", "1");
        env.putIfAbsent("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
        env.putIfAbsent("PMIX_MCA_gds", "hash");
        try {
            Process process = builder.start();
            if (!process.waitFor(timeoutSeconds + KILL_AFTER_SECONDS + 30L, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                return new Result(124, List.of(), List.of());
            }
            return new Result(process.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8),
                    Files.readAllLines(err, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CalibrationException("cannot run " + command.get(0) + " (" + e.getMessage() + ").");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CalibrationException("interrupted while running " + String.join(" ", command) + ".");
        }
    }

    static Path findInPath(String name, String searchPath) {
        if (searchPath == null) {
            return null;
        }
        for (String entry : searchPath.split(":")) {
            if (!entry.isEmpty() && Files.isExecutable(Path.of(entry, name))) {
                return Path.of(entry, name);
            }
        }
        return null;
    }

    /** Removes the temporary directory. */
    @Override
    public void close() {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }

    /** For progress lines. */
    static void note(PrintWriter err, String text) {
        err.println("wi4mpi-trace calibrate: " + text);
        err.flush();
    }
}
