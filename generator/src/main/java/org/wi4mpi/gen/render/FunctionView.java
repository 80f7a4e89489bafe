package org.wi4mpi.gen.render;

import java.util.List;

/**
 * One translated function: its A_ signature, the runtime function it calls and its arguments.
 * runtimeName: the runtime function called, the same name but for a second name the runtime lacks
 * (functions.json same_as) and for a large-count function the runtime lacks, whose int form it calls
 * (MPI_Send for MPI_Send_c). created: the first scalar output handle or constant (the object a
 * callback is registered for: an errhandler, a keyval), or null. variadic: the prototype ends with
 * "...", whose arguments are not passed on. errorObject: where an error found before the call is
 * raised, null for MPI_COMM_SELF. hook: the function's hook with the arguments its parameters bind,
 * or null.
 */
public record FunctionView(String name, String runtimeName, Callee callee, ReturnView returns, List<ArgView> args,
                           boolean scratch, HookUse hook, ArgView created, boolean variadic, ErrorObject errorObject) {

    public String applicationReturn() { return returns.application(); }

    public String runtimeReturn() { return returns.runtime(); }

    public String applicationParams() {
        if (args.isEmpty()) return "void";
        return String.join(", ", args.stream().map(a -> CTypes.declare(a.types().application(), a.name())).toList())
                + (variadic ? ", ..." : "");
    }

    public String runtimeParamTypes() {
        if (args.isEmpty()) return "void";
        return String.join(", ", args.stream().map(a -> a.types().runtime()).toList()) + (variadic ? ", ..." : "");
    }
}
