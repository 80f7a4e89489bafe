package org.wi4mpi.gen.wrap;

import java.util.Optional;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.FortranForm;

/**
 * CHARACTER arguments of the Fortran bindings. A Fortran string has no terminating NUL and its length
 * comes as a hidden argument after all the others (one per string, in order), so an input string is
 * copied into a NUL-terminated C string without its trailing blanks, and an output string is written
 * into a C buffer of the size the dictionaries give (the role's MPI_MAX_* constant, or the count a
 * sized_string or returned_string names) and copied back blank-padded.
 */
final class FortranStrings {

    private final FortranConversions conversions;

    FortranStrings(FortranConversions conversions) {
        this.conversions = conversions;
    }

    /** A {@code char *} or {@code const char *} parameter: a CHARACTER argument in Fortran. */
    static boolean isString(WrapParam p) {
        return p.pointers().equals("*") && p.baseType().replace("const ", "").strip().equals("char");
    }

    /** The hidden length argument of a string parameter. */
    static String lengthName(WrapParam p) {
        return p.name() + "_len";
    }

    /** The delegate's handling of a string parameter, from its role and Fortran form. */
    void convert(FortranCall call, WrapFunction f, WrapParam p, Optional<ArgSpec> spec) {
        String temp = "temp_" + p.name();
        String length = lengthName(p);
        Optional<String> size = spec.filter(s -> s.writes()).flatMap(s -> outputSize(f, s));
        if (spec.isPresent() && !spec.get().writes()) {
            size = Optional.of(length);
        }
        if (size.isEmpty()) {
            call.arguments.add("(" + p.castType() + ")" + p.name());
            return;
        }
        call.usesStrings = true;
        call.locals.add("char *" + temp + " = NULL;");
        // An output buffer starts as the caller's value, so one the call leaves alone comes back unchanged.
        call.before.add(temp + " = " + FortranHelpers.C_STRING + "(" + p.name() + ", " + length + ", " + size.get() + ");");
        call.arguments.add(temp);
        if (spec.get().writes()) {
            call.after.add("if (" + CWrapperWriter.RETURN_VALUE + " == MPI_SUCCESS) " + FortranHelpers.FORTRAN_STRING
                    + "(" + p.name() + ", " + length + ", " + temp + ");");
        }
        call.after.add("free(" + temp + ");");
    }

    /** How many characters the C function may write before its NUL, or empty where the dictionaries do not say. */
    private Optional<String> outputSize(WrapFunction f, ArgSpec spec) {
        Optional<String> max = conversions.stringMax(spec);
        if (max.isPresent()) {
            return max;
        }
        String count = spec.fortran().count();
        if (count != null && (spec.fortran().is(FortranForm.SIZED_STRING) || spec.fortran().is(FortranForm.RETURNED_STRING))) {
            ArgSpec counted = new ArgSpec(spec.name(), spec.type(), spec.role(), spec.dir(), count, null, false, null, false, null);
            return conversions.length(f, counted);
        }
        return Optional.empty();
    }
}
