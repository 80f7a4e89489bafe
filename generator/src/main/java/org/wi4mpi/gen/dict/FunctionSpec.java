package org.wi4mpi.gen.dict;

import java.util.List;

/**
 * One entry of functions.json: an MPI function described argument by argument, each with a role.
 *
 * @param hook     extra work around the runtime call (hooks.json, templates/wi_functions.c.ftl), or null
 * @param local    for what the application's ABI alone defines (MPI_Aint_add, MPI_Comm_c2f, MPI_Status_c2f):
 *                 the C function that cross pairs call with this function's arguments, in the
 *                 application's types, and whose result they return instead of calling the runtime's
 *                 function (runtime-c/wi_local.h, or a handle's wi_&lt;kind&gt;_c2f/f2c of wi_convert.h);
 *                 null for most functions
 * @param variadic the prototype ends with "..." after {@code args} (MPI_Pcontrol); the translation
 *                 passes the named arguments only
 * @param sameAs   another entry this function is a second name of (Open MPI's MPIX_Allreduce_init is
 *                 MPI-4.0's MPI_Allreduce_init): its arguments are that entry's, and a runtime without
 *                 this name is called under that one; null for most functions
 * @param emulation for a function some runtime lacks but wi4mpi can compute from that runtime's other
 *                 functions (MPI-4.0's MPI_Info_get_string from MPI_Info_get_valuelen and MPI_Info_get):
 *                 the runtime-c function (runtime-c/wi_emulated.h), with the runtime's prototype of this
 *                 one, that cross pairs whose runtime lacks it call in its place, instead of taking the
 *                 error path; null for most functions
 */
public record FunctionSpec(String name, String returns, List<ArgSpec> args, String hook, String local,
                           boolean variadic, String sameAs, String emulation) {

    /** The name to look the function up under in a runtime that lacks this name. */
    public String runtimeName() {
        return sameAs == null ? name : sameAs;
    }
}
