package org.wi4mpi.gen.trace.calibrate;

/** A calibration that cannot go on; the message is one sentence naming what is at fault. */
public final class CalibrationException extends Exception {
    public CalibrationException(String message) {
        super(message);
    }
}
