package org.wi4mpi.gen.render;

/**
 * One exported symbol of the translation library (the function's, or its PMPI_ name) and where the
 * code chooser sends the application: the A_ function of the function, or its abort stub when it is
 * not translated; from inside the translation layer, the runtime's function. A direct entry (identity
 * pairs: nothing to translate) always jumps to the runtime. typed: the runtime pointer is the typed
 * R_PMPI_X shared with the A_ functions and the runtime support; the others get a name of their own,
 * since Open MPI exports functions named like constants (MPI_DUP_FN) and R_MPI_DUP_FN is the
 * runtime's constant.
 */
public record ChooserEntry(String symbol, String function, boolean translated, boolean weak, boolean direct,
                           boolean typed) {}
