package org.wi4mpi.gen.render;

import java.util.Locale;

/**
 * What a Fortran argument is when it reaches the wrapper (always by reference), which
 * wi_fortran.c.ftl's fortranParam spells as a C parameter; each constant is one of its cases, in
 * lower case.
 */
public enum FortranParameter {
    /** A default INTEGER: handles, LOGICALs, statuses, MPI-1 addresses and attribute values. */
    INTEGER,
    /** An INTEGER(KIND=MPI_ADDRESS_KIND): attribute values and extra state. */
    ADDRESS_INTEGER,
    /** A CHARACTER string, its length a hidden parameter. */
    CHARACTER,
    /** An INTEGER the C function takes as an int (keyvals, the length of a returned string). */
    INT,
    /** An address only: a procedure, or an output the binding does not write. */
    ADDRESS,
    /** The C argument itself: a pointer passed on. */
    C_TYPE,
    /** A reference to the C argument: a scalar dereferenced. */
    C_REFERENCE,
    /** Absent from the Fortran binding. */
    NONE;

    /** The template's spelling. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
