package org.wi4mpi.gen.clang;

/** A compiler message, formatted with its file, line and column. */
public record Diagnostic(int severity, String text) {

    public boolean isError() {
        return severity >= 3;
    }

    public boolean isFatal() {
        return severity >= 4;
    }
}
