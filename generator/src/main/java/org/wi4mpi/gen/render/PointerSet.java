package org.wi4mpi.gen.render;

import java.util.List;

/**
 * A role of pointer arguments where a few sentinel addresses (MPI_IN_PLACE, ...) differ between ABIs:
 * the constants, by name, whose A_ value becomes the R_ one.
 */
public record PointerSet(String role, List<String> names) {}
