package org.wi4mpi.gen.trace;

/** How one argument of a DUMPI call record is laid out on the stream (see dumpi-calls.txt). */
public enum FieldKind {
    I8, I16, I32, I64,
    /** An i32 length, then that many values of 1, 2 or 4 bytes. */
    A8, A16, A32,
    /** An i32 length, then that many {@link #A32}. */
    A32X2,
    /** A character array: an i32 length, then the bytes. */
    STR,
    /** An i32 count, then that many {@link #STR}. */
    STR2,
    /** An i32 count, then that many {@link #STR2}. */
    STR3,
    /** MPI statuses, present only when the record's status bits are set. */
    STATUS;

    static FieldKind ofToken(String token) {
        return switch (token) {
            case "i8" -> I8;
            case "i16" -> I16;
            case "i32" -> I32;
            case "i64" -> I64;
            case "a8" -> A8;
            case "a16" -> A16;
            case "a32" -> A32;
            case "a32x2" -> A32X2;
            case "s" -> STR;
            case "s2" -> STR2;
            case "s3" -> STR3;
            case "st" -> STATUS;
            default -> throw new IllegalArgumentException("unknown field kind " + token);
        };
    }
}
