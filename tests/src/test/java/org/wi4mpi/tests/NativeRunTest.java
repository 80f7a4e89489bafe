package org.wi4mpi.tests;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;

/**
 * Each program on the MPI it was built for, without translation: the reference every translated run
 * must match. These cases need nothing from wi4mpi.
 */
@Order(2)
class NativeRunTest {

    private final MpiTestSuite suite = MpiTestSuite.get();

    @TestFactory
    Stream<DynamicTest> runNatively() {
        return suite.config().families().stream().flatMap(family ->
                suite.perProgramAndRanks(family, family.id() + " native", (program, ranks) -> {
                    suite.ensureBuilt(family, program);
                    var command = MpiCommands.nativeRun(family, ranks, program, suite.timeout(program));
                    RunAssertions.assertRunPassed(program, suite.runJob(family, program, command));
                }));
    }
}
