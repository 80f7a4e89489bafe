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
    public record ExportedFunction(String symbol, String behaviour) {}
}
