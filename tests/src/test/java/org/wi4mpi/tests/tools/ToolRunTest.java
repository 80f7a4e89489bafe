package org.wi4mpi.tests.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.SuiteConfig;
import org.wi4mpi.tests.TranslationPair;
import org.wi4mpi.tests.tools.ToolRuns.Tool;

/**
 * PMPI tools under translation count what they count natively. pmpi_counter (tests/tools/pmpi_counter.c)
 * built for the application's MPI above the translation, under {@code wi4mpi --tool} or a plain
 * LD_PRELOAD; the same tool built for the target MPI below the translation, under
 * {@code wi4mpi --tool-target}; both positions at once, one tool above and pmpi_request_counter (which
 * wraps other functions) or pmpi_counter below; and both tools below. In every pair and in interface mode,
 * the per-rank counts each tool prints equal those of the native run of the same program on the tool's
 * MPI with both tools preloaded.
 */
class ToolRunTest {

    private static final List<Integer> RANKS = List.of(1, 2);
    /** What tool_ring makes each rank call of pmpi_counter's functions, as the tool prints it. */
    private static final String EXPECTED_COUNTS =
            "MPI_Init=1 MPI_Comm_rank=2 MPI_Send=5 MPI_Recv=5 MPI_Barrier=2 MPI_Finalize=1 inner_rank_ok=5";

    private final SuiteConfig config = SuiteConfig.fromEnvironment();
    private final ToolRuns runs = new ToolRuns(config);

    /** What tool_ring makes each rank call of pmpi_request_counter's functions: requests with one rank only. */
    private static String expectedRequestCounts(int np) {
        int requests = np == 1 ? 5 : 0;
        return "MPI_Comm_size=1 MPI_Isend=" + requests + " MPI_Irecv=" + requests + " MPI_Wait=" + 2 * requests;
    }

