package org.wi4mpi.tests.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiCommands;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;
import org.wi4mpi.tests.TranslationPair;

/**
 * A PMPI tool built for the application's MPI (tests/tools/pmpi_counter.c) above the translation: the
 * per-rank call counts it prints under {@code wi4mpi --tool} in every pair, in interface mode and with a
 * plain LD_PRELOAD, equal those of the native run of the same program with the same tool preloaded.
 */
class ToolRunTest {

    private static final List<Integer> RANKS = List.of(1, 2);
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration COMPILE_TIMEOUT = Duration.ofSeconds(120);
    private static final String TOOL = "libpmpi_counter.so";
    private static final String PROGRAM = "tool_ring";
    /** What tool_ring makes each rank call, as the tool prints it. */
    private static final String EXPECTED_COUNTS =
            "MPI_Init=1 MPI_Comm_rank=2 MPI_Send=5 MPI_Recv=5 MPI_Barrier=2 MPI_Finalize=1 inner_rank_ok=5";
    /**
     * A rank's counts. Not anchored to a line: MPICH's launcher may forward another rank's output between
     * a line and its newline.
     */
    private static final Pattern COUNT_LINE = Pattern.compile("pmpi_counter rank (\\d+): ((?:[A-Za-z_]+=\\d+ ?)+)");

    private final SuiteConfig config = SuiteConfig.fromEnvironment();
    private final Path sources = Path.of(System.getProperty("user.dir")).resolve("tools");
    private final Path binaries = config.binaryDirectory().resolveSibling("tool-bin");
    /** Native counts by family id and rank count: rank -> counts. */
    private final Map<String, Map<Integer, String>> nativeCounts = new HashMap<>();
    /** Families whose tool and program this instance compiled (tools/ is compiled afresh on each test run). */
    private final Set<String> built = new HashSet<>();

