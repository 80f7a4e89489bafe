package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Interface mode's outputs from the real dictionaries: mpi.h, the stub library, the standard status codec. */
class InterfaceModeTest {

    /** The repository's generated output, shared with the other generator test classes. */
    private static final Path out = RepositoryOutput.directory();

    private static String mpiH() throws IOException {
        return Files.readString(out.resolve("interface/include/mpi.h"));
    }

    @Test
    void standardPairsAreRendered() throws IOException {
        for (String pair : List.of("standard_openmpi", "standard_mpich")) {
            for (String file : Renderer.PAIR_FILES.values()) {
                assertTrue(Files.isRegularFile(out.resolve(pair).resolve(file)), pair + "/" + file);
            }
        }
        String cmake = Files.readString(out.resolve("pairs.cmake"));
        assertTrue(cmake.contains(" standard_openmpi") && cmake.contains(" standard_mpich"), cmake);
        assertTrue(cmake.contains("set(WI4MPI_FAMILIES openmpi mpich openmpi5)"), cmake);
    }

    @Test
    void headerDeclaresHandlesAsPointersToIncompleteStructsWithAbiValues() throws IOException {
        String h = mpiH();
        assertTrue(h.contains("typedef struct MPI_ABI_Comm *MPI_Comm;"), h);
        assertTrue(h.contains("typedef struct MPI_ABI_T_enum *MPI_T_enum;"));
        assertTrue(h.contains("typedef intptr_t MPI_Aint;"));
        assertTrue(h.contains("typedef int64_t MPI_Count;"));
        assertTrue(h.contains("#define MPI_COMM_WORLD ((MPI_Comm)0x101)"));
        assertTrue(h.contains("#define MPI_COMM_NULL ((MPI_Comm)0x100)"));
        assertTrue(h.contains("#define MPI_REQUEST_NULL ((MPI_Request)0x180)"));
        assertTrue(h.contains("#define MPI_THREAD_MULTIPLE (4096)"));
        assertTrue(h.contains("#define MPI_ERR_ABI (62)"));
        assertTrue(h.contains("#define MPI_STATUS_IGNORE ((MPI_Status *)0)"));
        assertTrue(h.contains("#define MPI_COMM_DUP_FN ((MPI_Comm_copy_attr_function *)1)"));
        assertTrue(h.contains("#define MPI_DISPLACEMENT_CURRENT ((MPI_Offset)-1)"));
        assertTrue(h.contains("    int MPI_internal[5];"));
        assertTrue(h.contains("typedef void MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);"));
        assertTrue(h.contains("int MPI_Pcontrol(const int level, ...);"));
        assertTrue(h.contains("int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int *dims, const int *periods, int reorder, MPI_Comm *comm_cart);"), h);
        assertFalse(h.contains("MPI_Fint"), "MPI_Fint is not part of the standard ABI's C header");
        long prototypes = h.lines().filter(l -> !l.startsWith("typedef") && l.matches("^[A-Za-z_].* P?MPI_[A-Za-z0-9_]+\\(.*\\);$")).count();
        assertEquals(2 * 664, prototypes);
    }

    @Test
    void stubLibraryExportsEveryStandardSymbol() throws IOException {
        String stubs = Files.readString(out.resolve("interface/wi_abi_stubs.c"));
        assertEquals(1328, stubs.lines().filter(l -> l.contains("alias(\"wi_abi_no_target\")")).count());
        assertTrue(stubs.contains("MPI_Send __attribute__((weak, alias(\"wi_abi_no_target\")));"));
        assertTrue(stubs.contains("PMPI_Send __attribute__((alias(\"wi_abi_no_target\")));"));
        assertTrue(stubs.contains("\"wi4mpi: this program uses the MPI standard ABI; choose an MPI with wi4mpi -t openmpi|mpich, \"\n"
                + "        \"or set WI4MPI_TO / WI4MPI_WRAPPER_LIB\\n\""), stubs);
    }

