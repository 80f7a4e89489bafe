package org.wi4mpi.gen.render;

/**
 * One exported symbol of the translation library: where the code chooser sends the application
 * (the A_ function, or the abort stub when the function is not translated) and the runtime pointer it
 * jumps through when called from inside the translation layer. A direct entry (identity pairs: nothing
 * to translate) always jumps to the runtime.
 */
public record ChooserEntry(String symbol, String applicationTarget, boolean translated, boolean weak,
                           boolean direct, boolean typed) {
    /**
     * Typed pointers (R_PMPI_X) are shared with the A_ functions and the runtime support; the others
     * get a name of their own, since Open MPI exports functions named like constants (MPI_DUP_FN) and
     * R_MPI_DUP_FN is the runtime's constant.
     */
    public String runtimePointer() { return (typed ? "R_" : "wi_rfn_") + symbol; }
}
