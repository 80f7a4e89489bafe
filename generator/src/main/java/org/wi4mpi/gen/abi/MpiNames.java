package org.wi4mpi.gen.abi;

import java.util.Set;
import java.util.regex.Pattern;

/** Which C names belong to the MPI interface. */
final class MpiNames {

    /** Functions, typedefs and constants of the MPI interface (PMPI_ profiling names excluded). */
    static final Pattern INTERFACE = Pattern.compile("^MPIX?_\\w+$");

    /**
     * Vendor constants outside the MPI_ names that the translation maps: Open MPI's split types
     * (OMPI_COMM_TYPE_CORE, ...), whose numbers are other split types in MPICH.
     */
    static final Pattern VENDOR_CONSTANT = Pattern.compile("^OMPI_COMM_TYPE_\\w+$");

    /** What a library exports for the interface, profiling entry points included. */
    static final Pattern EXPORTED_FUNCTION = Pattern.compile("^P?MPIX?_\\w+$");

    /** Typedefs the standard defines as integers; every other integer-typed MPI typedef is a handle. */
    static final Set<String> INTEGER_TYPES = Set.of("MPI_Aint", "MPI_Offset", "MPI_Count", "MPI_Fint");

    private MpiNames() {}

    static boolean isInterface(String name) {
        return INTERFACE.matcher(name).matches();
    }

    static boolean isVendorConstant(String name) {
        return VENDOR_CONSTANT.matcher(name).matches();
    }
}
