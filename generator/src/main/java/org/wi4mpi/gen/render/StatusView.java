package org.wi4mpi.gen.render;

import java.util.Map;

/**
 * One side's MPI_Status: size, alignment (that of its widest field, so that arrays have the vendor's
 * stride), public field offsets and which count codec its private fields use.
 */
public record StatusView(int size, int alignment, Map<String, Integer> offsets, StatusCodec codec) {}
