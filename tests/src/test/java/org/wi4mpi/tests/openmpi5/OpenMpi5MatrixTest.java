package org.wi4mpi.tests.openmpi5;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.SuiteConfig;

/**
 * The version matrix of tests/c: every program built with Open MPI 5's mpicc runs natively on 5 and through
 * the launcher on MPICH 4.0 and Open MPI 4.1; built with mpicc.openmpi (4.1), mpicc.mpich and wi4mpi's own
 * mpicc (interface mode), on Open MPI 5; 1 and 2 ranks, and a few programs on 4. Each case must give what
 * the program built for the target gives natively there, except the cases {@link OpenMpi5Expectations}
 * lists with their reasons. Test names read {@code collectives openmpi5→mpich np 2}.
 *
 * <p>The CI subset (five programs, about 25 s) runs by default; {@code -Dwi4mpi.tests.openmpi5.full=true}
 * (tests/run-version-matrix) runs every case. Skipped, saying so, where the Open MPI 5 build is absent.
 */
class OpenMpi5MatrixTest {

    /** The system property that selects every case (as in OpenMpi5FortranTest); tests/run-version-matrix sets it. */
    static final String FULL_PROPERTY = FortranCases.FULL_PROPERTY;

    /**
     * The CI subset: the quick-start program, point-to-point, the collectives, and two programs with listed
     * failures on Open MPI 5 (datatypes from MPICH, io from every build), which keep the lists honest.
     */
    private static final List<String> CI_PROGRAMS = List.of("hello", "p2p", "collectives", "datatypes", "io");
    private static final List<Integer> RANKS = List.of(1, 2);

    /** 4 ranks on 2 cores: a few short programs only (MPICH's ranks busy-poll). */
    private static final List<String> FOUR_RANK_PROGRAMS = List.of("p2p", "collectives", "rma");
    private static final List<String> CI_FOUR_RANK_PROGRAMS = List.of("collectives");

    static boolean full() {
        return Boolean.parseBoolean(System.getProperty(FULL_PROPERTY, "").trim());
    }

    @TestFactory
    Stream<DynamicTest> testsCProgramsOnOpenMpi5() {
        SuiteConfig config = SuiteConfig.fromEnvironment();
        OpenMpi5Build build = OpenMpi5Build.fromEnvironment();
        String absent = build.checkPresent(config.install());
        if (absent != null) {
            return OpenMpi5Build.skipped("tests/c on Open MPI 5", absent);
        }
        Path moduleDirectory = Path.of(System.getProperty("user.dir"));
        MatrixBinaries binaries = new MatrixBinaries(build, config, moduleDirectory);
        ExpectationsFile expectations = new ExpectationsFile();
        MatrixRunner runner = new MatrixRunner(build, config.install(), binaries, config.timeout());
        boolean full = full();
        List<DynamicTest> tests = new ArrayList<>();
        for (MpiTestProgram program : MpiTestProgram.discover(config.sourceDirectory())) {
            if (!config.programs().isEmpty() && !config.programs().contains(program.name()))
                continue;
            List<Integer> ranks = new ArrayList<>();
            if (full || CI_PROGRAMS.contains(program.name()))
                ranks.addAll(RANKS);
            if ((full ? FOUR_RANK_PROGRAMS : CI_FOUR_RANK_PROGRAMS).contains(program.name()))
                ranks.add(4);
            for (int np : ranks)
                for (MatrixPair pair : MatrixPair.ALL)
                    if (np < 4 || full || pair.equals(MatrixPair.OPENMPI_TO_OPENMPI5)) {
                        String name = program.name() + " " + pair.label() + " np " + np;
                        expectations.add(name, OpenMpi5Expectations.of(program, pair));
                        tests.add(DynamicTest.dynamicTest(name, () -> runCase(runner, program, pair, np, full)));
                    }
        }
        expectations.write(moduleDirectory, OpenMpi5MatrixTest.class.getSimpleName());
        return tests.stream();
    }

    private static void runCase(MatrixRunner runner, MpiTestProgram program, MatrixPair pair, int np, boolean full) {
        // Debian 13: no Open MPI 4.1 (mpicc.openmpi is 5): skipped, saying so, as in the main suite.
        for (BuiltFor side : List.of(pair.from(), pair.to()))
            if (side.family() != null)
                side.family().assumeInstalled();
        Expectation expectation = OpenMpi5Expectations.of(program, pair);
        switch (expectation.kind()) {
            case NOT_BUILT -> assumeTrue(false, expectation.reason());
            case KNOWN_DEFECT -> {
                // Run, and fail, in the full matrix; the CI subset leaves it out until the runtime is fixed.
                assumeTrue(full, () -> "left out of the CI subset until fixed (" + expectation.reason()
                        + "); tests/run-version-matrix runs it");
                asNatively(runner, program, pair, np);
            }
            case FAILS_ON_OPENMPI5 -> {
                var failure = OpenMpi5Expectations.failureOnOpenMpi5(program, pair);
                ProcessResult run = pair.isNative() ? runner.nativeRun(BuiltFor.OPENMPI5, program, np)
                        : runner.translatedRun(pair, program, np);
                if (failure.builtFor().contains(BuiltFor.OPENMPI5))
                    MatrixVerdict.assertFailsAsOnOpenMpi5(failure.marker(), failure.reason(),
                            runner.nativeRun(BuiltFor.OPENMPI5, program, np), run);
                else
                    MatrixVerdict.assertFailsAt(failure.marker(), failure.reason(), run);
            }
            case AS_NATIVELY -> asNatively(runner, program, pair, np);
        }
    }

    /**
     * Natively: the main suite's verdict. Translated: that and the output of the program built for the
     * target, run there natively; where the program is not built for the target (an MPICH-only program on
     * Open MPI 5) or that build fails there (lifecycle's Open MPI 5 build), the main suite's verdict alone.
     */
    private static void asNatively(MatrixRunner runner, MpiTestProgram program, MatrixPair pair, int np) {
        if (pair.isNative()) {
            MatrixVerdict.assertPassed(program, runner.nativeRun(pair.to(), program, np));
            return;
        }
        ProcessResult translated = runner.translatedRun(pair, program, np);
        if (OpenMpi5Expectations.notBuilt(program, pair.to()) != null
                || OpenMpi5Expectations.failureOnOpenMpi5(program, new MatrixPair(pair.to(), pair.to())) != null) {
            // No native reference: the program is not built for the target, or that build fails there (listed).
            MatrixVerdict.assertPassed(program, translated);
            return;
        }
        MatrixVerdict.assertAsNatively(program, runner.nativeRun(pair.to(), program, np), translated);
    }
}
