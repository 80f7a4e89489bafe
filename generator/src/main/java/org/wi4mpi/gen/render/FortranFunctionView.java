package org.wi4mpi.gen.render;

import java.util.List;

/**
 * One Fortran wrapper: the application's Fortran binding of an MPI function, exported under every
 * mangling, calling the A_ function of the same name.
 *
 * @param prototype   the A_ function's C prototype, declared in the wrapper file
 * @param subroutine  true when the C function returns an error code (Fortran: the trailing ierr);
 *                    otherwise a Fortran function returning {@code returnType}
 * @param symbols     every exported name: mpi_x_, mpi_x__, MPI_X, mpi_x and the pmpi twins
 * @param scratch     whether handle arrays or strings need scratch memory
 */
public record FortranFunctionView(String name, String prototype, boolean subroutine, String returnType,
                                  List<FortranArgView> args, List<String> symbols, boolean scratch) {

    /** The wrapper's C parameters: Fortran arguments, ierr, then the hidden character lengths. */
    public String params() {
        List<String> p = new java.util.ArrayList<>();
        args.stream().filter(a -> !a.conv().equals("omitted")).forEach(a -> p.add(a.fortranDecl()));
        if (subroutine) {
            p.add("A_MPI_Fint *ierr");
        }
        args.stream().filter(a -> a.conv().startsWith("string")).forEach(a -> p.add("wi_fortran_len_t " + a.lengthParam()));
        return p.isEmpty() ? "void" : String.join(", ", p);
    }

    public List<FortranArgView> strings() {
        return args.stream().filter(a -> a.conv().startsWith("string")).toList();
    }
}
