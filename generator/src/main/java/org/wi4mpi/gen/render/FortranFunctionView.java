package org.wi4mpi.gen.render;

import java.util.List;

/**
 * One Fortran wrapper: the application's Fortran binding of an MPI function, exported under every
 * mangling, calling the A_ function of the same name.
 *
 * @param callee      the A_ function it calls, declared in the wrapper file
 * @param subroutine  true when the C function returns an error code (Fortran: the trailing ierr);
 *                    otherwise a Fortran function returning {@code returnType}
 * @param symbols     every exported name: mpi_x_, mpi_x__, MPI_X, mpi_x and the pmpi twins
 * @param scratch     whether handle arrays or strings need scratch memory
 * @param descriptorArgs the choice buffers the family's mpi_f08 binding passes as gfortran array descriptors
 * @param descriptorSymbols that binding's symbols (none when it takes mpif.h's arguments)
 * @param descriptorSections descriptor buffers that may be non-contiguous: buffer → [its count, its datatype]
 */
public record FortranFunctionView(String name, Callee callee, boolean subroutine, String returnType,
                                  List<FortranArgView> args, List<String> symbols, boolean scratch,
                                  List<String> descriptorArgs, List<String> descriptorSymbols,
                                  java.util.Map<String, List<String>> descriptorSections) {

    /** The A_ function's return type and parameters, in the application's C types. */
    public record Callee(String returns, String params) {}

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
     * Whether the callbacks it registers take MPI-1 INTEGER values (MPI_KEYVAL_CREATE's extra state
     * is an INTEGER): wi_callback_fortran is then WI_CALLBACK_FORTRAN_INTEGER.
     */
    public boolean integerCallbacks() {
        return args.stream().anyMatch(a -> a.conv() == FortranConversion.ATTRIBUTE_IN
                && a.parameter() == FortranParameter.INTEGER);
    }

    /**
     * The LOGICAL output saying whether the call found what it returns (MPI_Info_get's flag): strings
     * and attribute values are written back only when it is true. Null if the function has none.
     */
    public String foundFlag() {
        return args.stream().filter(a -> a.conv() == FortranConversion.LOGICAL_OUT).map(FortranArgView::name).findFirst()
                .orElse(null);
    }

    public List<FortranArgView> strings() {
        return args.stream().filter(a -> a.conv().isString()).toList();
    }
}
