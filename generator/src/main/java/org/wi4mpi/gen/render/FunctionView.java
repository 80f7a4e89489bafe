package org.wi4mpi.gen.render;

import java.util.List;

/**
 * One translated function: its A_ signature, the typed R_ pointer it calls, and its arguments.
 * createdTemp / createdWord: the runtime temporary of the first output (the object a callback is
 * registered for: an errhandler, a keyval) and its value as a wi_word. variadic: the prototype ends
 * with "...", whose arguments are not passed on. runtimeName: the runtime function called, the same
 * name but for a second name the runtime lacks (functions.json same_as) and for a large-count
 * function the runtime lacks, whose int form it calls (MPI_Send for MPI_Send_c). callee: the C function
 * called, the runtime's typed pointer (R_PMPI_Send) or, where the runtime lacks the function and
 * runtime-c computes it (functions.json emulation), that function (wi_emulated_isendrecv). errorReport,
 * errorObject: where an error of the call found before it is raised ("comm", "win", "file" with the
 * argument, or "self" for MPI_COMM_SELF).
 */
public record FunctionView(
        String name,
        String runtimeName,
        String callee,
        String applicationReturn,
        String runtimeReturn,
        String returnKind,
        String returnTable,
        List<ArgView> args,
        boolean scratch,
        String hook,
        String createdTemp,
        String createdWord,
        boolean variadic,
        String errorReport,
        String errorObject) {

    public String applicationParams() {
        if (args.isEmpty()) return "void";
        return String.join(", ", args.stream().map(a -> CTypes.declare(a.applicationType(), a.name())).toList())
                + (variadic ? ", ..." : "");
    }

    public String runtimeParamTypes() {
        if (args.isEmpty()) return "void";
        return String.join(", ", args.stream().map(ArgView::runtimeType).toList()) + (variadic ? ", ..." : "");
    }
}
