package org.wi4mpi.gen.render;

import java.util.List;

/**
 * The Fortran view of one handle kind, for the MPI_X_c2f / MPI_X_f2c functions the application's
 * family exports. An application Fortran handle is the application family's Fortran constant for a
 * predefined object (Open MPI numbers them 0, 1, ...; MPICH reuses its C values) and the runtime's
 * Fortran handle for any other object: the two sets do not meet in either cross pair (small
 * indices against MPICH's tagged values).
 *
 * @param prefix         the X of MPI_X_c2f: Comm, Type, Win, ...
 * @param runtimeCalls   the runtime has MPI_X_c2f/f2c; otherwise its Fortran handle is its C handle
 * @param toFortran      predefined application handles and their Fortran values (c2f)
 * @param fromFortran    the same, one handle per Fortran value (f2c)
 * @param userOffset     added (modulo 2^32) to the runtime's Fortran handle of any other object: 4096
 *                       for the standard ABI, whose predefined values 1…4095 Open MPI's small
 *                       indices would otherwise meet; 0 for the vendor families
 */
public record FortranHandleView(String type, String table, String prefix, boolean runtimeCalls,
                                List<Entry> toFortran, List<Entry> fromFortran, long userOffset) {

    /** A predefined handle, by its constant's name, and its Fortran value. */
    public record Entry(String name, long fortran) {}
}
