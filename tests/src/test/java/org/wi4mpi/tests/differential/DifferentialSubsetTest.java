package org.wi4mpi.tests.differential;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;
import org.wi4mpi.tests.TranslationPair;

/**
 * A few functions of the differential tester ({@code tests/differential/run}, docs/differential.md)
 * through every selected pair and the two interface-mode pairs: each translated log must equal the
 * native log of its runtime except for the entries of {@code tests/differential/accepted-<pair>.txt},
 * and every entry that concerns these functions must still happen.
 */
class DifferentialSubsetTest {

    /** Point-to-point, probes, completion, communicators, names, info, datatypes, errors. */
    static final List<String> FUNCTIONS = List.of("MPI_Send", "MPI_Recv", "MPI_Iprobe", "MPI_Test",
            "MPI_Comm_dup", "MPI_Comm_get_name", "MPI_Info_get", "MPI_Type_size", "MPI_Error_class",
            "MPI_Comm_set_errhandler");

    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(20);
    private static final SuiteConfig CONFIG = SuiteConfig.fromEnvironment();
    private static final Path MODULE = Path.of(System.getProperty("user.dir"));
    private static final Path SCRIPT = MODULE.resolve("differential/run");

    private record Row(String pair, String verdict, String text) {}

    private record Run(ProcessResult process, List<Row> rows) {}

    private static Run run;

    private static List<String> pairs() {
        List<String> ids = new ArrayList<>(CONFIG.pairs().stream().map(TranslationPair::id).toList());
        for (TranslationPair p : CONFIG.pairs())
            if (p.from() == p.to()) ids.add("standard-" + p.to().id());
        return ids;
    }

    @TestFactory
    Stream<DynamicTest> translatedLogsMatchTheNativeOnes() {
        return pairs().stream().map(pair -> DynamicTest.dynamicTest("differential subset [" + pair + "]", () -> check(pair)));
    }

    private static void check(String pair) {
        assumeTrue(Files.isDirectory(CONFIG.install().resolve("bin")),
                () -> "install tree " + CONFIG.install() + " does not exist: differential run skipped");
        Run r = run();
        if (r.process().timedOut())
            fail("tests/differential/run did not finish within " + RUN_TIMEOUT.toMinutes() + " minutes\n" + r.process().describe());
        if (r.process().exitCode() == 2)
            fail("tests/differential/run could not build or run its drivers\n" + r.process().describe());
        List<Row> mine = r.rows().stream().filter(row -> row.pair().equals(pair)).toList();
        List<Row> bad = mine.stream().filter(row -> !row.verdict().equals("accepted")).toList();
        if (!bad.isEmpty())
            fail(bad.size() + " differences of " + pair + " are not in tests/differential/accepted-" + pair
                    + ".txt, or listed there and gone:\n"
                    + bad.stream().map(row -> row.verdict() + ": " + row.text()).collect(Collectors.joining("\n")));
        assertTrue(r.process().stdout().contains(pair), () -> "the report does not mention " + pair + "\n" + r.process().describe());
    }

    private static synchronized Run run() {
        if (run == null) {
            assertTrue(Files.isExecutable(SCRIPT), () -> SCRIPT + " is missing or not executable");
            Path out = MODULE.resolve("target/differential-subset");
            List<String> command = List.of(SCRIPT.toString(), "--install", CONFIG.install().toString(),
                    "--out", out.toString(), "--pairs", String.join(",", pairs()),
                    "--functions", String.join(",", FUNCTIONS));
            ProcessResult process = ProcessRunner.run(command, MODULE, Map.of(), RUN_TIMEOUT);
            List<Row> rows = new ArrayList<>();
            try {
                Path results = out.resolve("results.tsv");
                if (Files.isRegularFile(results))
                    for (String line : Files.readAllLines(results)) {
                        String[] f = line.split("\t", 3);
                        if (f.length == 3) rows.add(new Row(f[0], f[1], f[2]));
                    }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            run = new Run(process, rows);
        }
        return run;
    }
}
