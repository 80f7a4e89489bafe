package org.wi4mpi.gen.difftest;

import java.util.Locale;

/**
 * How the driver logs a value, normalised so that two families' logs compare: each constant is one
 * of support.c.ftl's dt_rec_ functions, which driver.c.ftl calls by its lower-case spelling.
 */
public enum Recorder {
    /** A handle: predefined ones by name, others by the order they were first seen. */
    HANDLE,
    /** A constant of an int_constants role, by name. */
    CONST,
    /** A bitmask of a bitmask role, by the names of its bits. */
    BITMASK,
    /** An error code, by its class. */
    ERROR,
    /** An error code of the tool interface, by name. */
    TOOL_ERROR,
    /** A status, field by field. */
    STATUS,
    /** An integer. */
    NUMBER,
    /** A double. */
    DOUBLE,
    /** A string. */
    STRING,
    /** A data buffer, by a digest of its bytes. */
    DIGEST,
    /** Anything else: whether it was written. */
    OPAQUE;

    /** The template's spelling. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
