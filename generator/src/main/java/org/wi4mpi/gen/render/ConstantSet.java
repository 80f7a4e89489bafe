package org.wi4mpi.gen.render;

import java.util.List;

/**
 * A role whose values are plain numbers except for a few named constants, with the pairs of values
 * that differ between the two ABIs. Entries equal on both sides are left out: they need no code.
 */
public record ConstantSet(String role, List<Entry> toRuntime, List<Entry> toApplication, String fallbackToRuntime,
                          String fallbackToApplication) {
    public record Entry(String name, String from, String to) {}
}
