package org.wi4mpi.tests.openmpi5;

import java.util.List;

/**
 * A pair of the version matrix: a program built for {@code from} runs on {@code to}; openmpi5→openmpi5
 * is the program's native run on Open MPI 5.
 */
record MatrixPair(BuiltFor from, BuiltFor to) {

    static final MatrixPair NATIVE_5 = new MatrixPair(BuiltFor.OPENMPI5, BuiltFor.OPENMPI5);
    static final MatrixPair OPENMPI5_TO_MPICH = new MatrixPair(BuiltFor.OPENMPI5, BuiltFor.MPICH);
    static final MatrixPair OPENMPI5_TO_OPENMPI = new MatrixPair(BuiltFor.OPENMPI5, BuiltFor.OPENMPI);
    static final MatrixPair OPENMPI_TO_OPENMPI5 = new MatrixPair(BuiltFor.OPENMPI, BuiltFor.OPENMPI5);
    static final MatrixPair MPICH_TO_OPENMPI5 = new MatrixPair(BuiltFor.MPICH, BuiltFor.OPENMPI5);
    static final MatrixPair STANDARD_TO_OPENMPI5 = new MatrixPair(BuiltFor.STANDARD, BuiltFor.OPENMPI5);

    /** Every pair with Open MPI 5 on one side, in the order of the results table. */
    static final List<MatrixPair> ALL = List.of(NATIVE_5, OPENMPI5_TO_MPICH, OPENMPI5_TO_OPENMPI, OPENMPI_TO_OPENMPI5,
            MPICH_TO_OPENMPI5, STANDARD_TO_OPENMPI5);

    /** As in test names and the results table: {@code openmpi5→mpich}. */
    String label() {
        return from.id() + "→" + to.id();
    }

    /** The program's own MPI: no wi4mpi. */
    boolean isNative() {
        return from == to;
    }
}
