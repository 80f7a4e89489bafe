package org.wi4mpi.tests.openmpi5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.RunAssertions;
import org.wi4mpi.tests.SuiteConfig;

/**
 * The tests/fortran programs (mpif.h, use mpi, use mpi_f08, mixed C/Fortran) with Open MPI 5.0.7, the
 * build of bin/wi4mpi-build-mpi (docs/openmpi5.md, "Fortran"): built with its mpifort they run natively
 * and through wi4mpi on MPICH 4.0 and Open MPI 4.1; built with mpifort.openmpi (4.1) and mpifort.mpich
 * they run on it; 1 and 2 ranks, each translated run ending as the program's native run does (exit 0,
 * its one ok line, no loader warning). The launcher places each binary itself (no -f). CI runs the
 * subset of {@link FortranCases}; {@code -Dwi4mpi.tests.openmpi5.full=true} runs every case. Skipped,
 * saying so, where the build is absent.
 */
class OpenMpi5FortranTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    /** Runs of a spawning program (its marker): Open MPI 4.1.4's PMIx hangs a child now and then. */
    private static final int SPAWN_ATTEMPTS = 3;

    private static final Map<String, ProcessResult> NATIVE = new HashMap<>();
    private static final Map<String, Path> BUILT = new HashMap<>();
    private static OpenMpi5Build openmpi5Build;
    private static Path install;
    private static Path binaries;
    private static List<MpiTestProgram> programs;
    /** Why nothing runs here, or null. */
    private static String absent;

    @BeforeAll
    static void locate() {
        openmpi5Build = OpenMpi5Build.fromEnvironment();
        Path prefix = openmpi5Build.prefix();
        SuiteConfig config = SuiteConfig.fromEnvironment();
        install = config.install();
        if (!Files.isRegularFile(prefix.resolve("lib/libmpi.so.40")) || !Files.isExecutable(prefix.resolve("bin/mpifort"))) {
            absent = "Open MPI 5 Fortran runs skipped: no Open MPI 5 build at " + prefix
                    + " (bin/wi4mpi-build-mpi openmpi-5.0.7 makes it)";
        } else if (!Files.isDirectory(install)) {
            absent = "Open MPI 5 Fortran runs skipped: install tree " + install + " does not exist";
        }
        if (absent != null) {
            System.out.println(absent);
            return;
        }
        programs = MpiTestProgram.discoverFortran(config.fortranSourceDirectory());
        binaries = Path.of(System.getProperty("user.dir"), "target/openmpi5-fortran");
    }

    @TestFactory
    Stream<DynamicTest> fortranProgramsRunAsNatively() {
        if (absent != null) {
            return OpenMpi5Build.skipped("Open MPI 5 Fortran runs", absent);
        }
        boolean full = Boolean.getBoolean(FortranCases.FULL_PROPERTY);
        List<FortranCases.Case> all = FortranCases.all(programs);
        List<DynamicTest> tests = new ArrayList<>();
        for (FortranCases.Case c : all) {
            String defect = FortranCases.knownDefect(c);
            if (!full && FortranCases.notInCi(c) != null) {
                if (defect != null) {
                    System.out.println("not run: " + c.name() + ": " + defect);
                }
                continue;
            }
            tests.add(DynamicTest.dynamicTest(c.name(), () -> {
                try {
                    runsAsNatively(c);
                } catch (AssertionError e) {
                    throw defect == null ? e : new AssertionError(defect + "\n" + e.getMessage(), e);
                }
            }));
        }
        if (!MpiFamily.OPENMPI.installed())
            System.out.println("Open MPI 5 Fortran runs without Open MPI 4.1: " + MpiFamily.OPENMPI.absence());
        System.out.println("Open MPI 5 Fortran runs: " + tests.size() + " of " + all.size() + " cases"
                + (full ? "" : " (the CI subset; -D" + FortranCases.FULL_PROPERTY + "=true runs all)"));
        return tests.stream();
    }

    /** The lists of FortranCases name programs of tests/fortran and cases of the full set (no stale entry). */
    @Test
    void everyListedProgramAndCaseExists() {
        List<MpiTestProgram> fortran = MpiTestProgram.discoverFortran(SuiteConfig.fromEnvironment().fortranSourceDirectory());
        List<String> names = fortran.stream().map(MpiTestProgram::name).toList();
        for (String p : FortranCases.NOT_BUILT_WITH_5.keySet()) {
            assertTrue(names.contains(p), p + " (NOT_BUILT_WITH_5) is not a program of tests/fortran");
        }
        for (String p : FortranCases.CI_PROGRAMS) {
            assertTrue(names.contains(p), p + " (CI_PROGRAMS) is not a program of tests/fortran");
        }
        List<String> keys = FortranCases.all(fortran).stream().map(FortranCases.Case::key).toList();
        for (String k : FortranCases.KNOWN_DEFECTS.keySet()) {
            assertTrue(keys.contains(k), k + " (KNOWN_DEFECTS) is not a case of the full set");
        }
    }

    /**
     * The cross pairs from Open MPI 5 export every mpi_f08 symbol of 5's libmpi_usempif08.so.40 that
     * programs call: the bindings of the functions its libmpi.so.40 exports, the handle operators, the
     * default-initialisation objects (at 5's sizes) and copy procedures of its mpi_types module, and the
     * predefined-callback procedures; and its mpif.h sentinel blocks at 5's sizes.
     */
    @TestFactory
    Stream<DynamicTest> mpiF08SymbolsOfOpenMpi5AreExported() {
        if (absent != null) {
            return OpenMpi5Build.skipped("Open MPI 5 mpi_f08 exports", absent);
        }
        return Stream.of("mpich", "openmpi").map(to -> DynamicTest.dynamicTest("openmpi5→" + to + " exports 5's mpi_f08 symbols",
                () -> OpenMpi5FortranExports.assertExported(openmpi5Build.prefix(), install.resolve("lib/libwi4mpi_openmpi5_" + to + ".so"))));
    }

    private static void runsAsNatively(FortranCases.Case c) {
        MpiTestProgram program = c.program();
        ProcessResult reference = NATIVE.computeIfAbsent(program.name() + " " + c.from().id() + " " + c.ranks(),
                key -> run(program, c.from(), nativeRun(program, c.from(), c.ranks())));
        RunAssertions.assertRunPassed(program, reference);
        if (c.from() == c.to()) {
            return;
        }
        ProcessResult translated = run(program, c.from(), translatedRun(program, c.from(), c.to(), c.ranks()));
        RunAssertions.assertRunPassed(program, translated);
        assertEquals(sortedLines(reference.stdout()), sortedLines(translated.stdout()), translated::describe);
    }

    /** {@code timeout T mpirun [options] -np N ./program} of the MPI the program was built with. */
    private static List<String> nativeRun(MpiTestProgram program, BuiltFor origin, int ranks) {
        List<String> command = timeout();
        command.addAll(origin.nativeLauncher(openmpi5Build, ranks));
        command.add("./" + program.name());
        return command;
    }

    /** {@code timeout T wi4mpi -t TO mpirun [options] -np N ./program}: the launcher places the binary. */
    private static List<String> translatedRun(MpiTestProgram program, BuiltFor from, BuiltFor to, int ranks) {
        List<String> command = timeout();
        command.addAll(List.of(install.resolve("bin/wi4mpi").toString(), "-t", to.id(), "mpirun"));
        command.addAll(to.launcherOptions());
        command.addAll(List.of("-np", String.valueOf(ranks), "./" + program.name()));
        return command;
    }

    private static List<String> timeout() {
        return new ArrayList<>(List.of("timeout", "--kill-after=10", String.valueOf(TIMEOUT.toSeconds())));
    }

    /** Runs {@code command} in the directory of the program built with {@code origin}, building it first. */
    private static ProcessResult run(MpiTestProgram program, BuiltFor origin, List<String> command) {
        Path directory = build(program, origin).getParent();
        ProcessResult result = null;
        for (int attempt = 1; attempt <= (program.retriedOnTimeout() ? SPAWN_ATTEMPTS : 1); attempt++) {
            result = ProcessRunner.run(command, directory, MpiFamily.launcherEnvironment(), TIMEOUT.plusSeconds(30));
            if (!result.timedOut() && result.exitCode() != 124 || !program.retriedOnTimeout()) {
                break;
            }
            System.err.println("run " + attempt + " of " + program.name() + " timed out (vendor spawn hang):\n" + result.describe());
        }
        return result;
    }

    /**
     * The program built with {@code origin}'s compiler wrappers into target/openmpi5-fortran/ORIGIN/, as
     * the main suite builds it (its C part, if any, with the C wrapper); reused while newer than its sources.
     */
    private static synchronized Path build(MpiTestProgram program, BuiltFor origin) {
        return BUILT.computeIfAbsent(origin.id() + "/" + program.name(), key -> {
            Path binary = binaries.resolve(key);
            try {
                Files.createDirectories(binary.getParent());
                if (upToDate(binary, program)) {
                    return binary;
                }
                Files.deleteIfExists(binary);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            List<String> sources = new ArrayList<>(List.of(program.source().toString()));
            if (program.cPart().isPresent()) {
                Path object = binary.resolveSibling(program.name() + ".c.o");
                ProcessResult c = compile(List.of(origin.mpicc(openmpi5Build, install), "-Wall", "-Wextra", "-Werror", "-O2", "-g",
                        "-c", "-o", object.toString(), program.cPart().get().toString()), binary);
                assertEquals(0, c.exitCode(), c::describe);
                assertTrue(c.stdout().isBlank() && c.stderr().isBlank(), () -> "compiler printed diagnostics\n" + c.describe());
                sources.add(object.toString());
            }
            List<String> command = new ArrayList<>(List.of(origin.mpifort(openmpi5Build), "-Wall", "-O2", "-g", "-o",
                    binary.toString()));
            command.addAll(sources);
            RunAssertions.assertBuilt(compile(command, binary), binary);
            return binary;
        });
    }

    private static ProcessResult compile(List<String> command, Path binary) {
        // Run in the binary's directory: the module files a Fortran program writes stay with its build.
        return ProcessRunner.run(command, binary.getParent(), Map.of(), Duration.ofMinutes(2));
    }

    private static boolean upToDate(Path binary, MpiTestProgram program) throws IOException {
        if (!Files.isExecutable(binary)) {
            return false;
        }
        long built = Files.getLastModifiedTime(binary).toMillis();
        List<Path> inputs = new ArrayList<>(List.of(program.source(), program.source().resolveSibling("check.inc")));
        program.cPart().ifPresent(inputs::add);
        for (Path input : inputs) {
            if (Files.exists(input) && Files.getLastModifiedTime(input).toMillis() >= built) {
                return false;
            }
        }
        return true;
    }

    private static List<String> sortedLines(String text) {
        return text.lines().sorted().toList();
    }
}
