package org.wi4mpi.gen.render;

import java.util.List;

/**
 * Everything the templates need to render one (from, to) pair, computed once from the two ABI
 * descriptors and the dictionaries (PairModelBuilder). Templates only print it.
 *
 * @param applicationSonames the libraries whose loading shows an MPI application of the family
 */
public record PairModel(String from, String to, boolean identity, List<String> applicationSonames, TypesModel types,
                        ConstantsModel constants, TablesModel tables, ExportsModel exports, HandlesModel handles,
                        FunctionsModel functions) {

    public String id() { return from + "_" + to; }
}
