package org.wi4mpi.tests.library;

import org.wi4mpi.tests.MpiFamily;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wi4mpi.tests.SuiteConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cross pairs export the Fortran bindings of every MPI function both the application family's C and
 * Fortran libraries export, under all four manglings, and its sentinel common blocks at the vendor's
 * sizes; identity pairs leave Fortran to the real library (docs/fortran.md).
 */
class FortranExportsTest {

    private static final Path SYSTEM_LIBRARIES = Path.of("/usr/lib/x86_64-linux-gnu");
    private static final Map<String, String> C_LIBRARY = Map.of("openmpi", "libmpi.so.40", "mpich", "libmpich.so.12");
    private static final Map<String, String> FORTRAN_LIBRARY = Map.of(
            "openmpi", "libmpi_mpifh.so.40", "mpich", "libmpichfort.so.12");
    /** Where each family's vendor defines its common blocks with the mpif.h sizes. */
    private static final Map<String, String> BLOCK_LIBRARY = Map.of(
            "openmpi", "libmpi_usempif08.so.40", "mpich", "libmpichfort.so.12");

    private static DynamicSymbols ours(String from, String to) {
        Path lib = SuiteConfig.fromEnvironment().install().resolve("lib/libwi4mpi_" + from + "_" + to + ".so");
        assertTrue(Files.isRegularFile(lib), lib + " is missing: build the install tree first (mvn install)");
        return DynamicSymbols.of(lib);
    }

