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
 * @param handleType for handles: the MPI handle type
 * @param table      for handles: the handle table
 * @param tableCalls for handles: through wi_<table>_f2c/_c2f; otherwise a cast (the Fortran handle is the C int)
 * @param length     an argument name: the one counting it (indices_out, aint_int_array) or sizing it
 *                   (string_sized, string_returned); for returned_len, the string it sizes
 * @param sentinels  for pointers: the application family's Fortran sentinel addresses and the C constants they stand for
 * @param max        for string_out: the application's MPI_MAX_* constant sizing the C buffer
 * @param unusedIfInPlace for handle arrays the standard ignores when that buffer is MPI_IN_PLACE
 * @param nullHandle for handles: the null handle constant, which fills output handle arrays converted
 *                   element by element first, so that entries the call does not write convert cleanly
 * @param elements   the element count of handle arrays (functions.json length) and of string arrays
 *                   (their fortran_count), written by lengths.ftl
 */
public record FortranArgView(String name, FortranConversion conv, FortranParameter parameter, String cType,
                             String handleType, String dir, boolean array, String table, boolean tableCalls,
                             String length, List<Sentinel> sentinels, String max, String unusedIfInPlace,
                             String nullHandle, LengthExpression elements) {

    /**
     * An argument crossing by {@code conv}, its direction, whether it is an array and the buffer that
     * makes it unused as functions.json says; the other parts are added by the with methods.
     */
    static FortranArgView of(ArgSpec a, FortranConversion conv, FortranParameter parameter, String cType) {
        return new FortranArgView(a.name(), conv, parameter, cType, null, a.dir(), a.isArray(), null, false, null,
                List.of(), null, a.unusedIfInPlace(), null, null);
    }

    FortranArgView withLength(String l) {
        return new FortranArgView(name, conv, parameter, cType, handleType, dir, array, table, tableCalls, l,
                sentinels, max, unusedIfInPlace, nullHandle, elements);
    }

    /** An array functions.json gives no length (its Fortran form's count says how long it is). */
    FortranArgView asArray() {
        return new FortranArgView(name, conv, parameter, cType, handleType, dir, true, table, tableCalls, length,
                sentinels, max, unusedIfInPlace, nullHandle, elements);
    }

    FortranArgView withSentinels(List<Sentinel> s) {
        return new FortranArgView(name, conv, parameter, cType, handleType, dir, array, table, tableCalls, length, s,
                max, unusedIfInPlace, nullHandle, elements);
    }

    FortranArgView withMax(String m) {
        return new FortranArgView(name, conv, parameter, cType, handleType, dir, array, table, tableCalls, length,
                sentinels, m, unusedIfInPlace, nullHandle, elements);
    }

    /** A handle of {@code type} in {@code t}, converted through the table's calls or cast. */
    FortranArgView withHandle(String type, String t, boolean calls, String nullConstant) {
        return new FortranArgView(name, conv, parameter, cType, type, dir, array, t, calls, length, sentinels,
                max, unusedIfInPlace, nullConstant, elements);
    }

    FortranArgView withElements(LengthExpression e) {
        return new FortranArgView(name, conv, parameter, cType, handleType, dir, array, table, tableCalls, length,
                sentinels, max, unusedIfInPlace, nullHandle, e);
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
