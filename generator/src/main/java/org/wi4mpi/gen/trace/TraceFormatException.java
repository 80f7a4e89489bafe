package org.wi4mpi.gen.trace;

import java.nio.file.Path;

/** A trace file that is truncated, corrupt or not DUMPI: the message names the file and the byte offset. */
public final class TraceFormatException extends Exception {

    public TraceFormatException(Path file, long offset, String what) {
        super(file + ": " + what + " at byte " + offset + ".");
    }

    /** A fault of the whole run (missing files, inconsistent ranks) rather than of one byte. */
    public TraceFormatException(String message) {
        super(message);
    }
}
