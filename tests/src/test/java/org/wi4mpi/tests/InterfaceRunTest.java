package org.wi4mpi.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Interface mode (docs/interface.md): each program compiled once with the install tree's own
 * include/mpi.h (the MPI-5.0 standard ABI) and linked to its lib/libmpi_abi.so.1 (Fortran programs
 * with its bin/mpifort), then run on each family with {@code wi4mpi -t TO mpirun -np N ./prog}. {@code -Dwi4mpi.tests.interface=false} leaves
 * it out.
 */
@Order(3)
class InterfaceRunTest {

    /** Programs the standard ABI's C header cannot compile, and why. */
    static final Map<String, String> NOT_IN_STANDARD_ABI = Map.of(
            "c2f", "MPI_Fint and the c2f/f2c conversions are excluded from the standard ABI's C header (MPI-5.0 §21.4)",
            "c2f_mpif", "its C part needs MPI_Fint and the c2f/f2c conversions (MPI-5.0 §21.4)",
            "f08_mpi", "interface mode has no mpi_f08 module (docs/interface.md)");

    static final String NO_TARGET_SENTENCE = "wi4mpi: this program uses the MPI standard ABI; choose an MPI with"
            + " wi4mpi -t openmpi|mpich, or set WI4MPI_TO / WI4MPI_WRAPPER_LIB";

    private static final Duration COMPILE_TIMEOUT = Duration.ofMinutes(2);

    private final MpiTestSuite suite = MpiTestSuite.get();
    private final Path install = suite.config().install();
    private final Path binaries = suite.config().binaryDirectory().resolve("standard");

    private static boolean enabled() {
        return !"false".equals(System.getProperty("wi4mpi.tests.interface", "true").trim());
    }

    private void assumeInstalled() {
        assumeTrue(enabled(), "interface mode tests disabled by -Dwi4mpi.tests.interface=false");
        // Only a missing install tree skips: anything missing inside it is a failure.
        assumeTrue(Files.isDirectory(install), () -> "install tree " + install + " does not exist: interface run skipped");
    }

    @TestFactory
    Stream<DynamicTest> runOnEachFamily() {
        List<MpiTestProgram> programs = suite.programs().stream()
                .filter(p -> !NOT_IN_STANDARD_ABI.containsKey(p.name())).toList();
        return suite.config().families().stream().flatMap(target -> programs.stream().flatMap(program ->
                suite.config().rankCounts().stream().map(np -> DynamicTest.dynamicTest(
                        program.name() + " [standard→" + target.id() + "] np=" + np, () -> {
                            assumeInstalled();
                            build(program);
                            RunAssertions.assertRunPassed(program, run(target, np, program));
                        }))));
    }

    /** Without the launcher the program's libmpi_abi.so.1 is wi4mpi's stub library: one sentence, exit 1. */
    @Test
    void withoutTargetTheProgramStopsWithOneSentence() {
        assumeInstalled();
        MpiTestProgram hello = MpiTestProgram.discover(suite.config().sourceDirectory()).stream()
                .filter(p -> p.name().equals("hello")).findFirst().orElseThrow();
        build(hello);
        ProcessResult run = ProcessRunner.run(List.of("timeout", "60", "./hello"), binaries, Map.of(),
                Duration.ofSeconds(90));
        assertNotEquals(0, run.exitCode(), () -> "ran without a target MPI\n" + run.describe());
        assertEquals(NO_TARGET_SENTENCE + "\n", run.stderr(), () -> "not the one sentence\n" + run.describe());
        assertFalse(run.stdout().contains("hello"), () -> "MPI_Init returned\n" + run.describe());
    }

    /** Programs compiled by this JVM: once each, against this install tree. */
    private static final Set<String> BUILT = new HashSet<>();

    /** gcc with the install tree's mpi.h, linked to its libmpi_abi (rpath: found without the launcher). */
    private void build(MpiTestProgram program) {
        synchronized (BUILT) {
            if (!BUILT.contains(program.name())) {
                compile(program);
                BUILT.add(program.name());
            }
        }
    }

    private void compile(MpiTestProgram program) {
        Path binary = binaries.resolve(program.name());
        Path lib = install.resolve("lib");
        try {
            Files.createDirectories(binaries);
            Files.deleteIfExists(binary);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + binary, e);
        }
        List<String> command = new ArrayList<>();
        if (program.fortran()) {
            // Fortran: the install tree's own wrappers (mpif.h, the mpi module, libmpifort_abi.so.1;
            // a C part with bin/mpicc).
            command.add(install.resolve("bin/mpifort").toString());
            command.addAll(ProgramBuilder.FORTRAN_FLAGS);
            command.addAll(List.of("-o", binary.toString(), program.source().toString()));
            if (program.cPart().isPresent()) {
                Path object = binaries.resolve(program.name() + ".c.o");
                List<String> c = new ArrayList<>(List.of(install.resolve("bin/mpicc").toString()));
                c.addAll(ProgramBuilder.FLAGS);
                c.addAll(List.of("-c", "-o", object.toString(), program.cPart().get().toString()));
                ProcessResult cc = ProcessRunner.run(c, program.source().getParent(), Map.of(), COMPILE_TIMEOUT);
                assertEquals(0, cc.exitCode(), () -> "C part failed to compile\n" + cc.describe());
                assertTrue(cc.stdout().isBlank() && cc.stderr().isBlank(), () -> "diagnostics\n" + cc.describe());
                command.add(object.toString());
            }
        } else {
            command.add("gcc");
            command.addAll(ProgramBuilder.FLAGS);
            command.addAll(List.of("-pthread", "-I" + install.resolve("include"), "-o", binary.toString(),
                    program.source().toString(), "-L" + lib, "-Wl,-rpath," + lib, "-lmpi_abi", "-lm"));
        }
        ProcessResult compilation = ProcessRunner.run(command, program.source().getParent(), Map.of(), COMPILE_TIMEOUT);
        RunAssertions.assertBuilt(compilation, binary);
    }

    private ProcessResult run(MpiFamily target, int ranks, MpiTestProgram program) {
        Duration timeout = suite.config().timeout();
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10", Long.toString(timeout.toSeconds()),
                install.resolve("bin/wi4mpi").toString(), "-t", target.id(), "mpirun", "-np", Integer.toString(ranks)));
        command.addAll(target.launcherOptions());
        command.add("./" + program.name());
        ProcessResult run = ProcessRunner.run(command, binaries, MpiFamily.launcherEnvironment(),
                MpiCommands.hardDeadline(timeout));
        assertTrue(run.stderr().isEmpty() || !run.stderr().contains(NO_TARGET_SENTENCE),
                () -> "the stub library ran instead of the translation\n" + run.describe());
        return run;
    }
}
