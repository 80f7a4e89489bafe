package org.wi4mpi.gen.render;

import java.util.List;

/** A role of pointer arguments where a few sentinel addresses (MPI_IN_PLACE, ...) differ between ABIs. */
public record PointerSet(String role, List<Entry> entries) {
    public record Entry(String name, String application, String runtime) {}
}
