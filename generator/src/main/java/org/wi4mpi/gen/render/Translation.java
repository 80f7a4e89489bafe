package org.wi4mpi.gen.render;

/**
 * What an argument's mapper kind needs beyond its role (mappers.json parameters): one record per kind
 * that has parameters, none for the others.
 */
public sealed interface Translation {

    /** handle and pending_handle: the handle table; completesPending, the requests (mappers.json). */
    record HandleTable(String table, boolean completesPending) implements Translation {}

    /** callback: the trampoline family registering the user function. */
    record Callback(String family) implements Translation {}

    /** string_out: the MPI_MAX_* constant sizing the buffer, the argument receiving the length (or null). */
    record StringOut(String max, String resultLength) implements Translation {}

    /**
     * status: the output of the function that says whether the statuses were delivered (MPI_Test's
     * flag, mappers.json delivered_flag), or null where the call delivers them whenever it succeeds.
     */
    record Status(String deliveredFlag) implements Translation {}

    /** Kinds translated by their role alone, or not at all. */
    record ByRole() implements Translation {}
}
