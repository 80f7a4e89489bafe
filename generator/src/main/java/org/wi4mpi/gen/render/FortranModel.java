package org.wi4mpi.gen.render;


import java.util.List;
import java.util.Map;

/**
 * The Fortran layer of one pair (docs/fortran.md). Identity pairs have none: the application keeps
 * its real Fortran library.
 *
 * @param blocks     the application family's sentinel common blocks, exported at the vendor's sizes
 * @param declaredBlocks sentinel objects the application's mpi.h declares, which wi_objects.c exports
 * @param functions  the wrappers
 * @param stubs      Fortran symbols of functions without a wrapper: they abort with the function's name
 * @param leftOut    every function of the application's func_list left out of the Fortran layer, with the reason
 * @param f08Operators the mpi_f08 module's handle comparisons
 * @param f08Data    the mpi_f08 module's default-initialisation objects (zero), with their sizes
 * @param f08Copies  the mpi_f08 module's copy procedures, with the size they copy
 * @param intAttributes the application's predefined keyvals whose C value points to an int
 * @param aintAttributes the same, pointing to an MPI_Aint
 * @param fortranKeyvals predefined keyvals whose Fortran value differs from the C value: Fortran value → the constant
 * @param predefinedProcedures the predefined keyval callbacks (MPI_COMM_DUP_FN, ...) as Fortran procedures
 * @param sizeofProcedures the family's MPI_Sizeof procedures, grouped by the size they store
 * @param syncRegSymbols the family's MPI_F_sync_reg symbols
 * @param aintAddSymbols the symbols of MPI_Aint_add where the family's C library has only a macro
 * @param aintDiffSymbols the same for MPI_Aint_diff
 */
public record FortranModel(boolean enabled, List<Block> blocks, List<Block> declaredBlocks,
                           List<FortranFunctionView> functions,
                           List<Stub> stubs, Map<String, String> leftOut, List<F08Operator> f08Operators,
                           List<Block> f08Data, List<Block> f08Copies, List<String> intAttributes,
                           List<String> aintAttributes, Map<Long, String> fortranKeyvals,
                           List<PredefinedProcedure> predefinedProcedures, List<SizeofProcedure> sizeofProcedures,
                           List<String> syncRegSymbols, List<String> aintAddSymbols, List<String> aintDiffSymbols) {

    /** MPI_Sizeof procedures storing one size: the size in bytes and their symbols. */
    public record SizeofProcedure(int size, List<String> symbols) {}

    /** A predefined keyval callback as a Fortran procedure: what it does and its exported symbols. */
    public record PredefinedProcedure(String constant, String does, boolean integer, List<String> symbols) {}

    public record Block(String symbol, long size) {}

    /** An mpi_f08 handle comparison: {@code equal} for ==, else /=. */
    public record F08Operator(String symbol, boolean equal) {}

    /** An exported Fortran symbol of a function without a wrapper. */
    public record Stub(String name, List<String> symbols) {}


    public static FortranModel none() {
        return new FortranModel(false, List.of(), List.of(), List.of(), List.of(), Map.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    }
}
