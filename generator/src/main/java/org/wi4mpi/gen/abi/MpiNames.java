package org.wi4mpi.gen.abi;

import java.util.Set;
import java.util.regex.Pattern;

/** Which C names belong to the MPI interface. */
final class MpiNames {

    /** Functions, typedefs and constants of the MPI interface (PMPI_ profiling names excluded). */
    static final Pattern INTERFACE = Pattern.compile("^MPIX?_\\w+$");

    /** What a library exports for the interface, profiling entry points included. */
    static final Pattern EXPORTED_FUNCTION = Pattern.compile("^P?MPIX?_\\w+$");

    /** Typedefs the standard defines as integers; every other integer-typed MPI typedef is a handle. */
    static final Set<String> INTEGER_TYPES = Set.of("MPI_Aint", "MPI_Offset", "MPI_Count", "MPI_Fint");

    private MpiNames() {}

    static boolean isInterface(String name) {
        return INTERFACE.matcher(name).matches();
    }
}
