package org.wi4mpi.gen.render;

import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.LengthExpression;

import java.util.List;

/**
 * One argument of a Fortran wrapper: how the application's Fortran argument (always passed by
 * reference) becomes the application's C argument of the A_ function, and back.
 *
 * @param conv       how it crosses (FortranConversion)
 * @param fortranDecl the C declaration of the Fortran parameter ({@code A_MPI_Fint *comm})
 * @param cType      the argument's type in the A_ function
 * @param element    for handles: the A_ handle type; for attribute values: the C type of the Fortran integer
 * @param table      for handles: the handle table
 * @param tableCalls for handles: through wi_<table>_f2c/_c2f; otherwise a cast (the Fortran handle is the C int)
 * @param length     an argument name: the one counting it (indices_out, aint_int_array) or sizing it
 *                   (string_sized, string_returned); for returned_len, the string it sizes
 * @param sentinels  for pointers: the application family's Fortran sentinel addresses and the C constants they stand for
 * @param max        for string_out: the application's A_MPI_MAX_* macro sizing the C buffer
 * @param unusedIfInPlace for handle arrays the standard ignores when that buffer is MPI_IN_PLACE
 * @param nullHandle for output handle arrays converted element by element: the A_ null handle that
 *                   fills them first, so that entries the call does not write convert cleanly
 * @param elements   the element count of handle arrays (functions.json length) and of string arrays
 *                   (their fortran_count), written by lengths.ftl
 */
public record FortranArgView(String name, FortranConversion conv, String fortranDecl, String cType, String element,
                             String dir, boolean array, String table, boolean tableCalls, String length,
                             List<Sentinel> sentinels, String max, String unusedIfInPlace, String nullHandle,
                             LengthExpression elements) {

    /**
     * An argument crossing by {@code conv}, its direction, whether it is an array and the buffer that
     * makes it unused as functions.json says; the other parts are added by the with methods.
     */
    static FortranArgView of(ArgSpec a, FortranConversion conv, String fortranDecl, String cType) {
        return new FortranArgView(a.name(), conv, fortranDecl, cType, null, a.dir(), a.isArray(), null, false, null,
                List.of(), null, a.unusedIfInPlace(), null, null);
    }

    FortranArgView withElement(String e) {
        return new FortranArgView(name, conv, fortranDecl, cType, e, dir, array, table, tableCalls, length, sentinels,
                max, unusedIfInPlace, nullHandle, elements);
    }

    FortranArgView withLength(String l) {
        return new FortranArgView(name, conv, fortranDecl, cType, element, dir, array, table, tableCalls, l, sentinels,
                max, unusedIfInPlace, nullHandle, elements);
    }

    /** An array functions.json gives no length (its Fortran form's count says how long it is). */
    FortranArgView asArray() {
        return new FortranArgView(name, conv, fortranDecl, cType, element, dir, true, table, tableCalls, length,
                sentinels, max, unusedIfInPlace, nullHandle, elements);
    }

    FortranArgView withSentinels(List<Sentinel> s) {
        return new FortranArgView(name, conv, fortranDecl, cType, element, dir, array, table, tableCalls, length, s,
                max, unusedIfInPlace, nullHandle, elements);
    }

    FortranArgView withMax(String m) {
        return new FortranArgView(name, conv, fortranDecl, cType, element, dir, array, table, tableCalls, length,
                sentinels, m, unusedIfInPlace, nullHandle, elements);
    }

    FortranArgView withHandleTable(String t, boolean calls, String nullValue) {
        return new FortranArgView(name, conv, fortranDecl, cType, element, dir, array, t, calls, length, sentinels,
                max, unusedIfInPlace, nullValue, elements);
    }

    FortranArgView withElements(LengthExpression e) {
        return new FortranArgView(name, conv, fortranDecl, cType, element, dir, array, table, tableCalls, length,
                sentinels, max, unusedIfInPlace, nullHandle, e);
    }

    /** A Fortran sentinel: the address of a common block member, and the application's C constant. */
    public record Sentinel(String name, String address, String constant) {}

    public boolean reads() { return dir.equals("in") || dir.equals("inout"); }

    public boolean writes() { return dir.equals("out") || dir.equals("inout"); }

    /** The application-side temporary. */
    public String temp() { return "a_" + name; }

    /** The hidden length parameter of a character argument. */
    public String lengthParam() { return name + "_len"; }
}