    @TestFactory
    List<DynamicTest> countsAboveTheTranslationEqualTheNativeCounts() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MpiFamily family : config.families()) {
            for (int np : RANKS) {
                tests.add(DynamicTest.dynamicTest("pmpi_counter [" + family.id() + " native] np=" + np, () -> {
                    Map<Integer, String> counts = nativeCounts(family, np);
                    for (int rank = 0; rank < np; rank++) {
                        assertEquals(EXPECTED_COUNTS, counts.get(rank), "rank " + rank);
                    }
                }));
            }
        }
        for (TranslationPair pair : config.pairs()) {
            for (int np : RANKS) {
                tests.add(DynamicTest.dynamicTest("pmpi_counter --tool [" + pair.label() + "] np=" + np, () -> {
                    List<String> command = translated(pair.from().id(), pair.to(), np, List.of("--tool", "./" + TOOL));
                    assertEquals(nativeCounts(pair.from(), np), counts(run(command, dir(pair.from().id()), Map.of()), np));
                }));
            }
        }
        if (!config.pairs().isEmpty()) {
            TranslationPair pair = config.pairs().stream().filter(p -> p.from() != p.to()).findFirst().orElse(config.pairs().get(0));
            tests.add(DynamicTest.dynamicTest("pmpi_counter LD_PRELOAD [" + pair.label() + "] np=2", () -> {
                Path dir = dir(pair.from().id());
                List<String> command = translated(pair.from().id(), pair.to(), 2, List.of());
                assertEquals(nativeCounts(pair.from(), 2),
                        counts(run(command, dir, Map.of("LD_PRELOAD", dir.resolve(TOOL).toString())), 2));
            }));
        }
        for (MpiFamily target : config.families()) {
            tests.add(DynamicTest.dynamicTest("pmpi_counter --tool [standard→" + target.id() + "] np=2", () -> {
                buildInterfaceMode();
                List<String> command = translated("standard", target, 2, List.of("--tool", "./" + TOOL));
                Map<Integer, String> counts = counts(run(command, dir("standard"), Map.of()), 2);
                assertEquals(Map.of(0, EXPECTED_COUNTS, 1, EXPECTED_COUNTS), counts);
            }));
        }
        return tests;
    }

    private Path dir(String family) {
        return binaries.resolve(family);
    }

    /** The native run of the family's program with its tool preloaded, once per rank count. */
    private Map<Integer, String> nativeCounts(MpiFamily family, int np) {
        String key = family.id() + "/" + np;
        if (!nativeCounts.containsKey(key)) {
            build(family.id(), family.compiler());
            List<String> command = timeoutPrefix();
            command.add(family.launcher());
            command.addAll(family.launcherOptions());
            command.addAll(List.of("-np", Integer.toString(np), "./" + PROGRAM));
            Path dir = dir(family.id());
            nativeCounts.put(key, counts(run(command, dir, Map.of("LD_PRELOAD", dir.resolve(TOOL).toString())), np));
        }
        return nativeCounts.get(key);
    }

    /** {@code timeout ... wi4mpi -f FROM -t TO <options> mpirun -np N <options of TO> ./tool_ring} */
    private List<String> translated(String from, MpiFamily to, int np, List<String> options) {
        Path launcher = config.install().resolve("bin/wi4mpi");
        assumeTrue(Files.isRegularFile(launcher), () -> "install tree " + config.install()
                + " has no bin/wi4mpi (built by the native module; set -Dwi4mpi.install=...): tool runs skipped");
        List<String> command = timeoutPrefix();
        command.addAll(List.of(launcher.toString(), "-f", from, "-t", to.id()));
        command.addAll(options);
        command.addAll(List.of("mpirun", "-np", Integer.toString(np)));
        command.addAll(to.launcherOptions());
        command.add("./" + PROGRAM);
        return command;
    }

    private void buildInterfaceMode() {
        Path mpicc = config.install().resolve("bin/mpicc");
        assumeTrue(Files.isRegularFile(mpicc), () -> "install tree " + config.install() + " has no bin/mpicc: skipped");
        build("standard", mpicc.toString());
    }

    /** Compiles the tool (a shared library) and the program with one compiler wrapper, once per test class. */
    private void build(String family, String compiler) {
        Path dir = dir(family);
        if (!built.add(family)) {
            return;
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> flags = List.of("-Wall", "-Wextra", "-Werror");
        compile(dir, compiler, flags, List.of("-shared", "-fPIC", "-o", TOOL, sources.resolve("pmpi_counter.c").toString()));
        compile(dir, compiler, flags, List.of("-o", PROGRAM, sources.resolve(PROGRAM + ".c").toString()));
    }

    private static void compile(Path dir, String compiler, List<String> flags, List<String> args) {
        List<String> command = new ArrayList<>(List.of(compiler));
        command.addAll(flags);
        command.addAll(args);
        ProcessResult cc = ProcessRunner.run(command, dir, Map.of(), COMPILE_TIMEOUT);
        assertEquals(0, cc.exitCode(), cc::describe);
    }

    private static ProcessResult run(List<String> command, Path dir, Map<String, String> extraEnv) {
        Map<String, String> env = new HashMap<>(MpiFamily.launcherEnvironment());
        env.putAll(extraEnv);
        return ProcessRunner.run(command, dir, env, MpiCommands.hardDeadline(RUN_TIMEOUT));
    }

    /** The counts each rank printed: once per rank, the program's "ok" once, exit code 0. */
    private static Map<Integer, String> counts(ProcessResult run, int np) {
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(1, run.stdout().split(Pattern.quote(PROGRAM + ": ok"), -1).length - 1, run::describe);
        Map<Integer, String> counts = new TreeMap<>();
        Matcher m = COUNT_LINE.matcher(run.stdout());
        while (m.find()) {
            String previous = counts.put(Integer.parseInt(m.group(1)), m.group(2).strip());
            assertEquals(null, previous, () -> "rank " + m.group(1) + " printed its counts twice\n" + run.describe());
        }
        assertEquals(np, counts.size(), run::describe);
        for (int rank = 0; rank < np; rank++) {
            assertTrue(counts.containsKey(rank), run::describe);
        }
        return counts;
    }

    private static List<String> timeoutPrefix() {
        return new ArrayList<>(List.of("timeout", "--kill-after=10", Long.toString(RUN_TIMEOUT.toSeconds())));
    }
}
