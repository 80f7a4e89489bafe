package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProgramBuilder;
import org.wi4mpi.tests.SuiteConfig;

/**
 * The reference side of the DUMPI fidelity check: tests/c/hello.c, tests/c/p2p.c and
 * tests/dumpi/collective_calls.c run natively with the reference libdumpi of their MPI preloaded, with 1
 * and 2 ranks, and dumpi2ascii's rendering of every rank's trace holds exactly the calls and argument
 * values the program makes, as libdumpi records them (ReferenceExpectations).
 */
class DumpiReferenceTest {

    private static final List<Integer> RANKS = List.of(1, 2);

    private final SuiteConfig config = SuiteConfig.fromEnvironment();
    private final Path module = Path.of(System.getProperty("user.dir"));
    private final Path target = config.binaryDirectory().getParent();
    private final ProgramBuilder builder = new ProgramBuilder(target.resolve("dumpi-bin"));

    @TestFactory
    List<DynamicTest> libdumpiRecordsWhatTheProgramsCall() {
        List<MpiTestProgram> programs = programs();
        List<DynamicTest> tests = new ArrayList<>();
        for (MpiFamily family : config.families())
            for (MpiTestProgram program : programs)
                for (int np : RANKS)
                    tests.add(DynamicTest.dynamicTest(program.name() + " [" + family.id() + " libdumpi] np=" + np,
                            () -> traceAndCheck(family, program, np)));
        return tests;
    }

    private void traceAndCheck(MpiFamily family, MpiTestProgram program, int np) throws IOException {
        LibdumpiTracer tracer = new LibdumpiTracer(DumpiReference.ensureBuilt());
        ProcessResult compile = builder.build(family, program);
        if (compile != null)
            assertEquals(0, compile.exitCode(), compile::describe);
        Path directory = target.resolve("dumpi-runs").resolve(family.id() + "-" + program.name() + "-np" + np);
        LibdumpiTracer.TracedRun traced = tracer.trace(family, builder.binary(family, program), np, directory);
        ProcessResult run = traced.run();
        assertEquals(0, run.exitCode(), run::describe);
        String ok = program.name() + ": ok";
        assertEquals(1, run.stdout().split(Pattern.quote(ok), -1).length - 1, () -> "'" + ok + "' once\n" + run.describe());

        DumpiTraceFiles files = traced.files();
        assertEquals(np, files.rankFileCount(), () -> "rank files of " + files);
        String meta = Files.readString(files.meta());
        assertTrue(meta.contains("numprocs=" + np + "\n"), meta);
        assertTrue(meta.contains("fileprefix=" + files.prefix() + "\n"), meta);
        assertTrue(files.prefix().matches("dumpi-\\d{4}(\\.\\d{2}){5}"), files.prefix());

        for (int rank = 0; rank < np; rank++) {
            List<DumpiCall> calls = tracer.calls(files, rank);
            String where = program.name() + " " + family.id() + " np=" + np + " rank " + rank + ": ";
            for (DumpiCall call : calls)
                assertEquals(0, call.thread(), () -> where + call);
            ReferenceExpectations.check(program.name(), family, new ReferenceExpectations.RankView(rank, np, calls), where);
        }
    }

    private List<MpiTestProgram> programs() {
        List<MpiTestProgram> programs = new ArrayList<>(MpiTestProgram.discover(config.sourceDirectory()).stream()
                .filter(p -> p.name().equals("hello") || p.name().equals("p2p"))
                .toList());
        assertEquals(2, programs.size(), "hello.c and p2p.c in " + config.sourceDirectory());
        programs.add(new MpiTestProgram("collective_calls", module.resolve("dumpi/collective_calls.c"), 0,
                EnumSet.allOf(MpiFamily.class), false));
        return programs;
    }
}
