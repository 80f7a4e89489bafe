package org.wi4mpi.gen.render;

import java.util.List;

/** The C types of both sides of a pair: typedefs of handles and integers, and MPI_Status layouts. */
public record TypesModel(List<Typedef> applicationTypes, List<Typedef> runtimeTypes, StatusView applicationStatus,
                         StatusView runtimeStatus) {}
