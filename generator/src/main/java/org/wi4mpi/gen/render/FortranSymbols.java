package org.wi4mpi.gen.render;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The symbols a Fortran compiler may call for one MPI function (docs/fortran.md): the four manglings
 * {@code mpi_send_}, {@code mpi_send__}, {@code MPI_SEND}, {@code mpi_send} and their PMPI twins, and
 * (the mpi_f08 symbols are added by the model builder, with the family's profiling prefix).
 */
public final class FortranSymbols {

    private FortranSymbols() {}

    /**
     * The manglings of {@code name} and of its PMPI twin, minus names the C library exports itself as
     * C functions (an all-capitals name it exports, such as Open MPI's MPI_COMM_DUP_FN, is the Fortran
     * mangling, and the Fortran layer defines it).
     */
    public static List<String> of(String name, Collection<String> cExports) {
        String lower = name.toLowerCase(Locale.ROOT);
        String upper = name.toUpperCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (String prefix : List.of("", "p")) {
            for (String s : List.of(prefix + lower + "_", prefix + lower + "__",
                    prefix.toUpperCase(Locale.ROOT) + upper, prefix + lower)) {
                if (!cExports.contains(s) || isFortranMangling(s)) {
                    out.add(s);
                }
            }
        }
        return out;
    }

    /** An all-capitals MPI name: no C function is spelt so, only the upper-case Fortran mangling. */
    public static boolean isFortranMangling(String symbol) {
        return symbol.matches("P?MPI_[A-Z0-9_]+");
    }
}
