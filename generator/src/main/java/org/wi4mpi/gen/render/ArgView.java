package org.wi4mpi.gen.render;

import org.wi4mpi.gen.dict.MapperKind;

/**
 * One argument as the A_ function template sees it: both spellings of its type, the mapper that
 * translates it, and the C expressions giving array lengths (allocation before the call, conversion after).
 * narrowing: how an integer the runtime's function takes narrower reaches it (a large-count function
 * calling the runtime's int form, PairModelBuilder.narrowing): "none"; "scalar" (the MPI_Count of
 * MPI_Send_c reaching Open MPI's MPI_Send as int, checked to fit before the call); "pointer" (one
 * integer output or in/out through an int temporary: MPI_Pack_c's position); "array" (an input array
 * copied into ints, each element checked: MPI_Alltoallv_c's counts); "absent" (an argument the int
 * form lacks, not passed: a single output is written 0, MPI_Type_get_envelope_c's num_large_counts).
 */
public record ArgView(
        String name,
        String applicationType,
        String runtimeType,
        String applicationElement,
        String runtimeElement,
        String role,
        MapperKind kind,
        Direction dir,
        boolean array,
        boolean pointer,
        String capacity,
        String count,
        String table,
        String callback,
        String max,
        String resultLength,
        String unusedIfInPlace,
        boolean nullOk,
        Narrowing narrowing) {

    public boolean reads() { return dir.reads(); }

    public boolean writes() { return dir.writes(); }

    /**
     * A pointer or array the caller passed as NULL reaches the runtime as NULL: nothing is read
     * through it and nothing is written back. Where the standard allows NULL ({@code null_ok}: the
     * MPI_T get_info outputs; any array whose count is zero) the runtime accepts it; elsewhere the
     * runtime reports the erroneous argument as it does natively, where converting through it would
     * crash the process instead (MPI_Comm_free(NULL), MPI_Waitall(2, NULL, ...)).
     */
    public boolean nullPassedOn() {
        if (nullOk) return true;
        if (!NULL_PASSING_KINDS.contains(kind)) return false;
        // An error-code array has its own sentinel, MPI_ERRCODES_IGNORE, translated as such.
        return array ? kind != MapperKind.ERROR_CODE : pointer;
    }

    /** The mappers that convert an output through a runtime temporary (others pass the pointer itself). */
    private static final java.util.Set<MapperKind> NULL_PASSING_KINDS =
            java.util.EnumSet.of(MapperKind.HANDLE, MapperKind.INT_CONSTANTS, MapperKind.BITMASK, MapperKind.ERROR_CODE);

    /** Name of the runtime-side temporary. */
    public String temp() { return "r_" + name; }
}
