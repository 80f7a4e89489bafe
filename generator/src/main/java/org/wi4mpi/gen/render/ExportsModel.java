package org.wi4mpi.gen.render;

import java.util.List;

/** What a cross pair's library exports besides functions, so that the application links (wi_objects.c). */
public record ExportsModel(List<ExportedObject> exportedObjects, List<ExportedFunction> exportedFunctions) {

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
    public record ExportedFunction(String symbol, Behaviour behaviour) {}

    /**
     * What an exported predefined attribute callback does, named by the constants naming it
     * (MPI_COMM_DUP_FN, MPI_NULL_COPY_FN, MPI_NULL_DELETE_FN); unsupported for any other function, or
     * one that constants of two behaviours name.
     */
    public enum Behaviour {
        DUP("_DUP_FN"), NULL_COPY("_NULL_COPY_FN"), NULL_DELETE("_NULL_DELETE_FN"), UNSUPPORTED(null);

        private final String constantSuffix;

        Behaviour(String constantSuffix) {
            this.constantSuffix = constantSuffix;
        }

        /** The behaviour of the function a constant of this name stands for. */
        static Behaviour ofConstant(String name) {
            for (Behaviour b : values()) {
                if (b.constantSuffix != null && name.endsWith(b.constantSuffix)) {
                    return b;
                }
            }
            return UNSUPPORTED;
        }

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
