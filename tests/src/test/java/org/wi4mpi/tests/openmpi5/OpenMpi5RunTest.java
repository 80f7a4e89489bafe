package org.wi4mpi.tests.openmpi5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;

/**
 * Open MPI 5.0.7, built by bin/wi4mpi-build-mpi into its cache (docs/openmpi5.md), as the MPI a
 * program was built with and as the target: tests/fortran's hello_mpif and p2p_mpi built with its mpifort
 * run through openmpi5→mpich and openmpi5→openmpi, those built with mpifort.openmpi (4.1) and
 * mpifort.mpich run on it, on 1 and 2 ranks, each printing what the same program built for the target
 * prints natively; tests/c's p2p built with its mpicc is traced. The launcher detects each binary's family
 * and version (no -f). The tests/c programs run in OpenMpi5MatrixTest. Skipped, saying so, where the build
 * is absent.
 */
class OpenMpi5RunTest {

    /** tests/c and tests/fortran programs; the C ones are also built against wi4mpi's mpi.h (standard). */
    private static final List<String> PROGRAMS = List.of("hello", "p2p", "hello_mpif", "p2p_mpi");
    private static final List<Integer> RANKS = List.of(1, 2);
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private static final Map<String, ProcessResult> NATIVE = new HashMap<>();
    private static Path prefix;
    private static Path install;
    private static Path bin;

    /** Where wi4mpi-build-mpi puts the build, as the launcher's default OPENMPI5_ROOT computes it. */
    static Path buildPrefix() {
        return OpenMpi5Build.fromEnvironment().prefix();
    }

    /** Why nothing runs here, or null. */
    private static String absent;

