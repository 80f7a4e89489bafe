package org.wi4mpi.tests.library;

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
     * Open MPI's mpi_f08 bindings take mpif.h's arguments: openmpi→mpich exports each {@code mpi_x_f08_}
     * and {@code pmpi_x_f08_} the vendor's libmpi_usempif08 exports, and the module's handle operators,
     * default-initialisation objects (at the vendor's sizes) and copy procedures.
     */
    @ParameterizedTest(name = "{0}→{1} exports the {0} mpi_f08 bindings and module procedures")
    @CsvSource({"openmpi,mpich"})
    void exportsTheMpiF08Bindings(String from, String to) {
        DynamicSymbols vendor = DynamicSymbols.of(SYSTEM_LIBRARIES.resolve("libmpi_usempif08.so.40"));
        DynamicSymbols mine = ours(from, to);
        TreeSet<String> missing = new TreeSet<>();
        int checked = 0;
        for (var e : vendor.symbols().entrySet()) {
            String symbol = e.getKey();
            // Left out, as in the mpif.h layer: MPI_Sizeof, MPI_F_sync_reg (Fortran-only routines), and
            // MPI_Aint_add/diff, which Open MPI 4.1's C library has as macros only (docs/fortran.md).
            boolean binding = symbol.matches("p?mpi_[a-z0-9_]+_f08_") && !symbol.contains("sizeof")
                    && !symbol.contains("f_sync_reg") && !symbol.matches("p?mpi_aint_(add|diff)_f08_");
            boolean module = symbol.startsWith("__mpi_f08_types_MOD_") && (symbol.contains("_op_eq")
                    || symbol.contains("_op_ne") || symbol.contains("__def_init_") || symbol.contains("__copy_"));
            if (!binding && !module) {
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
        assertTrue(checked > 700, "only " + checked + " mpi_f08 symbols checked");
        assertEquals(new TreeSet<>(), missing, "mpi_f08 symbols Open MPI exports that the library does not");
        assertTrue(mine.symbols().get("mpi_send_f08_").isFunction());
        assertTrue(mine.symbols().get("__mpi_f08_types_MOD_ompi_comm_op_eq").isFunction());
    }

    @ParameterizedTest(name = "{0}→{1} exports no Fortran binding (the real library's are used)")
    @CsvSource({"openmpi,openmpi", "mpich,mpich"})
    void identityPairsExportNoFortran(String from, String to) {
        DynamicSymbols mine = ours(from, to);
        assertFalse(mine.symbols().containsKey("mpi_send_"));
        assertFalse(mine.symbols().containsKey("mpi_fortran_in_place_"));
        assertFalse(mine.symbols().containsKey("mpipriv1_"));
    }
}
