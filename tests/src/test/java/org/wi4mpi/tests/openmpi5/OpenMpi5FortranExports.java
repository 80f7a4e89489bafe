package org.wi4mpi.tests.openmpi5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * What a program built with Open MPI 5's mpi_f08 module or mpif.h needs from libmpi_usempif08.so.40,
 * read from the build with nm, against what a cross-pair library exports (docs/openmpi5.md, "Fortran").
 */
final class OpenMpi5FortranExports {

    private OpenMpi5FortranExports() {
    }

    /** Every such symbol of 5's library is exported by {@code library}, data at the same size. */
    static void assertExported(Path prefix, Path library) {
        assertTrue(Files.isRegularFile(library), library + " is missing: build the install tree first (mvn install)");
        Map<String, Long> vendor = defined(prefix.resolve("lib/libmpi_usempif08.so.40"));
        Map<String, Long> ours = defined(library);
        Set<String> cFunctions = new HashSet<>();
        defined(prefix.resolve("lib/libmpi.so.40")).keySet().stream().filter(s -> s.startsWith("MPI_"))
                .forEach(s -> cFunctions.add(s.toLowerCase(Locale.ROOT)));
        TreeSet<String> missing = new TreeSet<>();
        Map<String, String> sizes = new TreeMap<>();
        int bindings = 0;
        int module = 0;
        for (var e : vendor.entrySet()) {
            String symbol = e.getKey();
            // Bindings of functions 5's C library lacks are Fortran-only routines (MPI_Sizeof, MPI_F_sync_reg).
            // 5.0.7 misnames one profiling binding: its module's PMPI_Ineighbor_alltoallv calls it.
            boolean binding = symbol.matches("p?mpi_[a-z0-9_]+_f08_")
                    && cFunctions.contains(symbol.replaceFirst("^pmpi_", "mpi_").replaceFirst("_f08_$", ""))
                    || symbol.equals("pmpi_ineighbor_alltoallv_init_f08_");
            boolean data = symbol.startsWith("__mpi_types_MOD___def_init_") || symbol.startsWith("mpi_fortran_");
            boolean procedure = symbol.matches("__mpi_types_MOD_ompi_[a-z]+_op_(eq|ne)")
                    || symbol.startsWith("__mpi_types_MOD___copy_") || symbol.startsWith("__mpi_f08_callbacks_MOD_");
            if (!binding && !data && !procedure) {
                continue;
            }
            bindings += binding ? 1 : 0;
            module += binding ? 0 : 1;
            if (!ours.containsKey(symbol)) {
                missing.add(symbol);
            } else if (data && !e.getValue().equals(ours.get(symbol))) {
                sizes.put(symbol, "5: " + e.getValue() + " B, " + library.getFileName() + ": " + ours.get(symbol) + " B");
            }
        }
        assertEquals(new TreeSet<>(), missing, "symbols of Open MPI 5's libmpi_usempif08.so.40 " + library.getFileName()
                + " does not export");
        assertEquals(Map.of(), sizes, "data exported at another size than Open MPI 5's");
        // 5.0.7: 785 bindings (393 functions, their pmpi twins but MPI_Precv_init's and
        // MPI_Ineighbor_alltoallv's, and the misnamed one); 20 operators, 12 + 12 default
        // initialisations and copies, 10 callback procedures, 9 sentinel blocks.
        assertEquals(785, bindings, "mpi_f08 bindings of Open MPI 5 checked");
        assertEquals(63, module, "mpi_types module symbols, callback procedures and sentinel blocks of Open MPI 5");
    }

    /** {@code nm -D --defined-only -S}: each defined dynamic symbol and its size (-1 when nm gives none). */
    private static Map<String, Long> defined(Path library) {
        ProcessResult nm = ProcessRunner.run(List.of("nm", "-D", "--defined-only", "-S", library.toString()),
                Path.of("."), Map.of(), Duration.ofSeconds(30));
        assertEquals(0, nm.exitCode(), nm::describe);
        Map<String, Long> out = new TreeMap<>();
        for (String line : nm.stdout().lines().toList()) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 4) {
                out.put(f[3], Long.parseLong(f[1], 16));
            } else if (f.length == 3) {
                out.put(f[2], -1L);
            }
        }
        return out;
    }
}
