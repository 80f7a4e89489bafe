package org.wi4mpi.gen.render;

import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.LengthExpression;

import java.util.List;

/**
 * One argument of a Fortran wrapper: how the application's Fortran argument (always passed by
 * reference) becomes the application's C argument of the A_ function, and back. MPI names (types,
 * constants) are given without the application's A_ prefix, which the template writes.
 *
 * @param conv       how it crosses (FortranConversion)
 * @param parameter  what the Fortran argument is in the wrapper's C parameters (FortranParameter)
 * @param cType      the argument's type in the A_ function
 * @param unusedIfInPlace for handles the standard ignores when that buffer is MPI_IN_PLACE
 * @param handle     for handles: how they cross, else null
 * @param length     an argument name: the one counting it (indices_out, aint_int_array) or sizing it
 *                   (string_sized, string_returned); for returned_len, the string it sizes
 * @param elements   the element count of handle arrays (functions.json length) and of string arrays
 *                   (their fortran_count), written by lengths.ftl
 * @param max        for string_out: the application's MPI_MAX_* constant sizing the C buffer
 * @param sentinels  for pointers: the application family's Fortran sentinel addresses and the C constants they stand for
 */
public record FortranArgView(String name, FortranConversion conv, FortranParameter parameter, String cType,
                             String dir, boolean array, String unusedIfInPlace, Handle handle, String length,
                             LengthExpression elements, String max, List<Sentinel> sentinels) {

    /**
     * How a handle crosses: its MPI type, its handle table, whether through the table's
     * wi_<table>_f2c/_c2f (otherwise a cast: the Fortran handle is the C int), and the null handle
     * constant, which fills output handle arrays converted element by element first, so that entries
     * the call does not write convert cleanly.
     */
    public record Handle(String type, String table, boolean tableCalls, String nullConstant) {}

    /**
     * An argument crossing by {@code conv}, its direction, whether it is an array and the buffer that
     * makes it unused as functions.json says; the other parts are added by the with methods.
     */
    static FortranArgView of(ArgSpec a, FortranConversion conv, FortranParameter parameter, String cType) {
        return new FortranArgView(a.name(), conv, parameter, cType, a.dir(), a.isArray(), a.unusedIfInPlace(), null,
                null, null, null, List.of());
    }

    FortranArgView withLength(String l) {
        return new FortranArgView(name, conv, parameter, cType, dir, array, unusedIfInPlace, handle, l, elements, max,
                sentinels);
    }

    /** An array functions.json gives no length (its Fortran form's count says how long it is). */
    FortranArgView asArray() {
        return new FortranArgView(name, conv, parameter, cType, dir, true, unusedIfInPlace, handle, length, elements,
                max, sentinels);
    }

    FortranArgView withSentinels(List<Sentinel> s) {
        return new FortranArgView(name, conv, parameter, cType, dir, array, unusedIfInPlace, handle, length, elements,
                max, s);
    }

    FortranArgView withMax(String m) {
        return new FortranArgView(name, conv, parameter, cType, dir, array, unusedIfInPlace, handle, length, elements,
                m, sentinels);
    }

    FortranArgView withHandle(Handle h) {
        return new FortranArgView(name, conv, parameter, cType, dir, array, unusedIfInPlace, h, length, elements, max,
                sentinels);
    }

    FortranArgView withElements(LengthExpression e) {
        return new FortranArgView(name, conv, parameter, cType, dir, array, unusedIfInPlace, handle, length, e, max,
                sentinels);
    }

    /**
     * A Fortran address standing for the application's C constant {@code constant}: a member of a
     * common block ({@code block} and the member's {@code offset}), an exported symbol of a predefined
     * callback procedure ({@code symbol}), or, with neither, the wrapper layer's own procedure for the
     * predefined callback {@code name}.
     */
    public record Sentinel(String name, String block, long offset, String symbol, String constant) {

        static Sentinel member(String name, String block, long offset) {
            return new Sentinel(name, block, offset, null, name);
        }

        static Sentinel procedure(String name, String constant) {
            return new Sentinel(name, null, 0, null, constant);
        }

        static Sentinel symbol(String name, String symbol, String constant) {
            return new Sentinel(name, null, 0, symbol, constant);
        }
    }

    public boolean reads() { return dir.equals("in") || dir.equals("inout"); }

    public boolean writes() { return dir.equals("out") || dir.equals("inout"); }
}
