package org.wi4mpi.gen.render;

import java.util.List;
import java.util.Map;

/**
 * The functions of a pair: the class of each function of the application's family (classes, by
 * name), the A_ functions calling the runtime (functions) or answering without it (localFunctions),
 * the runtime functions given typed pointers (runtimeFunctions: R_PMPI_X, the runtime's PMPI_X, and
 * T_MPI_X, the target's MPI_X) and the symbols given untyped ones (wi_rfn_), the code chooser's entries
 * and the functions that abort with their name (unsupported).
 */
public record FunctionsModel(Map<String, FunctionClass> classes, List<FunctionView> functions,
                             List<LocalFunctionView> localFunctions, List<FunctionView> runtimeFunctions,
                             List<ChooserEntry> chooser, List<String> unsupported, List<String> untypedRuntimePointers) {}
