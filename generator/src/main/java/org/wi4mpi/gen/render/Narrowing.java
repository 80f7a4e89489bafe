package org.wi4mpi.gen.render;

import java.util.Locale;

/**
 * How an integer argument the runtime's function takes narrower reaches it (a large-count function
 * calling the runtime's int form, LargeCountForms.narrowing). Templates compare the lower-case name.
 */
public enum Narrowing {
    /** The same type, or a pointer to an integer of the same width. */
    NONE,
    /** The MPI_Count of MPI_Send_c reaching Open MPI's MPI_Send as int, checked to fit before the call. */
    SCALAR,
    /** One integer output or in/out through an int temporary (MPI_Pack_c's position). */
    POINTER,
    /** An input array copied into ints, each element checked (MPI_Alltoallv_c's counts). */
    ARRAY,
    /**
     * An argument the int form lacks, not passed: a single output is written 0
     * (MPI_Type_get_envelope_c's num_large_counts).
     */
    ABSENT;

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
