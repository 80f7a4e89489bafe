package org.wi4mpi.gen.dict;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How an argument looks in the Fortran binding where its C type and role do not say it
 * (functions.json "fortran", docs/fortran.md). Each form may take the argument "fortran_count" names:
 * the int counting the array or sizing the string.
 */
public enum FortranForm {
    /** A LOGICAL where C has an int (flag, commute, reorder). */
    LOGICAL("logical", Count.NONE),
    /** Absent from the Fortran binding (MPI_Init's argc and argv): C gets NULL, or 0 by value. */
    OMITTED("omitted", Count.NONE),
    /** A request index, or an array of them (counted by fortran_count), Fortran counting from 1. */
    ONE_BASED("one_based", Count.OPTIONAL),
    /** MPI-1: an INTEGER where C has an MPI_Aint, or an array of them (counted by fortran_count). */
    INTEGER_ADDRESS("integer_address", Count.OPTIONAL),
    /**
     * A choice buffer (mpi_f08: TYPE(*), DIMENSION(..)) that its role does not make one (MPI_Pack's
     * outbuf, MPI_Win_create's base): passed as its role says, as an array descriptor where the
     * family's mpi_f08 bindings take them.
     */
    CHOICE("choice", Count.NONE),
    /** A pointer output the Fortran binding does not return: the C call writes a temporary. */
    IGNORED_OUTPUT("ignored_output", Count.NONE),
    /** CHARACTER*(*) ARGV(*), ended by a blank element; MPI_ARGV_NULL. */
    ARGV("argv", Count.NONE),
    /** CHARACTER*(*) array of exactly fortran_count strings. */
    STRINGS("strings", Count.REQUIRED),
    /** CHARACTER*(*) ARGV(fortran_count, *), per command ended by a blank element; MPI_ARGVS_NULL. */
    ARGVS("argvs", Count.REQUIRED),
    /** An output string whose C buffer is fortran_count + 1 bytes, copied blank-padded. */
    SIZED_STRING("sized_string", Count.REQUIRED),
    /** An output string sized by fortran_count, an in/out length (C counts the NUL, Fortran does not). */
    RETURNED_STRING("returned_string", Count.REQUIRED),
    /** An attribute value: INTEGER(KIND=MPI_ADDRESS_KIND) where C has a pointer. */
    ATTRIBUTE("attribute", Count.NONE),
    /** An MPI-1 attribute value: INTEGER where C has a pointer. */
    INTEGER_ATTRIBUTE("integer_attribute", Count.NONE),
    /** Callbacks' extra state: INTEGER(KIND=MPI_ADDRESS_KIND), kept as the C pointer value. */
    EXTRA_STATE("extra_state", Count.NONE),
    /** MPI-1 callbacks' extra state: INTEGER, and the callbacks' values are INTEGERs too. */
    INTEGER_EXTRA_STATE("integer_extra_state", Count.NONE),
    /** Extra state kept by reference: the callbacks get the application's variable itself. */
    REFERENCE_EXTRA_STATE("reference_extra_state", Count.NONE);

    /** Whether a form takes the "fortran_count" argument. */
    public enum Count { NONE, OPTIONAL, REQUIRED }

    private final String jsonName;
    private final Count count;

    FortranForm(String jsonName, Count count) {
        this.jsonName = jsonName;
        this.count = count;
    }

    public String jsonName() {
        return jsonName;
    }

    public Count count() {
        return count;
    }

    /** An attribute value or extra state: an integer in Fortran where C has a pointer. */
    public boolean isAttribute() {
        return switch (this) {
            case ATTRIBUTE, INTEGER_ATTRIBUTE, EXTRA_STATE, INTEGER_EXTRA_STATE, REFERENCE_EXTRA_STATE -> true;
            default -> false;
        };
    }

    /** An MPI-1 form, whose integers are INTEGERs rather than INTEGER(KIND=MPI_ADDRESS_KIND). */
    public boolean isMpi1Integer() {
        return this == INTEGER_ATTRIBUTE || this == INTEGER_EXTRA_STATE;
    }

    public static Optional<FortranForm> fromJson(String name) {
        return Arrays.stream(values()).filter(f -> f.jsonName.equals(name)).findFirst();
    }

    static String knownNames() {
        return Arrays.stream(values()).map(FortranForm::jsonName).collect(Collectors.joining(", "));
    }
}
