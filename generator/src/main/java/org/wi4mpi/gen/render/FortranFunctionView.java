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
 * @param descriptorArgs the choice buffers the family's mpi_f08 binding passes as gfortran array descriptors
 * @param descriptorSymbols that binding's symbols (none when it takes mpif.h's arguments)
 * @param descriptorSections descriptor buffers that may be non-contiguous: buffer → [its count, its datatype]
 */
public record FortranFunctionView(String name, String prototype, boolean subroutine, String returnType,
                                  List<FortranArgView> args, List<String> symbols, boolean scratch,
                                  List<String> descriptorArgs, List<String> descriptorSymbols,
                                  java.util.Map<String, List<String>> descriptorSections) {

    /** The parameters of the descriptor-taking binding: the same, with each descriptor as an opaque pointer. */
    public String descriptorParams() {
        return params(true);
    }

    /** The arguments with which that binding calls the wrapper: descriptors replaced by their data address. */
    public String descriptorCall() {
        List<String> p = new java.util.ArrayList<>();
        for (FortranArgView a : args) {
            if (a.conv().isOmitted()) {
                continue;
            }
            String arg = a.name();
            if (descriptorArgs.contains(a.name())) {
                arg = "wi_" + a.name();
            }
            for (var e : descriptorSections.entrySet()) {
                if (e.getValue().get(0).equals(a.name())) {
                    arg = "&wi_" + e.getKey() + "_count";
                } else if (e.getValue().get(1).equals(a.name())) {
                    arg = "&wi_" + e.getKey() + "_type";
                }
            }
            p.add(arg);
        }
        if (subroutine) {
            p.add("ierr");
        }
        strings().forEach(a -> p.add(a.lengthParam()));
        return String.join(", ", p);
    }

    /** The wrapper's C parameters: Fortran arguments, ierr, then the hidden character lengths. */
    public String params() {
        return params(false);
    }

    private String params(boolean descriptors) {
        List<String> p = new java.util.ArrayList<>();
        args.stream().filter(a -> !a.conv().isOmitted()).forEach(a -> p.add(
                descriptors && descriptorArgs.contains(a.name()) ? "const void *" + a.name() : a.fortranDecl()));
        if (subroutine) {
            p.add("A_MPI_Fint *ierr");
        }
        args.stream().filter(a -> a.conv().isString()).forEach(a -> p.add("wi_fortran_len_t " + a.lengthParam()));
        return p.isEmpty() ? "void" : String.join(", ", p);
    }

    /** The C type of the count of a section buffer: int, or A_MPI_Count for a large-count function. */
    public String sectionCountType(String buffer) {
        String count = descriptorSections.get(buffer).get(0);
        return args.stream().filter(a -> a.name().equals(count)).map(FortranArgView::cType).findFirst()
                .orElseThrow(() -> new IllegalStateException(name + ": no argument " + count));
    }

    /** Whether the wrapper registers a Fortran procedure as a callback. */
    public boolean registersCallback() {
        return args.stream().anyMatch(a -> a.conv() == FortranConversion.CALLBACK);
    }

    /**
     * The value of wi_callback_fortran while it does: WI_CALLBACK_FORTRAN_INTEGER when the extra
     * state is an INTEGER (MPI-1's MPI_KEYVAL_CREATE, whose callbacks take INTEGER values), else
     * WI_CALLBACK_FORTRAN.
     */
    public String callbackLevel() {
        boolean integer = args.stream().anyMatch(a -> a.conv() == FortranConversion.ATTRIBUTE_IN && "A_MPI_Fint".equals(a.element()));
        return integer ? "WI_CALLBACK_FORTRAN_INTEGER" : "WI_CALLBACK_FORTRAN";
    }

    /**
     * The LOGICAL output saying whether the call found what it returns (MPI_Info_get's flag): strings
     * and attribute values are written back only when it is true. Null if the function has none.
     */
    public String foundFlag() {
        return args.stream().filter(a -> a.conv() == FortranConversion.LOGICAL_OUT).map(FortranArgView::temp).findFirst()
                .orElse(null);
    }

    public List<FortranArgView> strings() {
        return args.stream().filter(a -> a.conv().isString()).toList();
    }
}
