package org.wi4mpi.tests;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;

/**
 * State shared by the test classes of one JVM: the configuration, the selected programs and the builder.
 * Built once, on first use.
 */
final class MpiTestSuite {

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

    /** Runs {@code command} of {@code program} from the directory of {@code family}'s binaries. */
    ProcessResult runJob(MpiFamily family, MpiTestProgram program, List<String> command) {
        return runRetried(program, () -> ProcessRunner.run(command, config.binaryDirectory().resolve(family.id()),
                MpiFamily.launcherEnvironment(), MpiCommands.hardDeadline(config.timeout())));
    }

    /** A timed-out run of a program marked {@link MpiTestProgram#RETRY_MARKER} is run once more. */
    static ProcessResult runRetried(MpiTestProgram program, java.util.function.Supplier<ProcessResult> job) {
        ProcessResult first = job.get();
        if (!program.retriedOnTimeout() || !(first.timedOut() || first.exitCode() == 124)) {
            return first;
        }
        System.err.println("retrying " + program.name() + " once after a timeout (vendor spawn hang):\n"
                + first.describe());
        return job.get();
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
