package org.wi4mpi.gen.render;

import java.util.List;

/**
 * A role whose values are plain numbers except for a few named constants, with the pairs of values
 * that differ between the two ABIs. Entries equal on both sides are left out: they need no code.
 * fallback: the constant any other value becomes on either side (the error classes' MPI_ERR_UNKNOWN),
 * or null where any other value is kept; a set with a fallback lists every constant.
 */
public record ConstantSet(String role, List<Entry> toRuntime, List<Entry> toApplication, String fallback) {
    /** A constant (name, or why it maps as it does) whose value from becomes to. */
    public record Entry(String name, long from, long to) {}
}