    @ParameterizedTest(name = "{0}→{1} exports the {0} Fortran bindings")
    @CsvSource({"openmpi,mpich", "mpich,openmpi"})
    void exportsEveryFortranBinding(String from, String to) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols c = DynamicSymbols.of(SYSTEM_LIBRARIES.resolve(C_LIBRARY.get(from)));
        DynamicSymbols fortran = DynamicSymbols.of(SYSTEM_LIBRARIES.resolve(FORTRAN_LIBRARY.get(from)));
        DynamicSymbols mine = ours(from, to);
        TreeSet<String> missing = new TreeSet<>();
        int checked = 0;
        for (String function : c.mpiFunctions()) {
            String lower = function.toLowerCase(Locale.ROOT);
            if (!function.startsWith("MPI_") || !fortran.symbols().containsKey(lower + "_")) {
                continue; // no Fortran binding in the vendor's library
            }
            checked++;
            for (String symbol : new String[] {lower + "_", lower + "__", lower, function.toUpperCase(Locale.ROOT),
                    "p" + lower + "_", "P" + function.toUpperCase(Locale.ROOT)}) {
                if (!mine.symbols().containsKey(symbol) && fortran.symbols().containsKey(symbol)) {
                    missing.add(symbol);
                }
            }
        }
        assertTrue(checked > 300, "only " + checked + " Fortran bindings checked");
        assertEquals(new TreeSet<>(), missing, "Fortran symbols " + from + " exports that the library does not");
        for (String f : new String[] {"mpi_send_", "mpi_comm_rank_", "mpi_wtime_"}) {
            assertTrue(mine.symbols().get(f).isFunction(), f);
        }
    }

    @ParameterizedTest(name = "{0}→{1} exports the {0} sentinel common blocks at their sizes")
    @CsvSource({"openmpi,mpich", "mpich,openmpi"})
    void exportsCommonBlocksAtVendorSizes(String from, String to) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols vendor = DynamicSymbols.of(SYSTEM_LIBRARIES.resolve(BLOCK_LIBRARY.get(from)));
        DynamicSymbols mine = ours(from, to);
        String[] blocks = from.equals("openmpi")
                ? new String[] {"mpi_fortran_bottom_", "mpi_fortran_in_place_", "mpi_fortran_status_ignore_",
                                "mpi_fortran_statuses_ignore_", "mpi_fortran_errcodes_ignore_",
                                "mpi_fortran_argv_null_", "mpi_fortran_argvs_null_", "mpi_fortran_unweighted_",
                                "mpi_fortran_weights_empty_"}
                : new String[] {"mpipriv1_", "mpipriv2_", "mpiprivc_", "mpifcmb5_", "mpifcmb9_"};
        for (String block : blocks) {
            assertTrue(mine.symbols().containsKey(block), block + " is not exported");
            assertEquals(vendor.symbols().get(block).size(), mine.symbols().get(block).size(), block + " size");
        }
    }

    /**
     * Each cross pair exports every mpi_f08 binding of its application family's library (Open MPI's
     * {@code mpi_x_f08_}; MPICH's {@code mpi_x_f08_} and, for functions with choice buffers,
     * {@code mpi_x_f08ts_}, the large-count {@code mpi_x_f08[ts]_large_}, and their PMPI twins: {@code pmpi_} in Open MPI, {@code pmpir_} in MPICH), and the module's handle operators,
     * default-initialisation objects (at the vendor's sizes) and copy procedures.
     */
    @ParameterizedTest(name = "{0}→{1} exports the {0} mpi_f08 bindings and module procedures")
    @CsvSource({"openmpi,mpich,libmpi_usempif08.so.40", "mpich,openmpi,libmpichfort.so.12"})
    void exportsTheMpiF08Bindings(String from, String to, String library) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols vendor = DynamicSymbols.of(SYSTEM_LIBRARIES.resolve(library));
        DynamicSymbols mine = ours(from, to);
        // As in the mpif.h layer, bindings of functions the vendor's C library does not export are left
        // out: Fortran-only routines (MPI_Sizeof, MPI_F_sync_reg), Open MPI 4.1's MPI_Aint_add/diff
        // (C macros), MPICH's MPI_Delete_error_* (docs/fortran.md).
        java.util.Set<String> cFunctions = new java.util.HashSet<>();
        DynamicSymbols.of(SYSTEM_LIBRARIES.resolve(C_LIBRARY.get(from))).mpiFunctions()
                .forEach(f -> cFunctions.add(f.toLowerCase(Locale.ROOT)));
        TreeSet<String> missing = new TreeSet<>();
        int checked = 0, large = 0;
        for (var e : vendor.symbols().entrySet()) {
            String symbol = e.getKey();
            // MPICH's profiling twins are pmpir_x_f08[ts]_ (what its module's PMPI_X procedures call);
            // its large-count procedures call mpi_x_f08[ts]_large_, the binding of MPI_X_c.
            boolean binding = symbol.matches("(p?mpi|pmpir)_[a-z0-9_]+_f08(ts)?_(large_)?")
                    && cFunctions.contains(symbol.replaceFirst("^pmpir_", "pmpi_").replaceFirst("_f08(ts)?_large_$", "_c")
                            .replaceFirst("_f08(ts)?_$", ""));
            large += symbol.endsWith("_large_") ? 1 : 0;
            boolean module = symbol.startsWith("__mpi_f08_types_MOD_") && (symbol.matches(".*_(eq|ne|neq)(_f|_f08)?")
                    || symbol.contains("__def_init_") || symbol.contains("__copy_"));
            if (!binding && !module || e.getValue().size() < 0) {
                continue;
            }
            checked++;
            DynamicSymbols.Symbol ourSymbol = mine.symbols().get(symbol);
            if (ourSymbol == null) {
                missing.add(symbol);
            } else if (symbol.contains("__def_init_")) {
                assertEquals(e.getValue().size(), ourSymbol.size(), symbol + " size");
            }
        }
        assertTrue(checked > 450, "only " + checked + " mpi_f08 symbols checked");
        assertEquals(from.equals("mpich") ? 240 : 0, large, "large-count mpi_f08 bindings of " + library);
        assertEquals(new TreeSet<>(), missing, "mpi_f08 symbols " + from + " exports that the library does not");
        assertTrue(mine.symbols().get("mpi_comm_rank_f08_").isFunction());
    }

    /**
     * Open MPI's C library exports the predefined callbacks as Fortran procedures (mpi_comm_dup_fn_,
     * MPI-1's mpi_dup_fn_, mpi_conversion_fn_null_, ...) and MPI_Wtime, MPI_Wtick, MPI_Aint_add and
     * MPI_Aint_diff a second time as <name>_f90: every mangling is the same procedure as the lower-case
     * one with an underscore, upper-case MPI_COMM_DUP_FN included (not an aborting C entry point).
     */
    @ParameterizedTest(name = "{0}→{1} exports the {0} C library's Fortran procedures")
    @CsvSource({"openmpi,mpich"})
    void exportsTheCLibrarysFortranProcedures(String from, String to) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols vendor = DynamicSymbols.of(SYSTEM_LIBRARIES.resolve(C_LIBRARY.get(from)));
        DynamicSymbols mine = ours(from, to);
        TreeSet<String> missing = new TreeSet<>();
        TreeSet<String> elsewhere = new TreeSet<>();
        int checked = 0;
        for (String symbol : vendor.symbols().keySet()) {
            String lower = symbol.toLowerCase(Locale.ROOT).replaceAll("_+$", "");
            if (lower.matches("mpi_((comm_|type_|win_)?(dup|null_copy|null_delete)_fn|conversion_fn_null"
                    + "|wtime_f90|wtick_f90|aint_add_f90|aint_diff_f90)")) {
                checked++;
                DynamicSymbols.Symbol ourSymbol = mine.symbols().get(symbol);
                if (ourSymbol == null || !ourSymbol.isFunction()) {
                    missing.add(symbol);
                } else if (!mine.symbols().containsKey(lower + "_")
                        || ourSymbol.address() != mine.symbols().get(lower + "_").address()) {
                    elsewhere.add(symbol);
                }
            }
        }
        assertEquals(68, checked, "the vendor's Fortran procedures in its C library");
        assertEquals(new TreeSet<>(), missing, "Fortran procedures " + from + " exports that the library does not");
        assertEquals(new TreeSet<>(), elsewhere, "manglings that are not the same procedure as the lower-case one");
        assertEquals(mine.symbols().get("mpi_wtime_").address(), mine.symbols().get("mpi_wtime_f90_").address());
    }

    /**
     * MPI_Sizeof and MPI_F_sync_reg, which only the vendors' Fortran libraries have, are exported too,
     * and Open MPI's TYPE(C_PTR) bindings (mpi_alloc_mem_cptr_, ...) and its MPI_Aint_add/_diff, which
     * only its Fortran libraries have as functions (mpi.h has macros).
     */
    @ParameterizedTest(name = "{0}→{1} exports the {0} Fortran-only routines")
    @CsvSource({"openmpi,mpich,libmpi_usempi_ignore_tkr.so.40 libmpi_usempif08.so.40 libmpi_mpifh.so.40",
                "mpich,openmpi,libmpichfort.so.12"})
    void exportsTheFortranOnlyRoutines(String from, String to, String libraries) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols mine = ours(from, to);
        TreeSet<String> missing = new TreeSet<>();
        int checked = 0;
        for (String library : libraries.split(" ")) {
            for (String symbol : DynamicSymbols.of(SYSTEM_LIBRARIES.resolve(library)).symbols().keySet()) {
                String lower = symbol.toLowerCase(Locale.ROOT);
                if (lower.contains("mpi_sizeof") || lower.matches("p?mpi_[a-z_]+_cptr_{0,2}")
                        || lower.matches("p?mpi_f_sync_reg_*(f08_|f08ts_)?")
                        || symbol.matches("p?mpi_aint_(add|diff)(_f08)?_{0,2}|P?MPI_AINT_(ADD|DIFF)")) {
                    checked++;
                    if (!mine.symbols().containsKey(symbol)) {
                        missing.add(symbol);
                    }
                }
            }
        }
        assertTrue(checked >= 30, "only " + checked + " Fortran-only symbols checked");
        assertEquals(new TreeSet<>(), missing, "Fortran-only routines " + from + " exports that the library does not");
    }

    @ParameterizedTest(name = "{0}→{1} exports no Fortran binding (the real library's are used)")
    @CsvSource({"openmpi,openmpi", "mpich,mpich"})
    void identityPairsExportNoFortran(String from, String to) {
        MpiFamily.assumeInstalled(from, to);
        DynamicSymbols mine = ours(from, to);
        assertFalse(mine.symbols().containsKey("mpi_send_"));
        assertFalse(mine.symbols().containsKey("mpi_fortran_in_place_"));
        assertFalse(mine.symbols().containsKey("mpipriv1_"));
    }
}
