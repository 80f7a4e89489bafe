package org.wi4mpi.gen.tracetool;

import java.util.List;

/**
 * What templates/trace_fortran.c.ftl renders for one family: the mpif.h / {@code use mpi} entry points
 * of the labelled functions, each converting its Fortran arguments and calling the tool's own C MPI_X.
 *
 * @param blocks         the family's sentinel common blocks (weak references: their addresses are the program's)
 * @param inPlace        C expression of the Fortran MPI_IN_PLACE's address
 * @param bottom         C expression of the Fortran MPI_BOTTOM's address
 * @param conversions    the handle conversion functions the bindings call (weak references)
 * @param bindings       per function, the C of its delegate and symbols (gen/wrap's Fortran bindings)
 * @param functions      the functions that have entry points, by C name
 */
public record TraceFortranModel(List<String> blocks, String inPlace, String bottom, List<String> conversions,
                                List<String> bindings, List<String> functions) {

    public TraceFortranModel {
        blocks = List.copyOf(blocks);
        conversions = List.copyOf(conversions);
        bindings = List.copyOf(bindings);
        functions = List.copyOf(functions);
    }

    public List<String> getBlocks() { return blocks; }
    public String getInPlace() { return inPlace; }
    public String getBottom() { return bottom; }
    public List<String> getConversions() { return conversions; }
    public List<String> getBindings() { return bindings; }
    public List<String> getFunctions() { return functions; }
}
