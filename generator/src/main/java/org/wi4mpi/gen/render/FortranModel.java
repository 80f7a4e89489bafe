package org.wi4mpi.gen.render;

import java.util.List;
import java.util.Map;

/**
 * The Fortran layer of one pair (docs/fortran.md). Identity pairs have none: the application keeps
 * its real Fortran library.
 *
 * @param blocks     the application family's sentinel common blocks, exported at the vendor's sizes
 * @param functions  the wrappers
 * @param stubs      Fortran symbols of functions without a wrapper: they abort with the function's name
 * @param leftOut    every function of the application's func_list left out of the Fortran layer, with the reason
 */
public record FortranModel(boolean enabled, List<Block> blocks, List<FortranFunctionView> functions,
                           List<Stub> stubs, Map<String, String> leftOut) {

    public record Block(String symbol, long size) {}

    /** An exported Fortran symbol of a function without a wrapper. */
    public record Stub(String name, List<String> symbols) {}

    public static FortranModel none() {
        return new FortranModel(false, List.of(), List.of(), List.of(), Map.of());
    }
}
