package org.wi4mpi.tests;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

/**
 * State shared by the test classes of one JVM: the configuration, the selected programs and the builder.
 * Built once, on first use.
 */
public final class MpiTestSuite {

    private static final class Holder {
        static final MpiTestSuite INSTANCE = new MpiTestSuite(SuiteConfig.fromEnvironment());
    }

    private final SuiteConfig config;
    private final List<MpiTestProgram> programs;
    private final ProgramBuilder builder;

    private MpiTestSuite(SuiteConfig config) {
        this.config = config;
        this.programs = config.selectedPrograms();
        this.builder = new ProgramBuilder(config.binaryDirectory());
    }

    static MpiTestSuite get() {
        return Holder.INSTANCE;
    }

    SuiteConfig config() {
        return config;
    }

    List<MpiTestProgram> programs() {
        return programs;
    }

    ProgramBuilder builder() {
        return builder;
    }

    /** Builds (if needed) and checks the binary of {@code program} for {@code family}. */
    void ensureBuilt(MpiFamily family, MpiTestProgram program) {
        RunAssertions.assertBuilt(builder.build(family, program), builder.binary(family, program));
    }

    /**
     * The time one run of {@code program} may take. A program marked {@link MpiTestProgram#RETRY_MARKER}
     * finishes in a few seconds when the vendor's spawn does not hang, so a hang is cut short at
     * {@link #RETRIED_TIMEOUT} and the run repeated.
     */
    Duration timeout(MpiTestProgram program) {
        return timeoutFor(program, config.timeout());
    }

    public static Duration timeoutFor(MpiTestProgram program, Duration configured) {
        return program.retriedOnTimeout() && configured.compareTo(RETRIED_TIMEOUT) > 0 ? RETRIED_TIMEOUT : configured;
    }

    /** Runs {@code command} of {@code program} from the directory of {@code family}'s binaries. */
    ProcessResult runJob(MpiFamily family, MpiTestProgram program, List<String> command) {
        return runRetried(program, () -> ProcessRunner.run(command, config.binaryDirectory().resolve(family.id()),
                MpiFamily.launcherEnvironment(), MpiCommands.hardDeadline(timeout(program))));
    }

    /** Per-run limit of a retried program: its runs take 1-3 s, under 10 s on a loaded machine. */
    static final Duration RETRIED_TIMEOUT = Duration.ofSeconds(30);

    /**
     * Runs of a retried program: the vendor hang struck 1 run in 60 on a loaded 2-core machine, 3 of
     * the 24 runs of tests/c/spawn.c in one CI run, twice in a row for one of them in another (each
     * passed when run again).
     */
    static final int RETRIED_ATTEMPTS = 6;

    /**
     * A timed-out run of a program marked {@link MpiTestProgram#RETRY_MARKER} is run again, up to
     * {@link #RETRIED_ATTEMPTS} runs in all; any other outcome (a pass, a failure) is final.
     */
    public static ProcessResult runRetried(MpiTestProgram program, java.util.function.Supplier<ProcessResult> job) {
        return runRetried(program, job, () -> killLeftovers(program));
    }

    /**
     * The same with {@code cleanup} run before each further run (it says what it did): a timed-out job
     * may leave processes behind (a hung child of a killed mpirun), which the next run must not meet.
     */
    static ProcessResult runRetried(MpiTestProgram program, java.util.function.Supplier<ProcessResult> job,
                                    java.util.function.Supplier<String> cleanup) {
        ProcessResult run = job.get();
        for (int attempt = 2; attempt <= RETRIED_ATTEMPTS && program.retriedOnTimeout() && timedOut(run); attempt++) {
            System.err.println("run " + attempt + " of " + program.name() + " after a timeout (vendor spawn hang):\n"
                    + run.describe() + cleanup.get());
            run = job.get();
        }
        return run;
    }

    /**
     * Kills the processes still running the program, or a launcher of it (jobs run one at a time); says
     * how many there were. Matched on the command line: a process name is cut to 15 characters.
     */
    private static String killLeftovers(MpiTestProgram program) {
        // -e: one line per process killed
        ProcessResult killed = ProcessRunner.run(List.of("pkill", "-KILL", "-e", "-f", "/" + program.name() + "( |$)"),
                Path.of("."), Map.of(), Duration.ofSeconds(10));
        long count = killed.stdout().lines().filter(l -> !l.isBlank()).count();
        return count == 0 ? "no process of the timed-out job was left\n"
                : "killed " + count + " leftover " + program.name() + " process(es) of the timed-out job\n";
    }

    private static boolean timedOut(ProcessResult run) {
        return run.timedOut() || run.exitCode() == 124;
    }

    /** The body of one job test. */
    @FunctionalInterface
    interface JobCase {
        void run(MpiTestProgram program, int ranks);
    }

    /**
     * One dynamic test per program built with {@code family} and rank count, named
     * {@code "<program> [<label>] np=<n>"}.
     */
    Stream<DynamicTest> perProgramAndRanks(MpiFamily family, String label, JobCase body) {
        return programs.stream().filter(p -> p.builtWith(family)).flatMap(program -> config.rankCounts().stream().map(np ->
                DynamicTest.dynamicTest(program.name() + " [" + label + "] np=" + np, () -> body.run(program, np))));
    }
}
