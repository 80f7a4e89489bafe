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
import org.wi4mpi.tests.MpiCommands;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;

/**
 * Builds and runs what ToolRunTest checks: per family, the two PMPI tools of tests/tools as shared
 * libraries and the program tool_ring, compiled with the family's compiler wrapper into tool-bin/FAMILY;
 * native and translated runs of tool_ring; the counts each tool printed.
 */
final class ToolRuns {

    /** The tools, by the name each prints its counts under. */
    enum Tool {
        COUNTER("pmpi_counter"),
        REQUEST_COUNTER("pmpi_request_counter");

        final String printed;

        Tool(String printed) {
            this.printed = printed;
        }

        String library() {
            return "lib" + printed + ".so";
        }
    }

    static final String PROGRAM = "tool_ring";
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration COMPILE_TIMEOUT = Duration.ofSeconds(120);
    /**
     * A rank's counts and the tool that printed them. Not anchored to a line: MPICH's launcher may forward
     * another rank's output between a line and its newline.
     */
    private static final Pattern COUNT_LINE =
            Pattern.compile("(pmpi_counter|pmpi_request_counter) rank (\\d+): ((?:[A-Za-z_]+=\\d+ ?)+)");

    private final SuiteConfig config;
    private final Path sources = Path.of(System.getProperty("user.dir")).resolve("tools");
    private final Path binaries;
    /** Native counts by family id and rank count. */
    private final Map<String, Map<Tool, Map<Integer, String>>> nativeCounts = new HashMap<>();
    /** Families whose tools and program this instance compiled (tools/ is compiled afresh on each test run). */
    private final Set<String> built = new HashSet<>();

    ToolRuns(SuiteConfig config) {
        this.config = config;
        this.binaries = config.binaryDirectory().resolveSibling("tool-bin");
    }

    Path dir(String family) {
        return binaries.resolve(family);
    }

    /** The library of a tool built for the family (compiled by its native run). */
    String library(MpiFamily family, Tool tool) {
        return dir(family.id()).resolve(tool.library()).toString();
    }

    /**
     * The native run of the family's program with both tools preloaded (they wrap different functions),
     * once per rank count: each tool's counts by rank.
     */
    Map<Tool, Map<Integer, String>> nativeCounts(MpiFamily family, int np) {
        String key = family.id() + "/" + np;
        if (!nativeCounts.containsKey(key)) {
            build(family.id(), family.compiler());
            List<String> command = timeoutPrefix();
            command.add(family.launcher());
            command.addAll(family.launcherOptions());
            command.addAll(List.of("-np", Integer.toString(np), "./" + PROGRAM));
            String preload = library(family, Tool.COUNTER) + ":" + library(family, Tool.REQUEST_COUNTER);
            ProcessResult run = run(command, dir(family.id()), Map.of("LD_PRELOAD", preload));
            nativeCounts.put(key, counts(run, np, Set.of(Tool.COUNTER, Tool.REQUEST_COUNTER)));
        }
        return nativeCounts.get(key);
    }

    /** {@code timeout ... wi4mpi -f FROM -t TO <options> mpirun -np N <options of TO> ./tool_ring} */
    List<String> translated(String from, MpiFamily to, int np, List<String> options) {
        return translated(from, to, np, options, "./" + PROGRAM);
    }

    /** {@code timeout ... wi4mpi -f FROM -t TO <options> mpirun -np N <options of TO> PROGRAM} */
    List<String> translated(String from, MpiFamily to, int np, List<String> options, String program) {
        Path launcher = config.install().resolve("bin/wi4mpi");
        assumeTrue(Files.isRegularFile(launcher), () -> "install tree " + config.install()
                + " has no bin/wi4mpi (built by the native module; set -Dwi4mpi.install=...): tool runs skipped");
        List<String> command = timeoutPrefix();
        command.addAll(List.of(launcher.toString(), "-f", from, "-t", to.id()));
        command.addAll(options);
        command.addAll(List.of("mpirun", "-np", Integer.toString(np)));
        command.addAll(to.launcherOptions());
        command.add(program);
        return command;
    }

    /** The tools and the program built with wi4mpi's own mpicc (interface mode), into tool-bin/standard. */
    void buildInterfaceMode() {
        Path mpicc = config.install().resolve("bin/mpicc");
        assumeTrue(Files.isRegularFile(mpicc), () -> "install tree " + config.install() + " has no bin/mpicc: skipped");
        build("standard", mpicc.toString());
    }

    /** Compiles the tools (shared libraries) and the program with one compiler wrapper, once per test class. */
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
        for (Tool tool : Tool.values()) {
            compile(dir, compiler, flags, List.of("-shared", "-fPIC", "-o", tool.library(),
                    sources.resolve(tool.printed + ".c").toString()));
        }
        compile(dir, compiler, flags, List.of("-o", PROGRAM, sources.resolve(PROGRAM + ".c").toString()));
    }

    private static void compile(Path dir, String compiler, List<String> flags, List<String> args) {
        List<String> command = new ArrayList<>(List.of(compiler));
        command.addAll(flags);
        command.addAll(args);
        ProcessResult cc = ProcessRunner.run(command, dir, Map.of(), COMPILE_TIMEOUT);
        assertEquals(0, cc.exitCode(), cc::describe);
    }

    ProcessResult run(List<String> command, Path dir, Map<String, String> extraEnv) {
        Map<String, String> env = new HashMap<>(MpiFamily.launcherEnvironment());
        env.putAll(extraEnv);
        return ProcessRunner.run(command, dir, env, MpiCommands.hardDeadline(RUN_TIMEOUT));
    }

    /**
     * The counts each of the given tools printed, by rank: the run exited with 0, the program's "ok" came
     * once, each tool printed once per rank and no other tool printed anything.
     */
    static Map<Tool, Map<Integer, String>> counts(ProcessResult run, int np, Set<Tool> tools) {
        assertEquals(0, run.exitCode(), run::describe);
        assertEquals(1, run.stdout().split(Pattern.quote(PROGRAM + ": ok"), -1).length - 1, run::describe);
        Map<Tool, Map<Integer, String>> counts = new TreeMap<>();
        Matcher m = COUNT_LINE.matcher(run.stdout());
        while (m.find()) {
            Tool tool = m.group(1).equals(Tool.COUNTER.printed) ? Tool.COUNTER : Tool.REQUEST_COUNTER;
            assertTrue(tools.contains(tool), () -> tool.printed + " printed counts\n" + run.describe());
            String previous = counts.computeIfAbsent(tool, t -> new TreeMap<>()).put(Integer.parseInt(m.group(2)), m.group(3).strip());
            assertEquals(null, previous, () -> tool.printed + " printed rank " + m.group(2) + " twice\n" + run.describe());
        }
        for (Tool tool : tools) {
            Map<Integer, String> ranks = counts.getOrDefault(tool, Map.of());
            assertEquals(np, ranks.size(), () -> tool.printed + " printed " + ranks.keySet() + "\n" + run.describe());
            for (int rank = 0; rank < np; rank++) {
                assertTrue(ranks.containsKey(rank), run::describe);
            }
        }
        return counts;
    }

    private static List<String> timeoutPrefix() {
        return new ArrayList<>(List.of("timeout", "--kill-after=10", Long.toString(RUN_TIMEOUT.toSeconds())));
    }
}
