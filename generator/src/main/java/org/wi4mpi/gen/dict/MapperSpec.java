package org.wi4mpi.gen.dict;

import java.util.List;
import java.util.Map;

/**
 * One entry of mappers.json: how values of a role cross from the application ABI to the runtime ABI.
 * kind selects the template macro (null only for an entry the loader rejected);
 * c2f: for handle and status roles, the X of the type's MPI_X_c2f and MPI_X_f2c (Comm, Type, Status);
 * null where the type has none. resultLength: for string_out, the argument receiving the string's length (functions.json
 * arguments of that name, in every function using the role); null otherwise. deliveredFlag: for status,
 * the output argument that, where a function has it, says whether the statuses were delivered; null
 * otherwise. the other fields parameterise it (unused ones are null).
 * intFormCallback: for a large-count callback role, the trampoline family registering it where the
 * function calls the runtime's int form (MPI_Op_create_c reaching MPI_Op_create); null otherwise.
 * lacking: for int_constants, the constant that a listed application constant the runtime's ABI does
 * not define becomes (MPICH's MPI_COMM_TYPE_HW_GUIDED on Open MPI 4.1: MPI_UNDEFINED); null otherwise.
 * lackingAs: the constant some of them become instead (Open MPI's OMPI_COMM_TYPE_HOST on MPICH:
 * MPI_COMM_TYPE_SHARED), by name; empty for every other role.
 * guidedByInfo: for int_constants, the constant whose meaning an info key's value completes (MPI-4.0's
 * MPI_COMM_TYPE_HW_GUIDED with mpi_hw_resource_type), and the constant each value amounts to; null otherwise.
 */
public record MapperSpec(MapperKind kind, String type, String table, String c2f, HandleTraits handle, List<String> constants,
                         String lacking, Map<String, String> lackingAs, GuidedByInfo guidedByInfo, String callback,
                         String intFormCallback, String max, String resultLength, String deliveredFlag,
                         String description) {

    /**
     * What a handle role says of its type beyond the table (null for other kinds): errorObject, whether
     * an object of the type carries an error handler; completesPending, whether completing one hands
     * over pending_handle outputs.
     */
    public record HandleTraits(boolean errorObject, boolean completesPending) {}

    /**
     * A constant completed by an info key: constant with key = value is the constant values[value]
     * (MPI_COMM_TYPE_HW_GUIDED with mpi_hw_resource_type "core" is Open MPI's OMPI_COMM_TYPE_CORE).
     * values keeps the dictionary's order: the first value naming a constant is the one a runtime that
     * lacks that constant is asked for.
     */
    public record GuidedByInfo(String constant, String key, Map<String, String> values) {}

    public MapperSpec {
        lackingAs = lackingAs == null ? Map.of() : Map.copyOf(lackingAs);
    }

    /** The constant the application constant name becomes where the runtime's ABI lacks it, or null. */
    public String lackingTarget(String name) {
        return lackingAs.getOrDefault(name, lacking);
    }
}
