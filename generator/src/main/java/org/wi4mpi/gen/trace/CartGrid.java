package org.wi4mpi.gen.trace;

/** Row-major arithmetic of Cartesian grids, as MPI numbers their ranks (the last dimension varies fastest). */
final class CartGrid {

    private CartGrid() {
    }

    /** The coordinates of a rank of a grid. */
    static int[] coords(int rank, int[] dims) {
        int[] coords = new int[dims.length];
        for (int d = dims.length - 1; d >= 0; d--) {
            int size = Math.max(dims[d], 1);
            coords[d] = rank % size;
            rank /= size;
        }
        return coords;
    }

    /** The row-major index of the coordinates over the dimensions kept (remain[d] != 0) or over the others. */
    static int index(int[] coords, int[] dims, int[] remain, boolean kept) {
        int index = 0;
        for (int d = 0; d < dims.length; d++) {
            boolean keeps = d < remain.length && remain[d] != 0;
            if (keeps == kept) {
                index = index * Math.max(dims[d], 1) + coords[d];
            }
        }
        return index;
    }

    /** The dimensions of the sub-grid MPI_Cart_sub keeps. */
    static int[] kept(int[] dims, int[] remain) {
        int n = 0;
        int[] kept = new int[dims.length];
        for (int d = 0; d < dims.length; d++) {
            if (d < remain.length && remain[d] != 0) {
                kept[n++] = dims[d];
            }
        }
        return java.util.Arrays.copyOf(kept, n);
    }
}