    @BeforeAll
    static void build() throws Exception {
        prefix = buildPrefix();
        SuiteConfig config = SuiteConfig.fromEnvironment();
        install = config.install();
        absent = OpenMpi5Build.fromEnvironment().checkPresent(install);
        if (absent != null) {
            return;
        }
        bin = Files.createDirectories(Path.of(System.getProperty("user.dir"), "target/openmpi5-bin"));
        for (String program : PROGRAMS) {
            boolean fortran = fortran(program);
            Path dir = fortran ? config.fortranSourceDirectory() : config.sourceDirectory();
            Path source = dir.resolve(program + (fortran ? ".f90" : ".c"));
            for (String family : fortran ? List.of("openmpi5", "openmpi", "mpich") : List.of("openmpi5", "openmpi", "mpich", "standard")) {
                if (!MpiFamily.installed(family))
                    continue;
                String driver = fortran ? "mpifort" : "mpicc";
                String compiler = switch (family) {
                    case "openmpi5" -> prefix.resolve("bin/" + driver).toString();
                    case "standard" -> install.resolve("bin/mpicc").toString();
                    default -> driver + "." + family;
                };
                ProcessResult r = run(List.of(compiler, "-I", dir.toString(), "-o",
                        bin.resolve(program + "_" + family).toString(), source.toString()));
                assertEquals(0, r.exitCode(), r::describe);
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> programsRunAsNatively() {
        if (absent != null) {
            return OpenMpi5Build.skipped("Open MPI 5 runs", absent);
        }
        List<DynamicTest> tests = new ArrayList<>();
        // openmpi5→openmpi5: the native run alone.
        // standard→openmpi5: interface mode, C programs only.
        String[][] pairs = {{"openmpi5", "openmpi5"}, {"openmpi5", "mpich"}, {"openmpi5", "openmpi"},
                {"openmpi", "openmpi5"}, {"mpich", "openmpi5"}, {"standard", "openmpi5"}};
        for (String program : PROGRAMS) {
            for (int np : RANKS) {
                for (String[] pair : pairs) {
                    if (!fortran(program)) {
                        // tests/c programs run in OpenMpi5MatrixTest; p2p is built here for the traced runs.
                        continue;
                    }
                    if (pair[0].equals("standard") && fortran(program)) {
                        continue;
                    }
                    if (!MpiFamily.installed(pair[0]) || !MpiFamily.installed(pair[1])) {
                        continue;
                    }
                    tests.add(DynamicTest.dynamicTest(program + " " + pair[0] + "→" + pair[1] + " np " + np,
                            () -> runsAsNatively(program, pair[0], pair[1], np)));
                }
            }
        }
        return tests.stream();
    }

    /**
     * An Open MPI 5 program traced by wi4mpi (its openmpi5 tracing library, built because the build was
     * present) natively and on MPICH: the run succeeds, each rank writes a trace sst-dumpi's dumpi2ascii
     * reads, and wi4mpi-trace critpath computes its critical path. Not with the launcher's --critpath, which
     * also renders the graph with Graphviz: p2p's MPI_Iprobe loop makes a graph of over 2000 vertices on a
     * loaded machine, which dot did not lay out in 2 minutes (LauncherTraceRunTest covers --critpath).
     */
    @TestFactory
    Stream<DynamicTest> openMpi5ProgramsAreTraced() {
        if (absent != null) {
            return OpenMpi5Build.skipped("Open MPI 5 traced runs", absent);
        }
        return Stream.of("openmpi5", "mpich").map(to -> DynamicTest.dynamicTest("p2p openmpi5→" + to + " --trace np 2, critical path", () -> {
            assumeTrue(Files.isRegularFile(install.resolve("lib/libwi4mpi_trace_openmpi5.so")),
                    "no openmpi5 tracing library: wi4mpi was built before Open MPI 5");
            Path dir = bin.resolve("traces-" + to);
            if (Files.isDirectory(dir)) {
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path f : files.toList())
                        Files.delete(f);
                }
            }
            List<String> command = wi4mpi("p2p_openmpi5", to, 2);
            command.addAll(command.indexOf("mpirun"), List.of("--trace", dir.toString()));
            ProcessResult traced = run(command);
            assertEquals(0, traced.exitCode(), traced::describe);
            assertTrue(traced.stdout().contains("p2p: ok"), traced::describe);
            org.wi4mpi.tests.dumpi.DumpiTraceFiles files = org.wi4mpi.tests.dumpi.DumpiTraceFiles.find(dir);
            assertEquals(2, files.rankFileCount(), files::toString);
            Path reader = org.wi4mpi.tests.dumpi.DumpiReference.ensureBuilt().dumpi2ascii();
            for (int r = 0; r < 2; r++) {
                Path rank = files.rank(r);
                ProcessResult ascii = run(List.of(reader.toString(), rank.toString()));
                assertEquals(0, ascii.exitCode(), ascii::describe);
                assertTrue(ascii.stdout().contains("MPI_Send entering") && ascii.stdout().contains("MPI_Finalize returning"),
                        () -> "rank trace lacks its calls: " + rank);
            }
            List<String> critpath = new ArrayList<>(List.of(install.resolve("bin/wi4mpi-trace").toString(), "critpath",
                    "-o", dir.resolve("critPath.out").toString()));
            try (Stream<Path> metas = Files.list(dir)) {
                metas.filter(f -> f.getFileName().toString().endsWith(".meta")).forEach(f -> critpath.add(f.toString()));
            }
            ProcessResult path = run(critpath);
            assertEquals(0, path.exitCode(), path::describe);
            assertTrue(path.stdout().contains("critical path: ") && Files.isRegularFile(dir.resolve("critPath.out")),
                    path::describe);
        }));
    }

    /** The program built for {@code from}, through wi4mpi on {@code to}, prints what it prints built for {@code to} natively. */
    private static void runsAsNatively(String program, String from, String to, int np) {
        // Each target's native run once per program and rank count.
        ProcessResult nativeRun = NATIVE.computeIfAbsent(program + " " + to + " " + np,
                key -> run(nativeRun(program + "_" + to, to, np)));
        assertEquals(0, nativeRun.exitCode(), nativeRun::describe);
        assertTrue(nativeRun.stdout().contains(program + ": ok"), nativeRun::describe);
        if (from.equals(to)) {
            return;
        }
        ProcessResult translated = run(wi4mpi(program + "_" + from, to, np));
        assertEquals(0, translated.exitCode(), translated::describe);
        assertEquals(sortedLines(nativeRun.stdout()), sortedLines(translated.stdout()), translated::describe);
    }

    /** wi4mpi -v -t TO mpirun [options] -np N program: the family and version detected from the binary. */
    private static List<String> wi4mpi(String binary, String to, int np) {
        List<String> command = new ArrayList<>(List.of(install.resolve("bin/wi4mpi").toString(), "-v", "-t", to, "mpirun"));
        command.addAll(to.equals("mpich") ? MpiFamily.MPICH.launcherOptions() : List.of("--oversubscribe"));
        command.addAll(List.of("-np", String.valueOf(np), bin.resolve(binary).toString()));
        return command;
    }

    /** The program built for {@code family} on its own MPI's mpirun, without wi4mpi. */
    private static List<String> nativeRun(String binary, String family, int np) {
        List<String> command = new ArrayList<>();
        switch (family) {
            case "openmpi5" -> command.addAll(List.of(prefix.resolve("bin/mpirun").toString(), "--oversubscribe"));
            case "openmpi" -> command.addAll(List.of(MpiFamily.OPENMPI.launcher(), "--oversubscribe"));
            default -> {
                command.add(MpiFamily.MPICH.launcher());
                command.addAll(MpiFamily.MPICH.launcherOptions());
            }
        }
        command.addAll(List.of("-np", String.valueOf(np), bin.resolve(binary).toString()));
        return command;
    }

    private static boolean fortran(String program) {
        return program.endsWith("_mpif") || program.endsWith("_mpi");
    }

    private static List<String> sortedLines(String text) {
        return text.lines().sorted().toList();
    }

    private static ProcessResult run(List<String> command) {
        Map<String, String> env = new HashMap<>(MpiFamily.launcherEnvironment());
        return ProcessRunner.run(command, bin == null ? Path.of(".") : bin, env, TIMEOUT);
    }
}
