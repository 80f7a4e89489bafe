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
public class InterfaceRunTest {

    /** Programs the standard ABI's C header cannot compile, and why. */
    public static final Map<String, String> NOT_IN_STANDARD_ABI = Map.of(
            "c2f", "MPI_Fint and the c2f/f2c conversions are excluded from the standard ABI's C header (MPI-5.0 §21.4)",
            "c2f_mpif", "its C part needs MPI_Fint and the c2f/f2c conversions (MPI-5.0 §21.4)",
            "f08_mpi", "interface mode has no mpi_f08 module (docs/interface.md)",
            "large_count_f08", "interface mode has no mpi_f08 module (docs/interface.md)",
            "cxx_bindings", "the MPI-2 C++ bindings (removed in MPI-3.0) are not part of the standard ABI",
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

    /**
     * MPI-5.0's Fortran ABI registration: wi4mpi's Fortran layer knows its conventions (gfortran's),
     * so the getters report them and the setters return MPI_ERR_ABI; a LOGICAL size that is not a
     * power of two up to 16 is MPI_ERR_ARG. Optional types: supported where gfortran and the target
     * both have them.
     */
    private static final String ABI_FORTRAN = """
            #include <mpi.h>
            #include <stdio.h>
            #include <string.h>
            #define CHECK(c) do { if (!(c)) { printf("abi_fortran: FAILED: %s (line %d)\\n", #c, __LINE__); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)
            static int has(MPI_Info info, const char *key, const char *expected)
            {
                char value[MPI_MAX_INFO_VAL + 1];
                int flag = 0;
                MPI_Info_get(info, key, MPI_MAX_INFO_VAL, value, &flag);
                if (!flag || strcmp(value, expected) != 0)
                    printf("abi_fortran: %s is %s, expected %s\\n", key, flag ? value : "(absent)", expected);
                return flag && strcmp(value, expected) == 0;
            }
            int main(int argc, char **argv)
            {
                MPI_Init(&argc, &argv);
                MPI_Info info = MPI_INFO_NULL;
                CHECK(MPI_Abi_get_fortran_info(&info) == MPI_SUCCESS && info != MPI_INFO_NULL);
                int nkeys = 0;
                MPI_Info_get_nkeys(info, &nkeys);
                CHECK(nkeys == 23);
                CHECK(has(info, "mpi_logical_size", "4") && has(info, "mpi_integer_size", "4"));
                CHECK(has(info, "mpi_real_size", "4") && has(info, "mpi_double_precision_size", "8"));
                CHECK(has(info, "mpi_integer8_supported", "true") && has(info, "mpi_real8_supported", "true"));
                CHECK(has(info, "mpi_integer4_supported", "true") && has(info, "mpi_complex16_supported", "true"));
                CHECK(has(info, "mpi_double_complex_supported", "true"));
                CHECK(has(info, "mpi_real2_supported", "false") && has(info, "mpi_complex4_supported", "false"));
                int code = MPI_Abi_set_fortran_info(info), cls = -1;
                MPI_Error_class(code, &cls);
                CHECK(cls == MPI_ERR_ABI);
                MPI_Info_free(&info);

                int t = -5, f = -5, is_set = 0;
                CHECK(MPI_Abi_get_fortran_booleans(4, &t, &f, &is_set) == MPI_SUCCESS);
                CHECK(t == 1 && f == 0 && is_set);
                long long t8 = -5, f8 = -5;
                unsigned char t1 = 9, f1 = 9;
                CHECK(MPI_Abi_get_fortran_booleans(8, &t8, &f8, &is_set) == MPI_SUCCESS && t8 == 1 && f8 == 0);
                CHECK(MPI_Abi_get_fortran_booleans(1, &t1, &f1, &is_set) == MPI_SUCCESS && t1 == 1 && f1 == 0);
                t = -5;
                MPI_Error_class(MPI_Abi_get_fortran_booleans(3, &t, &f, &is_set), &cls);
                CHECK(cls == MPI_ERR_ARG && t == -5);
                t = 1; f = 0;
                MPI_Error_class(MPI_Abi_set_fortran_booleans(4, &t, &f), &cls);
                CHECK(cls == MPI_ERR_ABI);
                MPI_Error_class(MPI_Abi_set_fortran_booleans(6, &t, &f), &cls);
                CHECK(cls == MPI_ERR_ARG);
                int rank;
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                if (rank == 0) printf("abi_fortran: ok\\n");
                MPI_Finalize();
                return 0;
            }
            """;

    @org.junit.jupiter.params.ParameterizedTest(name = "MPI_Abi_get/set_fortran_info/booleans on {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"openmpi", "mpich"})
    void fortranAbiIsReportedAndCannotBeSet(String target) throws IOException {
        runTwoRanks("abi_fortran", ABI_FORTRAN, target);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "MPI_<Handle>_toint/_fromint and MPI_Abi_get_info on {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"openmpi", "mpich"})
    void handlesSerializeToIntsAndBack(String target) throws IOException {
        runTwoRanks("toint", TOINT, target);
    }

    /**
     * MPI-4.1 functions neither target has, computed by wi4mpi: the status accessors, the value-index
     * pair types (usable with MPI_MAXLOC), the nondestructive MPI_Request_get_status_any/all/some
     * before, between and after the completions, MPI_Status_set_elements_c; and MPI-4.1 functions
     * the runtimes lack failing with MPI_ERR_UNSUPPORTED_OPERATION and their name.
     */
    private static final String MPI41 = """
            #include <mpi.h>
            #include <stdio.h>
            #include <string.h>
            #define CHECK(c) do { if (!(c)) { printf("mpi41: FAILED: %s (line %d)\\n", #c, __LINE__); MPI_Abort(MPI_COMM_WORLD, 1); } } while (0)
            int main(int argc, char **argv)
            {
                int rank, size, v = -1;
                MPI_Init(&argc, &argv);
                MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                MPI_Comm_size(MPI_COMM_WORLD, &size);
                int peer = rank ^ 1;
                /* status accessors */
                MPI_Status st;
                CHECK(MPI_Status_set_source(&st, 3) == MPI_SUCCESS && MPI_Status_set_tag(&st, 77) == MPI_SUCCESS);
                CHECK(MPI_Status_set_error(&st, MPI_ERR_TAG) == MPI_SUCCESS);
                CHECK(st.MPI_SOURCE == 3 && st.MPI_TAG == 77 && st.MPI_ERROR == MPI_ERR_TAG);
                CHECK(MPI_Status_get_source(&st, &v) == MPI_SUCCESS && v == 3);
                CHECK(MPI_Status_get_tag(&st, &v) == MPI_SUCCESS && v == 77);
                CHECK(MPI_Status_get_error(&st, &v) == MPI_SUCCESS && v == MPI_ERR_TAG);
                int mine = rank, other = -1;
                MPI_Sendrecv(&mine, 1, MPI_INT, peer, 10 + rank, &other, 1, MPI_INT, peer, 10 + peer, MPI_COMM_WORLD, &st);
                CHECK(MPI_Status_get_source(&st, &v) == MPI_SUCCESS && v == peer && other == peer);
                CHECK(MPI_Status_get_tag(&st, &v) == MPI_SUCCESS && v == 10 + peer);
                /* value-index pair types */
                MPI_Datatype t = MPI_DATATYPE_NULL;
                CHECK(MPI_Type_get_value_index(MPI_FLOAT, MPI_INT, &t) == MPI_SUCCESS && t == MPI_FLOAT_INT);
                CHECK(MPI_Type_get_value_index(MPI_INT, MPI_INT, &t) == MPI_SUCCESS && t == MPI_2INT);
                CHECK(MPI_Type_get_value_index(MPI_LONG_DOUBLE, MPI_INT, &t) == MPI_SUCCESS && t == MPI_LONG_DOUBLE_INT);
                CHECK(MPI_Type_get_value_index(MPI_INTEGER, MPI_INTEGER, &t) == MPI_SUCCESS && t == MPI_2INTEGER);
                CHECK(MPI_Type_get_value_index(MPI_DOUBLE, MPI_LONG, &t) == MPI_SUCCESS && t == MPI_DATATYPE_NULL);
                CHECK(MPI_Type_get_value_index(MPI_DOUBLE, MPI_INT, &t) == MPI_SUCCESS && t == MPI_DOUBLE_INT);
                struct { double value; int index; } in = {100.0 - rank, rank}, out = {0, -1};
                MPI_Allreduce(&in, &out, 1, t, MPI_MAXLOC, MPI_COMM_WORLD);
                CHECK(out.value == 100.0 && out.index == 0);
                /* nondestructive request status */
                MPI_Request reqs[3] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL, MPI_REQUEST_NULL};
                MPI_Status sts[3];
                int index = 0, flag = 0, count = -1, indices[3], got5 = -1, got6 = -1;
                CHECK(MPI_Request_get_status_any(3, reqs, &index, &flag, &st) == MPI_SUCCESS && flag && index == MPI_UNDEFINED);
                CHECK(MPI_Request_get_status_some(3, reqs, &count, indices, sts) == MPI_SUCCESS && count == MPI_UNDEFINED);
                CHECK(MPI_Request_get_status_all(3, reqs, &flag, sts) == MPI_SUCCESS && flag);
                MPI_Irecv(&got5, 1, MPI_INT, peer, 5, MPI_COMM_WORLD, &reqs[1]);
                MPI_Irecv(&got6, 1, MPI_INT, peer, 6, MPI_COMM_WORLD, &reqs[2]);
                CHECK(MPI_Request_get_status_any(3, reqs, &index, &flag, &st) == MPI_SUCCESS && !flag && index == MPI_UNDEFINED);
                CHECK(MPI_Request_get_status_all(3, reqs, &flag, sts) == MPI_SUCCESS && !flag);
                CHECK(MPI_Request_get_status_some(3, reqs, &count, indices, sts) == MPI_SUCCESS && count == 0);
                MPI_Barrier(MPI_COMM_WORLD); /* nothing is sent before both checked */
                int five = 500 + rank, six = 600 + rank;
                MPI_Send(&five, 1, MPI_INT, peer, 5, MPI_COMM_WORLD);
                do
                    CHECK(MPI_Request_get_status_any(3, reqs, &index, &flag, &st) == MPI_SUCCESS);
                while (!flag);
                CHECK(index == 1 && st.MPI_SOURCE == peer && st.MPI_TAG == 5 && reqs[1] != MPI_REQUEST_NULL);
                CHECK(MPI_Request_get_status_all(3, reqs, &flag, sts) == MPI_SUCCESS && !flag);
                CHECK(MPI_Request_get_status_some(3, reqs, &count, indices, sts) == MPI_SUCCESS && count == 1);
                CHECK(indices[0] == 1 && sts[0].MPI_TAG == 5);
                MPI_Barrier(MPI_COMM_WORLD);
                MPI_Send(&six, 1, MPI_INT, peer, 6, MPI_COMM_WORLD);
                do
                    CHECK(MPI_Request_get_status_all(3, reqs, &flag, sts) == MPI_SUCCESS);
                while (!flag);
                CHECK(sts[1].MPI_TAG == 5 && sts[2].MPI_TAG == 6 && sts[2].MPI_SOURCE == peer);
                CHECK(sts[0].MPI_SOURCE == MPI_ANY_SOURCE && sts[0].MPI_TAG == MPI_ANY_TAG);
                CHECK(MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE) == MPI_SUCCESS);
                CHECK(got5 == 500 + peer && got6 == 600 + peer && reqs[2] == MPI_REQUEST_NULL);
                /* MPI_Status_set_elements_c: through the runtime's MPI_Status_set_elements_x */
                MPI_Count elements = 0;
                CHECK(MPI_Status_set_elements_c(&st, MPI_DOUBLE, 3) == MPI_SUCCESS);
                CHECK(MPI_Get_elements_x(&st, MPI_DOUBLE, &elements) == MPI_SUCCESS && elements == 3);
                CHECK(MPI_Get_count(&st, MPI_DOUBLE, &v) == MPI_SUCCESS && v == 3);
                /* MPI-4.1 functions the runtimes lack fail through the error path, naming themselves */
                MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
                MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
                int code = MPI_Remove_error_class(MPI_ERR_LASTCODE), eclass = -1, len = 0;
                char text[MPI_MAX_ERROR_STRING];
                CHECK(code != MPI_SUCCESS && MPI_Error_class(code, &eclass) == MPI_SUCCESS && eclass == MPI_ERR_UNSUPPORTED_OPERATION);
                MPI_Error_string(code, text, &len);
                if (strstr(text, "MPI_Remove_error_class") == NULL)
                    printf("mpi41: error string: %s\\n", text);
                CHECK(strstr(text, "MPI_Remove_error_class") != NULL);
                code = MPI_Comm_flush_buffer(MPI_COMM_WORLD);
                CHECK(code != MPI_SUCCESS && MPI_Error_class(code, &eclass) == MPI_SUCCESS && eclass == MPI_ERR_UNSUPPORTED_OPERATION);
                MPI_Error_string(code, text, &len);
                CHECK(strstr(text, "MPI_Comm_flush_buffer") != NULL);
                if (rank == 0)
                    printf("mpi41: ok\\n");
                MPI_Finalize();
                return 0;
            }
            """;

    @org.junit.jupiter.params.ParameterizedTest(name = "MPI-4.1 status accessors, value-index types, Request_get_status_any/all/some on {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"openmpi", "mpich"})
    void mpi41FunctionsComputedByWi4mpi(String target) throws IOException {
        runTwoRanks("mpi41", MPI41, target);
    }

    /** Compiles one C program with the install tree's mpicc and runs it with 2 ranks on target; it prints "name: ok". */
    private void runTwoRanks(String name, String source, String target) throws IOException {
        assumeInstalled();
        MpiFamily family = MpiFamily.fromId(target);
        // The system's MPI of that kind: on Debian 13 the system Open MPI is the openmpi5 target.
        String systemTarget = family.systemTarget();
        assumeTrue(systemTarget != null, family::absence);
        Path dir = suite.config().binaryDirectory().resolve("standard-" + name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(name + ".c"), source);
        ProcessResult cc = ProcessRunner.run(List.of(install.resolve("bin/mpicc").toString(), "-Wall", "-Wextra",
                "-Werror", "-o", name, name + ".c"), dir, Map.of(), COMPILE_TIMEOUT);
        RunAssertions.assertBuilt(cc, dir.resolve(name));
        List<String> command = new ArrayList<>(List.of("timeout", "--kill-after=10", "120",
                install.resolve("bin/wi4mpi").toString(), "-t", systemTarget, "mpirun", "-np", "2"));
        command.addAll(family.launcherOptions());
        command.add("./" + name);
        ProcessResult run = ProcessRunner.run(command, dir, new java.util.HashMap<>(MpiFamily.launcherEnvironment()),
                Duration.ofSeconds(150));
        assertEquals(0, run.exitCode(), () -> run.describe());
        assertTrue(run.stdout().contains(name + ": ok"), () -> run.describe());
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
