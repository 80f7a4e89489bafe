package org.wi4mpi.gen.render;

import org.wi4mpi.gen.dict.MapperKind;

import java.util.EnumSet;
import java.util.Set;

/**
 * One argument as the A_ function template sees it: its role and the mapper kind that translates it,
 * its direction, both spellings of its type, how the runtime's form takes it (narrowing), and what its
 * kind needs (translation).
 *
 * @param kind            the mapper kind translating it; passthrough in identity pairs, which translate
 *                        nothing (translation still says what the role's mapper names)
 * @param length          the C expressions sizing an array (null for a scalar or a single pointee)
 * @param unusedIfInPlace the argument whose MPI_IN_PLACE makes this one unused, or null
 */
public record ArgView(String name, String role, MapperKind kind, Direction dir, ArgTypes types, Narrowing narrowing,
                      ArrayLength length, Translation translation, boolean nullOk, String unusedIfInPlace) {

    /** The mappers that convert an output through a runtime temporary (others pass the pointer itself). */
    private static final Set<MapperKind> NULL_PASSING_KINDS =
            EnumSet.of(MapperKind.HANDLE, MapperKind.INT_CONSTANTS, MapperKind.BITMASK, MapperKind.ERROR_CODE);

    public boolean array() { return length != null; }

    public boolean pointer() { return types.pointer(); }

    public boolean reads() { return dir.reads(); }

    public boolean writes() { return dir.writes(); }

    /** The handle table of a handle or pending_handle argument, else null. */
    public String table() {
        return translation instanceof Translation.HandleTable h ? h.table() : null;
    }

    /** Whether this is a handle whose completion hands over pending outputs (a request). */
    public boolean completesPending() {
        return translation instanceof Translation.HandleTable h && h.completesPending();
    }

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
        return array() ? kind != MapperKind.ERROR_CODE : pointer();
    }

    /** Name of the runtime-side temporary. */
    public String temp() { return "r_" + name; }
}
