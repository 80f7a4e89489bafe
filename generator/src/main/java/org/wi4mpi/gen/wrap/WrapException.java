package org.wi4mpi.gen.wrap;

/** A fault in a .w file: its message reads {@code file:line: what is wrong.} */
public final class WrapException extends RuntimeException {

    public WrapException(String file, int line, String what) {
        super(file + ":" + line + ": " + what + (what.endsWith(".") ? "" : "."));
    }
}
