package org.wi4mpi.gen.abi;

/** The probe cannot run or its input is wrong; the message is one sentence naming the file or entry at fault. */
public final class ProbeException extends RuntimeException {

    public ProbeException(String message) {
        super(message);
    }

    public ProbeException(String message, Throwable cause) {
        super(message, cause);
    }
}
