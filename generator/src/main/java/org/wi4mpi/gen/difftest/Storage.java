package org.wi4mpi.gen.difftest;

import java.util.Locale;

/** Where a case keeps an argument (driver.c.ftl declares it by the lower-case spelling). */
public enum Storage {
    /** Nowhere: the value is passed as it is. */
    NONE,
    /** An array of elements, filled with the value or the canary. */
    ELEMENTS,
    /** A data buffer between guard zones. */
    BYTES,
    /** An output string. */
    CHARS;

    /** The template's spelling. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
