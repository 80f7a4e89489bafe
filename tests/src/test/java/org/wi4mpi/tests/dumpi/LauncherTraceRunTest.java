package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wi4mpi.tests.MpiCommands;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.ProgramBuilder;
import org.wi4mpi.tests.SuiteConfig;

/**
 * The launcher's tracing options with the install tree's real tracing libraries, checker and wi4mpi-trace:
 * {@code wi4mpi -t TO --trace DIR --trace-config FILE --critpath mpirun -np 2 ./collective_calls} in an
 * identity and a cross pair writes one trace per rank with the settings applied, then the critical path
 * (critPath.out in the assignment's format, the DOT file, the SVG when Graphviz is installed) and its
 * summary; the exit status is the program's.
 */
class LauncherTraceRunTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(120);

    private final SuiteConfig config = SuiteConfig.fromEnvironment();
    private final Path module = Path.of(System.getProperty("user.dir"));
    private final Path target = config.binaryDirectory().getParent();

    @ParameterizedTest(name = "{0}→{1}")
    @CsvSource({"openmpi, openmpi", "openmpi, mpich", "mpich, openmpi"})
    void traceWithSettingsThenCriticalPath(String from, String to) throws IOException {
        MpiFamily.assumeInstalled(from, to);
        Path install = config.install();
        assumeTrue(Files.isRegularFile(install.resolve("lib/libwi4mpi_trace_" + from + ".so")),
                () -> install + " has no tracing library");
        MpiFamily family = MpiFamily.fromId(from);
        MpiTestProgram program = new MpiTestProgram("collective_calls", module.resolve("dumpi/collective_calls.c"), 0,
                EnumSet.allOf(MpiFamily.class), false);
        ProgramBuilder builder = new ProgramBuilder(target.resolve("dumpi-bin"));
        ProcessResult compile = builder.build(family, program);
        if (compile != null)
            assertEquals(0, compile.exitCode(), compile::describe);

        Path work = target.resolve("trace-launcher").resolve(from + "-" + to);
        LibdumpiTracer.prepare(work);
        Path conf = Files.writeString(work.resolve("run.conf"), "MPI_Barrier disable\ntimestamp wall\n");
        Path dir = work.resolve("run");
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10", Long.toString(TIMEOUT.toSeconds()),
                install.resolve("bin/wi4mpi").toString(), "-t", to, "--trace", "run", "--trace-config", "run.conf",
                "--critpath", "mpirun", "-np", "2"));
        command.addAll(MpiFamily.fromId(to).launcherOptions());
        command.add(builder.binary(family, program).toString());
        ProcessResult run = ProcessRunner.run(command, work, MpiFamily.launcherEnvironment(), MpiCommands.hardDeadline(TIMEOUT));

        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(run.stdout().contains("collective_calls: ok"), run::describe);
        assertTrue(run.stdout().lines().anyMatch(l -> l.startsWith("critical path: ")), run::describe);

        DumpiTraceFiles files = DumpiTraceFiles.find(dir);
        assertEquals(2, files.rankFileCount(), files::toString);
        DumpiReader reader = new DumpiReader(DumpiReference.ensureBuilt());
        for (int rank = 0; rank < 2; rank++) {
            DumpiFooter.Counts barrier = reader.footer(files.rank(rank)).of("MPI_Barrier");
            assertTrue(barrier.called() > 0 && barrier.ignored() == barrier.called(), () -> "MPI_Barrier disabled: " + barrier);
            assertTrue(reader.calls(files.rank(rank)).stream().noneMatch(c -> c.function().equals("MPI_Barrier")));
        }
        String path = Files.readString(dir.resolve("critPath.out")).strip();
        assertTrue(path.matches("MPI_Init -1( \\d+ MPI_\\w+ -?\\d+)+"), path);
        assertTrue(path.endsWith(" MPI_Finalize -1"), path);
        assertTrue(Files.readString(dir.resolve("critPath.dot")).startsWith("digraph"), "critPath.dot");
        if (ProcessRunner.run(List.of("sh", "-c", "command -v dot"), work, java.util.Map.of(), Duration.ofSeconds(10)).exitCode() == 0)
            assertTrue(Files.readString(dir.resolve("critPath.svg")).contains("<svg"), "critPath.svg");
    }
}
