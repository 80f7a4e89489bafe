package org.wi4mpi.gen.clang;

/** What clang_Cursor_Evaluate made of an initializer. */
public sealed interface Evaluation {

    record IntValue(long value) implements Evaluation {}

    record FloatValue(double value) implements Evaluation {}

    record StringValue(String text) implements Evaluation {}

    /** Evaluated, but not to a number or a string (e.g. the address of a symbol). */
    record Unexposed() implements Evaluation {}

    /** Not a constant expression. */
    record NotConstant() implements Evaluation {}
}
