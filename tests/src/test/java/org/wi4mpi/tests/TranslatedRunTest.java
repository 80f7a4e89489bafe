package org.wi4mpi.tests;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;

/**
 * Each program, built for the pair's source family, run through the installed launcher on the pair's
 * target family: {@code wi4mpi -f FROM -t TO mpirun -np N ./prog}.
 */
@Order(3)
class TranslatedRunTest {

    private final MpiTestSuite suite = MpiTestSuite.get();

    @TestFactory
    Stream<DynamicTest> runThroughEachPair() {
        var config = suite.config();
        return config.pairs().stream().flatMap(pair ->
                suite.perProgramAndRanks(pair.from(), pair.label(), (program, ranks) -> {
                    // Only a missing install tree skips: anything missing inside it is a failure.
                    assumeTrue(Files.isDirectory(config.install()), () -> "install tree " + config.install()
                            + " does not exist (built by the native module; set -Dwi4mpi.install=...):"
                            + " translated run skipped");
                    suite.ensureBuilt(pair.from(), program);
                    var command = MpiCommands.translatedRun(config.install(), pair, ranks, program, suite.timeout(program));
                    RunAssertions.assertRunPassed(program, suite.runJob(pair.from(), program, command));
                }));
    }
}
