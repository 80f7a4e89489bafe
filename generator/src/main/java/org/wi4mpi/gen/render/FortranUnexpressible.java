package org.wi4mpi.gen.render;

/** Why an argument or function has no Fortran wrapper: the function is left out of the Fortran layer. */
final class FortranUnexpressible extends Exception {
    FortranUnexpressible(String reason) {
        super(reason, null, false, false);
    }
}
