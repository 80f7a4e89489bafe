package org.wi4mpi.gen.clang;

/** libclang could not be loaded, or could not parse a file; the message is one sentence for the user. */
public final class ClangException extends RuntimeException {

    public ClangException(String message) {
        super(message);
    }

    public ClangException(String message, Throwable cause) {
        super(message, cause);
    }
}