    @Test
    void mpifHasTheAbiValuesInFixedAndFreeForm() throws IOException {
        String f = Files.readString(out.resolve("interface/include/mpif.h"));
        assertTrue(f.contains("      INTEGER MPI_COMM_WORLD\n      PARAMETER (MPI_COMM_WORLD=257)\n"), f);
        assertTrue(f.contains("      PARAMETER (MPI_INTEGER=537)\n"), f);
        assertTrue(f.contains("      PARAMETER (MPI_STATUS_SIZE=8)\n"));
        assertTrue(f.contains("      PARAMETER (MPI_ANY_SOURCE=-1)\n"));
        assertTrue(f.contains("      INTEGER(KIND=MPI_OFFSET_KIND) MPI_DISPLACEMENT_CURRENT\n"));
        // KIND values and MPI_STATUS_SIZE come before the declarations that use them.
        assertTrue(f.indexOf("PARAMETER (MPI_OFFSET_KIND=8)") < f.indexOf("KIND=MPI_OFFSET_KIND) MPI_DISP"));
        assertTrue(f.indexOf("PARAMETER (MPI_STATUS_SIZE=8)") < f.indexOf("MPI_STATUS_IGNORE(MPI_STATUS_SIZE)"));
        assertTrue(f.contains("      INTEGER MPI_IN_PLACE\n      COMMON /mpi_abi_in_place/ MPI_IN_PLACE\n"), f);
        assertTrue(f.contains("      EXTERNAL MPI_WTIME\n      DOUBLE PRECISION MPI_WTIME\n"), f);
        assertTrue(f.contains("      INTEGER(KIND=MPI_ADDRESS_KIND) PMPI_AINT_ADD\n"), f);
        // Fixed form: statements in columns 7-72, comments start with '!' in column 1.
        for (String line : f.lines().toList()) {
            assertTrue(line.length() <= 72, "longer than 72 columns: " + line);
            assertTrue(line.startsWith("!") || line.startsWith("      ") && line.charAt(6) != ' ', "not fixed form: " + line);
        }
        String module = Files.readString(out.resolve("interface/mpi_module.f90"));
        assertTrue(module.contains("module mpi\n    implicit none\n    include 'mpif.h'\nend module mpi\n"), module);
    }

    @Test
    void fortranStubLibraryExportsEveryManglingAndTheCommonBlocks() throws IOException {
        String stubs = Files.readString(out.resolve("interface/wi_abi_fortran_stubs.c"));
        for (String symbol : List.of("mpi_send_", "mpi_send__", "MPI_SEND", "mpi_send", "pmpi_send_", "PMPI_SEND")) {
            assertTrue(stubs.contains("extern __typeof__(wi_abi_no_target) " + symbol
                    + " __attribute__((weak, alias(\"wi_abi_no_target\")));"), symbol);
        }
        assertFalse(stubs.contains(" mpi_comm_c2f_ "), "c2f has no Fortran binding");
        assertFalse(stubs.contains(" mpi_send_c_ "), "large-count functions have no mpif.h binding");
        assertTrue(stubs.contains("unsigned char mpi_abi_status_ignore_[32];"), stubs);
        assertTrue(stubs.contains("unsigned char mpi_abi_in_place_[4];"), stubs);
    }

    @Test
    void standardPairsCarryTheFortranWrappers() throws IOException {
        String f = Files.readString(out.resolve("standard_openmpi/wi_fortran.c"));
        assertTrue(f.contains("WI_EXPORTED __typeof__(wi_f_MPI_Send) mpi_send_ __attribute__((alias(\"wi_f_MPI_Send\")));"), f);
        assertTrue(f.contains("A_MPI_Comm a_comm = wi_comm_f2c(*comm);"), f);
        assertTrue(f.contains("WI_EXPORTED __attribute__((aligned(32))) unsigned char mpi_abi_in_place_[4];"));
        String convert = Files.readString(out.resolve("standard_mpich/wi_convert.h"));
        // Predefined handles keep the ABI value; others are the runtime's Fortran handle + 4096, clear
        // of the predefined values 1…4095 that Open MPI's small indices would meet.
        assertTrue(convert.contains("    case 257: return A_MPI_COMM_WORLD;"), convert);
        assertTrue(convert.contains("return (A_MPI_Fint)((uint32_t)(intptr_t)wi_comm_a2r(a) + 4096u);"), convert);
        String openmpi = Files.readString(out.resolve("standard_openmpi/wi_convert.h"));
        assertTrue(openmpi.contains("return (A_MPI_Fint)((uint32_t)R_PMPI_Comm_c2f(wi_comm_a2r(a)) + 4096u);"), openmpi);
        assertTrue(openmpi.contains("return wi_comm_r2a(R_PMPI_Comm_f2c((R_MPI_Fint)((uint32_t)f - 4096u)));"), openmpi);
        // MPI_<Handle>_toint/_fromint are these conversions.
        String functions = Files.readString(out.resolve("standard_openmpi/wi_functions.c"));
        assertTrue(functions.contains("WI_HIDDEN int A_MPI_Type_toint(A_MPI_Datatype datatype)\n{\n    return wi_datatype_c2f(datatype);\n}"), functions);
        assertTrue(functions.contains("WI_HIDDEN A_MPI_Win A_MPI_Win_fromint(int win)\n{\n    return wi_win_f2c(win);\n}"));
        String abi = Files.readString(out.resolve("standard_mpich/wi_abi.h"));
        assertTrue(abi.contains("typedef int32_t A_MPI_Fint;"), abi);
    }

