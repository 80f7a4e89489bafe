package org.wi4mpi.gen.render;

import java.util.List;

/**
 * A role whose values are OR-ed flags. Each flag whose bit differs between the ABIs is moved; bits no
 * named flag uses pass unchanged. applicationMask / runtimeMask: the union of the moved flags' bits.
 */
public record BitmaskSet(String role, List<Flag> flags, long applicationMask, long runtimeMask) {
    public record Flag(String name, long application, long runtime) {}

    public boolean identity() { return flags.isEmpty(); }
}
