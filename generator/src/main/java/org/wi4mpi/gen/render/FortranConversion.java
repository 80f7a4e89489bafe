package org.wi4mpi.gen.render;

import java.util.Locale;

/**
 * How a Fortran argument (always passed by reference) becomes the application's C argument of the
 * A_ function, and back: each constant is one case of wi_fortran.c.ftl's before, arg and after, which
 * spells it in lower case.
 */
public enum FortranConversion {
    /** A scalar, dereferenced. */
    VALUE,
    /** Passed as it is, sentinel addresses replaced by the C constants they stand for. */
    POINTER,
    /** A LOGICAL input: nonzero is true. */
    LOGICAL_IN,
    /** A LOGICAL output: the family's .TRUE. or 0. */
    LOGICAL_OUT,
    /** A request index, counted from 1 in Fortran. */
    INDEX_OUT,
    /** An array of request indices, counted from 1 in Fortran. */
    INDICES_OUT,
    /** MPI-1: an INTEGER input where C has an MPI_Aint. */
    AINT_INT_IN,
    /** MPI-1: an INTEGER output where C has an MPI_Aint. */
    AINT_INT_OUT,
    /** MPI-1: an INTEGER array where C has MPI_Aint ones. */
    AINT_INT_ARRAY,
    /** A handle or handle array: through the handle table, or cast where the Fortran handle is the C one. */
    HANDLE,
    /** An input string: blank-trimmed and NUL-terminated. */
    STRING_IN,
    /** An output string in a buffer of MPI_MAX_* characters, copied back blank-padded. */
    STRING_OUT,
    /** An output string in a buffer sized by another argument. */
    STRING_SIZED,
    /** An output string sized by an in/out length. */
    STRING_RETURNED,
    /** CHARACTER*(*) ARGV(*). */
    STRING_ARGV,
    /** CHARACTER*(*) ARGV(count, *). */
    STRING_ARGVS,
    /** CHARACTER*(*) array of count strings. */
    STRING_STRINGS,
    /** The in/out length of a returned string. */
    RETURNED_LEN,
    /** A pointer output the Fortran binding does not return. */
    IGNORED_OUT,
    /** Absent in Fortran: C gets NULL. */
    OMITTED,
    /** Absent in Fortran: C gets 0 (a count by value). */
    OMITTED_VALUE,
    /** A Fortran procedure, or one of the predefined ones standing for a C constant. */
    CALLBACK,
    /** Extra state: the integer becomes the C pointer value. */
    ATTRIBUTE_IN,
    /** An attribute value returned: the Fortran integer of the C value. */
    ATTRIBUTE_OUT,
    /** An attribute value set: C gets a pointer to a box holding the integer. */
    ATTRIBUTE_BOX,
    /** Extra state by reference: C gets the address of the application's variable. */
    ATTRIBUTE_REF,
    /** A keyval: predefined ones whose Fortran value differs are mapped back. */
    KEYVAL;

    /** A string the wrapper receives with a hidden length parameter. */
    public boolean isString() {
        return switch (this) {
            case STRING_IN, STRING_OUT, STRING_SIZED, STRING_RETURNED, STRING_ARGV, STRING_ARGVS, STRING_STRINGS -> true;
            default -> false;
        };
    }

    /** Absent from the Fortran binding's parameters. */
    public boolean isOmitted() {
        return this == OMITTED || this == OMITTED_VALUE;
    }

    /** The template's spelling. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
