package org.wi4mpi.tests;

import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;

/** Every test program compiles warning-free with every selected family's own compiler wrapper. */
@Order(1)
class ProgramCompilationTest {

    private final MpiTestSuite suite = MpiTestSuite.get();

    @TestFactory
    Stream<DynamicTest> compileWithEachFamily() {
        return suite.config().families().stream().flatMap(family -> suite.programs().stream().filter(p -> p.builtWith(family)).map(program ->
                DynamicTest.dynamicTest("compile " + program.name() + " with "
                                + family.compilerFor(program),
                        () -> suite.ensureBuilt(family, program))));
    }
}
