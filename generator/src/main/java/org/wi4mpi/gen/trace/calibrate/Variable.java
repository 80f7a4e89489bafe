package org.wi4mpi.gen.trace.calibrate;

/** An explanatory variable of a latency fit, named as in the model file. */
public enum Variable {
    BYTES("bytes"),
    RANKS("ranks");

    private final String key;

    Variable(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }
}
