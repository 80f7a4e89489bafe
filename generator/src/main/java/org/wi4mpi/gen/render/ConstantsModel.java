package org.wi4mpi.gen.render;

import java.util.List;

/**
 * The constants of both sides of a pair (the A_ and R_ macros) and the data objects they read: the
 * application library's symbols, and the runtime's, looked up once its library is loaded.
 */
public record ConstantsModel(List<PairConstant> applicationConstants, List<PairConstant> runtimeConstants,
                             List<String> applicationObjectSymbols, List<String> runtimeObjects) {}
