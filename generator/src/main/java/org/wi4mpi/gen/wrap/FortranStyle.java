package org.wi4mpi.gen.wrap;

import java.util.List;
import java.util.function.Function;

/**
 * How Fortran bindings recognise the Fortran sentinels and which symbols they define. {@code wrap -f}
 * compares statuses with the MPI's MPI_F_STATUS(ES)_IGNORE, passes buffers unconverted, defines the four
 * manglings and remembers which MPI_Init binding the program called; a tool that knows the family's
 * sentinel common blocks (the tracing tools) gives its own expressions and symbols.
 *
 * @param statusIgnore    C expression of the Fortran MPI_STATUS_IGNORE address
 * @param statusesIgnore  C expression of the Fortran MPI_STATUSES_IGNORE address
 * @param bufferSentinels C function turning a Fortran buffer address into C's (MPI_IN_PLACE, MPI_BOTTOM
 *                        or the address itself), or null when the sentinels' addresses are not known:
 *                        buffers, and the statuses a family passes unconverted, are then passed as they are
 * @param symbols         the symbols of a function's bindings, from its C name
 * @param rememberInit    whether MPI_Init's bindings set {@code fortran_init} to their mangling's number
 * @param statusesCopiedIn whether output statuses start as the caller's Fortran statuses (converted in
 *                        before the call), so that fields the MPI leaves alone keep the caller's
 *                        memory, as when an MPI's own binding passes that memory to C
 */
public record FortranStyle(String statusIgnore, String statusesIgnore, String bufferSentinels,
                           Function<String, List<String>> symbols, boolean rememberInit, boolean statusesCopiedIn) {

    /** wrap -f: MPI_X, mpi_x, mpi_x_, mpi_x__ (in this order: MPI_Init's flag is the position plus one). */
    static final FortranStyle WRAP = new FortranStyle("MPI_F_STATUS_IGNORE", "MPI_F_STATUSES_IGNORE", null,
            name -> List.of(name.toUpperCase(), name.toLowerCase(), name.toLowerCase() + "_", name.toLowerCase() + "__"),
            true, false);

    /** Whether the sentinels' addresses are known: buffers and unconverted statuses are compared with them. */
    boolean knowsSentinels() {
        return bufferSentinels != null;
    }
}
