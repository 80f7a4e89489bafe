package org.wi4mpi.gen.render;

import java.util.List;

/**
 * The A_ and R_ constant macros of a pair and the data objects they read: the application library's
 * symbols, and the runtime's, looked up once its library is loaded (wi_r_object_*).
 */
public record ConstantsModel(List<ConstantMacro> applicationConstants, List<ConstantMacro> runtimeConstants,
                             List<String> applicationObjectSymbols, List<String> runtimeObjects) {}
