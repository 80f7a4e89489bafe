package org.wi4mpi.tests.tools;

/**
 * The programs the wrap-generated count_time tool is run with (tests/wrap, shared with the wrap equivalence
 * tests): the same ring, collectives, datatype and communicator calls in C and through mpif.h, the latter
 * reaching the tool's Fortran bindings. Rank 0 prints "NAME: ok" when every value was right.
 */
enum RingProgram {
    C("wrap_ring.c"),
    FORTRAN("wrap_ring_mpif.f90");

    private final String source;

    RingProgram(String source) {
        this.source = source;
    }

    String source() {
        return source;
    }

    /** The executable's name, also what its "NAME: ok" line starts with. */
    String executable() {
        return source.substring(0, source.lastIndexOf('.'));
    }

    boolean fortran() {
        return this == FORTRAN;
    }
}
