package org.wi4mpi.gen.render;

import java.util.List;

/**
 * Everything the templates need to render one (from, to) pair, computed once from the two ABI
 * descriptors and the dictionaries. Templates only print it.
 */
public record PairModel(
        String from,
        String to,
        boolean identity,
        List<String> applicationSonames,
        List<HandleKind> handleKinds,
        List<Typedef> applicationTypes,
        List<Typedef> runtimeTypes,
        StatusView applicationStatus,
        StatusView runtimeStatus,
        List<ConstantMacro> applicationConstants,
        List<ConstantMacro> runtimeConstants,
        List<String> applicationObjectSymbols,
        List<ExportedObject> exportedObjects,
        List<ExportedFunction> exportedFunctions,
        List<String> runtimeObjects,
        List<ConstantSet> constantSets,
        List<GuidedSet> guidedSets,
        List<BitmaskSet> bitmaskSets,
        ConstantSet errorClasses,
        List<PointerSet> pointerSets,
        List<Registration> registrations,
        List<FortranHandleView> fortranHandles,
        List<FunctionView> functions,
        List<LocalFunctionView> localFunctions,
        List<FunctionView> runtimeFunctions,
        List<ChooserEntry> chooser,
        List<String> unsupported,
        List<String> untypedRuntimePointers,
        List<SubstituteView> substitutes) {

    /**
     * A data object the application may hold a COPY relocation for, exported at the vendor's size.
     * A pointer variable named MPI_* (MPICH's MPI_UNWEIGHTED, the MPI_F_STATUS_IGNORE of both) is a
     * sentinel: it holds its own address, a value no application array can have.
     */
    public record ExportedObject(String symbol, long size, boolean sentinel) {}

    /**
     * A function the application's mpi.h names in a constant (Open MPI's OMPI_C_MPI_COMM_DUP_FN behind
     * MPI_COMM_DUP_FN, MPICH's MPIR_Dup_fn): exported so that the binary links, with the predefined
     * attribute callback's behaviour (dup, null_copy, null_delete) in case the application calls it.
     */
    public record ExportedFunction(String symbol, String behaviour) {}

    public String id() { return from + "_" + to; }
}
