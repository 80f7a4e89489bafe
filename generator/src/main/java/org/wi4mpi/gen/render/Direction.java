package org.wi4mpi.gen.render;

import java.util.Locale;

/** Whether the callee reads an argument, writes it, or both (functions.json dir). */
public enum Direction {
    IN, OUT, INOUT;

    /** The direction spelled in functions.json (the loader accepts only these three). */
    static Direction of(String dir) {
        return valueOf(dir.toUpperCase(Locale.ROOT));
    }

    public boolean reads() {
        return this != OUT;
    }

    public boolean writes() {
        return this != IN;
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