    @Test
    void standardStatusUsesTheInternalCodec() throws IOException {
        String abi = Files.readString(out.resolve("standard_mpich/wi_abi.h"));
        assertTrue(abi.contains("typedef struct { unsigned char bytes[32]; } __attribute__((aligned(4))) A_MPI_Status;"), abi);
        assertTrue(abi.contains("#define A_STATUS_CODEC_INTERNAL 1"));
        assertTrue(abi.contains("#define A_STATUS_COUNT 12\n"));
        assertTrue(abi.contains("#define A_STATUS_CANCELLED 20\n"));
        assertTrue(abi.contains("#define A_STATUS_INTERNAL 12\n"));
        assertTrue(abi.contains("#define R_STATUS_CODEC_LO_HI 1"));
    }

    private static boolean gcc() {
        try {
            return new ProcessBuilder("gcc", "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    private static String compileAndRun(Path source, List<String> flags) throws IOException, InterruptedException {
        Path binary = source.resolveSibling(source.getFileName() + ".bin");
        List<String> command = new java.util.ArrayList<>(List.of("gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"));
        command.addAll(flags);
        command.addAll(List.of(source.toString(), "-o", binary.toString()));
        Process cc = new ProcessBuilder(command).redirectErrorStream(true).start();
        String diagnostics = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(cc.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, cc.exitValue(), diagnostics);
        assertEquals("", diagnostics);
        Process run = new ProcessBuilder(binary.toString()).redirectErrorStream(true).start();
        String output = new String(run.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(run.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, run.exitValue(), output);
        return output;
    }

    @Test
    void headerCompilesCleanlyWithTheStandardLayout() throws Exception {
        assumeTrue(gcc(), "gcc is not installed");
        Path c = out.resolve("layout.c");
        Files.writeString(c, """
                #include <mpi.h>
                #include <stddef.h>
                #include <stdio.h>
                _Static_assert(sizeof(MPI_Status) == 32, "status size");
                _Static_assert(offsetof(MPI_Status, MPI_internal) == 12, "MPI_internal offset");
                _Static_assert(sizeof(MPI_Comm) == 8 && sizeof(MPI_Count) == 8, "handle and count sizes");
                int main(void)
                {
                    printf("%ld %ld %d\\n", (long)(intptr_t)MPI_COMM_WORLD, (long)(intptr_t)MPI_INT, MPI_ANY_SOURCE);
                    return 0;
                }
                """);
        assertEquals("257 521 -1\n",
                compileAndRun(c, List.of("-I" + out.resolve("interface/include"))));
    }

    @Test
    void internalCodecRoundTripsCountsAbove32BitsAndCancelled() throws Exception {
        assumeTrue(gcc(), "gcc is not installed");
        Path c = out.resolve("codec.c");
        Files.writeString(c, """
                #define _GNU_SOURCE
                #include "wi_status.h"
                #include <stdio.h>
                int main(void)
                {
                    A_MPI_Status s;
                    memset(&s, 0xff, sizeof s);
                    WI_A_STATUS_ENCODE(&s, ((uint64_t)5 << 32) | 7u, 1);
                    uint64_t count;
                    int cancelled;
                    WI_A_STATUS_DECODE(&s, &count, &cancelled);
                    int w[8];
                    memcpy(w, &s, sizeof w);
                    printf("%llu %d %d %d %d %d %d\\n", (unsigned long long)count, cancelled, w[3], w[4], w[5], w[6], w[7]);
                    return 0;
                }
                """);
        // MPI_internal[0..1] the 64-bit byte count (little endian), [2] cancelled, [3..4] zero.
        assertEquals(((5L << 32) | 7) + " 1 7 5 1 0 0\n", compileAndRun(c, List.of("-std=gnu11",
                "-Wno-pedantic", "-I" + out.resolve("standard_openmpi"), "-I" + RepositoryPaths.runtime())));
    }
}
