package org.wi4mpi.gen.wrap;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The Fortran PMPI_Init symbols a compiler may have produced. A wrapper library built for PIC (-DPIC)
 * finds the one linked at run time; a static one calls the binding chosen with -i.
 */
public enum PmpiInitBinding {
    UPPER("PMPI_INIT"),
    LOWER("pmpi_init"),
    UNDERSCORE("pmpi_init_"),
    DOUBLE_UNDERSCORE("pmpi_init__");

    public final String symbol;

    PmpiInitBinding(String symbol) {
        this.symbol = symbol;
    }

    public static Optional<PmpiInitBinding> ofSymbol(String symbol) {
        return Arrays.stream(values()).filter(b -> b.symbol.equals(symbol)).findFirst();
    }

    public static String symbols() {
        return Arrays.stream(values()).map(b -> b.symbol).collect(Collectors.joining(", "));
    }

    /** The value the Fortran MPI_Init binding of this mangling stores in fortran_init (1 to 4). */
    int flag() {
        return ordinal() + 1;
    }
}