    @TestFactory
    List<DynamicTest> nativeCountsAreWhatTheProgramCalls() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MpiFamily family : config.families()) {
            for (int np : RANKS) {
                tests.add(DynamicTest.dynamicTest("[" + family.id() + " native] np=" + np, () -> {
                    Map<Tool, Map<Integer, String>> counts = runs.nativeCounts(family, np);
                    for (int rank = 0; rank < np; rank++) {
                        assertEquals(EXPECTED_COUNTS, counts.get(Tool.COUNTER).get(rank), "rank " + rank);
                        assertEquals(expectedRequestCounts(np), counts.get(Tool.REQUEST_COUNTER).get(rank), "rank " + rank);
                    }
                }));
            }
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> countsAboveTheTranslationEqualTheNativeCounts() {
        List<DynamicTest> tests = new ArrayList<>();
        for (TranslationPair pair : config.pairs()) {
            for (int np : RANKS) {
                tests.add(DynamicTest.dynamicTest("pmpi_counter --tool [" + pair.label() + "] np=" + np, () -> {
                    Map<Integer, String> expected = runs.nativeCounts(pair.from(), np).get(Tool.COUNTER);
                    List<String> command = runs.translated(pair.from().id(), pair.to(), np, List.of("--tool", "./" + Tool.COUNTER.library()));
                    assertEquals(expected, counter(command, pair.from().id(), Map.of(), np));
                }));
            }
        }
        if (!config.pairs().isEmpty()) {
            TranslationPair pair = crossPair();
            tests.add(DynamicTest.dynamicTest("pmpi_counter LD_PRELOAD [" + pair.label() + "] np=2", () -> {
                Map<Integer, String> expected = runs.nativeCounts(pair.from(), 2).get(Tool.COUNTER);
                List<String> command = runs.translated(pair.from().id(), pair.to(), 2, List.of());
                assertEquals(expected, counter(command, pair.from().id(), Map.of("LD_PRELOAD", runs.library(pair.from(), Tool.COUNTER)), 2));
            }));
        }
        for (MpiFamily target : config.families()) {
            tests.add(DynamicTest.dynamicTest("pmpi_counter --tool [standard→" + target.id() + "] np=2", () -> {
                runs.buildInterfaceMode();
                List<String> command = runs.translated("standard", target, 2, List.of("--tool", "./" + Tool.COUNTER.library()));
                assertEquals(Map.of(0, EXPECTED_COUNTS, 1, EXPECTED_COUNTS), counter(command, "standard", Map.of(), 2));
            }));
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> countsBelowTheTranslationEqualTheTargetsNativeCounts() {
        List<DynamicTest> tests = new ArrayList<>();
        for (TranslationPair pair : config.pairs()) {
            for (int np : RANKS) {
                tests.add(DynamicTest.dynamicTest("pmpi_counter --tool-target [" + pair.label() + "] np=" + np, () -> {
                    Map<Integer, String> expected = runs.nativeCounts(pair.to(), np).get(Tool.COUNTER);
                    List<String> command = runs.translated(pair.from().id(), pair.to(), np,
                            List.of("--tool-target", runs.library(pair.to(), Tool.COUNTER)));
                    runs.nativeCounts(pair.from(), np); // builds the application's program
                    assertEquals(expected, counter(command, pair.from().id(), Map.of(), np));
                }));
            }
        }
        for (MpiFamily target : config.families()) {
            for (int np : RANKS) {
                tests.add(DynamicTest.dynamicTest("pmpi_counter --tool-target [standard→" + target.id() + "] np=" + np, () -> {
                    Map<Integer, String> expected = runs.nativeCounts(target, np).get(Tool.COUNTER);
                    runs.buildInterfaceMode();
                    List<String> command = runs.translated("standard", target, np,
                            List.of("--tool-target", runs.library(target, Tool.COUNTER)));
                    assertEquals(expected, counter(command, "standard", Map.of(), np));
                }));
            }
        }
        return tests;
    }

    /**
     * Under {@code --trace} the tracing library heads the stack and calls the next MPI_X, so a
     * {@code --tool} above the translation and, in cross pairs, a {@code --tool-target} below it still
     * count what they count natively, while the run is traced (one trace file per rank).
     */
    @TestFactory
    List<DynamicTest> toolsCountTheirNativeCountsUnderTracing() {
        List<DynamicTest> tests = new ArrayList<>();
        for (TranslationPair pair : config.pairs()) {
            tests.add(DynamicTest.dynamicTest("--trace --tool pmpi_counter [" + pair.label() + "] np=2", () -> {
                Map<Integer, String> expected = runs.nativeCounts(pair.from(), 2).get(Tool.COUNTER);
                Path traces = traceDirectory(pair, "above");
                List<String> command = runs.translated(pair.from().id(), pair.to(), 2,
                        List.of("--trace", traces.toString(), "--tool", "./" + Tool.COUNTER.library()));
                assertEquals(expected, counter(command, pair.from().id(), Map.of(), 2));
                assertEquals(2, traceFiles(traces), "rank traces in " + traces);
            }));
            if (pair.from() != pair.to()) {
                tests.add(DynamicTest.dynamicTest("--trace --tool-target pmpi_counter [" + pair.label() + "] np=2", () -> {
                    Map<Integer, String> expected = runs.nativeCounts(pair.to(), 2).get(Tool.COUNTER);
                    runs.nativeCounts(pair.from(), 2); // builds the application's program
                    Path traces = traceDirectory(pair, "below");
                    List<String> command = runs.translated(pair.from().id(), pair.to(), 2,
                            List.of("--trace", traces.toString(), "--tool-target", runs.library(pair.to(), Tool.COUNTER)));
                    assertEquals(expected, counter(command, pair.from().id(), Map.of(), 2));
                    assertEquals(2, traceFiles(traces), "rank traces in " + traces);
                }));
            }
        }
        return tests;
    }

    private Path traceDirectory(TranslationPair pair, String position) throws java.io.IOException {
        Path dir = runs.dir(pair.from().id()).resolve("traces-" + pair.id() + "-" + position);
        if (Files.isDirectory(dir)) {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList())
                    Files.delete(f);
            }
        }
        return Files.createDirectories(dir);
    }

    private static long traceFiles(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".bin")).count();
        }
    }

    /**
     * One tool above and one below, in both arrangements: each counts what it counts natively. With
     * pmpi_request_counter above, its own PMPI_Comm_rank calls reach the runtime's PMPI_Comm_rank, not
     * pmpi_counter's MPI_Comm_rank below (which would count them).
     */
    @TestFactory
    List<DynamicTest> aToolAboveAndOneBelowEachCountTheirNativeCounts() {
        List<DynamicTest> tests = new ArrayList<>();
        if (config.pairs().isEmpty()) {
            return tests;
        }
        TranslationPair pair = crossPair();
        for (Tool above : Tool.values()) {
            Tool below = above == Tool.COUNTER ? Tool.REQUEST_COUNTER : Tool.COUNTER;
            for (int np : RANKS) {
                tests.add(DynamicTest.dynamicTest("--tool " + above.printed + " --tool-target " + below.printed + " ["
                        + pair.label() + "] np=" + np, () -> {
                    Map<Integer, String> aboveCounts = runs.nativeCounts(pair.from(), np).get(above);
                    Map<Integer, String> belowCounts = runs.nativeCounts(pair.to(), np).get(below);
                    List<String> command = runs.translated(pair.from().id(), pair.to(), np, List.of(
                            "--tool", runs.library(pair.from(), above), "--tool-target", runs.library(pair.to(), below)));
                    Map<Tool, Map<Integer, String>> counts = ToolRuns.counts(
                            runs.run(command, runs.dir(pair.from().id()), Map.of()), np, Set.of(above, below));
                    assertEquals(aboveCounts, counts.get(above), above.printed + " above");
                    assertEquals(belowCounts, counts.get(below), below.printed + " below");
                }));
            }
        }
        return tests;
    }

    /**
     * Two tools below the translation: each MPI_X goes to the first tool that defines it itself, not to
     * the first tool whose libraries define it (every tool's MPI library does); a second tool defining the
     * same functions is not called.
     */
    @TestFactory
    List<DynamicTest> twoToolsBelowEachCountTheirNativeCounts() {
        List<DynamicTest> tests = new ArrayList<>();
        if (config.pairs().isEmpty()) {
            return tests;
        }
        TranslationPair pair = crossPair();
        for (int np : RANKS) {
            tests.add(DynamicTest.dynamicTest("--tool-target pmpi_counter --tool-target pmpi_request_counter ["
                    + pair.label() + "] np=" + np, () -> {
                Map<Tool, Map<Integer, String>> expected = runs.nativeCounts(pair.to(), np);
                runs.nativeCounts(pair.from(), np); // builds the application's program
                List<String> command = runs.translated(pair.from().id(), pair.to(), np, List.of(
                        "--tool-target", runs.library(pair.to(), Tool.COUNTER),
                        "--tool-target", runs.library(pair.to(), Tool.REQUEST_COUNTER)));
                assertEquals(expected, ToolRuns.counts(runs.run(command, runs.dir(pair.from().id()), Map.of()), np,
                        Set.of(Tool.COUNTER, Tool.REQUEST_COUNTER)));
            }));
        }
        // Two tools defining the same functions: the first one takes every call, as the first of two
        // preloaded ones would (the second one's counts would be printed as a second line per rank).
        tests.add(DynamicTest.dynamicTest("--tool-target pmpi_counter --tool-target <a copy of it> [" + pair.label() + "] np=2", () -> {
            Map<Integer, String> expected = runs.nativeCounts(pair.to(), 2).get(Tool.COUNTER);
            runs.nativeCounts(pair.from(), 2);
            Path library = Path.of(runs.library(pair.to(), Tool.COUNTER));
            Path copy = Files.copy(library, library.resolveSibling("libpmpi_counter_copy.so"), StandardCopyOption.REPLACE_EXISTING);
            List<String> command = runs.translated(pair.from().id(), pair.to(), 2,
                    List.of("--tool-target", library.toString(), "--tool-target", copy.toString()));
            assertEquals(expected, counter(command, pair.from().id(), Map.of(), 2));
        }));
        return tests;
    }

    /** The first pair between two families, else the first pair. */
    private TranslationPair crossPair() {
        return config.pairs().stream().filter(p -> p.from() != p.to()).findFirst().orElse(config.pairs().get(0));
    }

    /** pmpi_counter's counts by rank in a translated run of the family's program (the only tool printing). */
    private Map<Integer, String> counter(List<String> command, String family, Map<String, String> env, int np) {
        Path dir = runs.dir(family);
        return ToolRuns.counts(runs.run(command, dir, env), np, Set.of(Tool.COUNTER)).get(Tool.COUNTER);
    }
}
