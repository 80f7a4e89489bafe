package org.wi4mpi.gen.dict;

import java.util.List;

/**
 * One hook of hooks.json: code templates/wi_functions.c.ftl adds around a function's runtime call for
 * what no role expresses, and the arguments that code reads, which every function using the hook must
 * have.
 *
 * @param arguments  the names of the arguments the hook's code reads
 * @param roles      roles the hook's code looks for among the arguments (one argument of each)
 * @param parameters names the hook's code gives the function's arguments, in order, where users name
 *                   them differently (the object, name and result length of MPI_Comm_get_name and
 *                   MPI_Win_get_name); a last {@link #FURTHER} stands for any further arguments, which
 *                   the code passes on as they are; empty when the hook binds none
 * @param identity   whether identity pairs (one family on both sides) render the hook: they call the
 *                   runtime directly but for the functions of such a hook
 */
public record HookSpec(String name, String description, List<String> arguments, List<String> roles,
                       List<String> parameters, boolean identity) {

    /** The last parameter standing for any further arguments. */
    public static final String FURTHER = "...";

    public HookSpec {
        arguments = List.copyOf(arguments);
        roles = List.copyOf(roles);
        parameters = List.copyOf(parameters);
    }

    /** Whether the parameters end with {@link #FURTHER}. */
    public boolean bindsFurther() {
        return !parameters.isEmpty() && parameters.getLast().equals(FURTHER);
    }

    /** The named parameters, without {@link #FURTHER}. */
    public List<String> namedParameters() {
        return bindsFurther() ? parameters.subList(0, parameters.size() - 1) : parameters;
    }
}
