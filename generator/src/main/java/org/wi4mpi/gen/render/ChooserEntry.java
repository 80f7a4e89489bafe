package org.wi4mpi.gen.render;

/**
 * One exported symbol of the translation library (the function's, or its PMPI_ name) and where the
 * code chooser sends the application: the entry of the function (target), or its abort stub when it
 * is not translated; from inside the translation layer, the function a runtime pointer holds. A direct
 * entry (identity pairs: nothing to translate) always jumps through the runtime pointer.
 *
 * runtimePointer is the cell the loader fills: R_PMPI_X (typed, the runtime's PMPI_X) for a PMPI_
 * name, T_MPI_X (typed, the target's MPI_X: a tool below the translation defining it, else the
 * runtime's) for an MPI_ name, both shared with the entries and the runtime support; wi_rfn_<symbol>
 * for the symbols no typed pointer covers, since Open MPI exports functions named like constants
 * (MPI_DUP_FN) and R_MPI_DUP_FN is the runtime's constant.
 */
public record ChooserEntry(String symbol, String function, Target target, boolean weak, boolean direct,
                           String runtimePointer) {

    /** The C function an application's call of the symbol runs. */
    public enum Target {
        /** A_MPI_X: the translation calling the target's MPI_X (T_MPI_X). */
        MPI_ENTRY("A_"),
        /** AP_MPI_X: the same translation calling the runtime's PMPI_X (R_PMPI_X). */
        PMPI_ENTRY("AP_"),
        /** wi_unsupported_MPI_X: aborts with the function's name. */
        UNSUPPORTED("wi_unsupported_");

        private final String prefix;

        Target(String prefix) {
            this.prefix = prefix;
        }
    }

    /** The name of the C function the application's call jumps to. */
    public String entry() {
        return target.prefix + function;
    }
}
