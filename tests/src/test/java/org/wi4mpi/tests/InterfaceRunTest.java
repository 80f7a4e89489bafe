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
            "f08_mpi", "interface mode has no mpi_f08 module (docs/interface.md)",
            "mpi1_types_mpif", "the MPI-1 functions it tests were deleted in MPI-3 and are not in the standard ABI");

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

    /** MPI-5.0 handle serialization: MPI_<Handle>_toint / _fromint round trips on both targets. */
    private static final String TOINT = """
            #include <mpi.h>
            #include <stdio.h>
            #define CHECK(c) do { if (!(c)) { printf("toint: FAILED: %s (line %d)\\n", #c, __LINE__); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)
            int main(int argc, char **argv)
            {
                MPI_Init(&argc, &argv);
                /* predefined handles: their ABI values */
                CHECK(MPI_Comm_toint(MPI_COMM_WORLD) == 257 && MPI_Comm_toint(MPI_COMM_NULL) == 256);
                CHECK(MPI_Type_toint(MPI_INT) == (int)(intptr_t)MPI_INT && MPI_Op_toint(MPI_SUM) == (int)(intptr_t)MPI_SUM);
                CHECK(MPI_Comm_fromint(257) == MPI_COMM_WORLD && MPI_Type_fromint((int)(intptr_t)MPI_DOUBLE) == MPI_DOUBLE);
                CHECK(MPI_Request_fromint(MPI_Request_toint(MPI_REQUEST_NULL)) == MPI_REQUEST_NULL);
                /* other objects: ints above the predefined range that come back to the same handle */
                MPI_Comm dup, dup2;
                MPI_Datatype pair;
                MPI_Info info;
                MPI_Group group;
                MPI_Comm_dup(MPI_COMM_WORLD, &dup);
                MPI_Comm_dup(dup, &dup2);
                MPI_Type_contiguous(2, MPI_INT, &pair);
                MPI_Info_create(&info);
                MPI_Comm_group(dup, &group);
                int c = MPI_Comm_toint(dup), c2 = MPI_Comm_toint(dup2), t = MPI_Type_toint(pair);
                CHECK((c < 0 || c > 4095) && (c2 < 0 || c2 > 4095) && c != c2);
                CHECK(MPI_Comm_fromint(c) == dup && MPI_Comm_fromint(c2) == dup2);
                CHECK((t < 0 || t > 4095) && MPI_Type_fromint(t) == pair);
                CHECK(MPI_Info_fromint(MPI_Info_toint(info)) == info);
                CHECK(MPI_Group_fromint(MPI_Group_toint(group)) == group);
                int size = 0;
                MPI_Comm_size(MPI_Comm_fromint(c), &size);
                CHECK(size == 2);
                /* MPI_Abi_get_info: the sizes of MPI_Aint, MPI_Count, MPI_Offset on x86-64 */
                MPI_Info abi;
                char value[8] = "";
                int nkeys = 0, vlen = 0, flag = 0;
                CHECK(MPI_Abi_get_info(&abi) == MPI_SUCCESS);
                MPI_Info_get_nkeys(abi, &nkeys);
                MPI_Info_get_valuelen(abi, "mpi_count_size", &vlen, &flag);
                CHECK(nkeys == 3 && flag && vlen == 1);
                MPI_Info_get(abi, "mpi_aint_size", 1, value, &flag);
                CHECK(flag && value[0] == '8' && value[1] == 0);
                MPI_Info_free(&abi);
                MPI_Group_free(&group);
                MPI_Info_free(&info);
                MPI_Type_free(&pair);
                MPI_Comm_free(&dup2);
                MPI_Comm_free(&dup);
                int rank = 0;
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                if (rank == 0)
                    printf("toint: ok\\n");
                MPI_Finalize();
                return 0;
            }
            """;

    @org.junit.jupiter.params.ParameterizedTest(name = "MPI_<Handle>_toint/_fromint and MPI_Abi_get_info on {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"openmpi", "mpich"})
    void handlesSerializeToIntsAndBack(String target) throws IOException {
        assumeInstalled();
        Path dir = suite.config().binaryDirectory().resolve("standard-toint");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("toint.c"), TOINT);
        ProcessResult cc = ProcessRunner.run(List.of(install.resolve("bin/mpicc").toString(), "-Wall", "-Wextra",
                "-Werror", "-o", "toint", "toint.c"), dir, Map.of(), COMPILE_TIMEOUT);
        RunAssertions.assertBuilt(cc, dir.resolve("toint"));
        MpiFamily family = MpiFamily.fromId(target);
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10", "120",
                install.resolve("bin/wi4mpi").toString(), "-t", target, "mpirun", "-np", "2"));
        command.addAll(family.launcherOptions());
        command.add("./toint");
        ProcessResult run = ProcessRunner.run(command, dir, new java.util.HashMap<>(MpiFamily.launcherEnvironment()),
                Duration.ofSeconds(150));
        assertEquals(0, run.exitCode(), () -> run.describe());
        assertTrue(run.stdout().contains("toint: ok"), () -> run.describe());
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
        // Run in the binaries' directory: module files stay out of the source tree.
        ProcessResult compilation = ProcessRunner.run(command, binaries, Map.of(), COMPILE_TIMEOUT);
        RunAssertions.assertBuilt(compilation, binary);
    }

    private ProcessResult run(MpiFamily target, int ranks, MpiTestProgram program) {
        Duration timeout = suite.timeout(program);
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10", Long.toString(timeout.toSeconds()),
                install.resolve("bin/wi4mpi").toString(), "-t", target.id(), "mpirun", "-np", Integer.toString(ranks)));
        command.addAll(target.launcherOptions());
        command.add("./" + program.name());
        ProcessResult run = MpiTestSuite.runRetried(program, () -> ProcessRunner.run(command, binaries,
                MpiFamily.launcherEnvironment(), MpiCommands.hardDeadline(timeout)));
        assertTrue(run.stderr().isEmpty() || !run.stderr().contains(NO_TARGET_SENTENCE),
                () -> "the stub library ran instead of the translation\n" + run.describe());
        return run;
    }
}
