package org.wi4mpi.gen.wrap;

/** A piece of a .w file as the lexers cut it, with the line it starts on (1-based). */
record Token(Kind kind, String text, int line) {

    enum Kind {
        /** {@code {{}: opens a macro. */
        OPEN,
        /** {@code }}}: closes a macro. */
        CLOSE,
        /** Text outside macros, or the raw text between a macro's braces before it is split into words. */
        TEXT,
        /** A word inside a macro: a name or an argument, quotes removed. */
        WORD
    }
}
