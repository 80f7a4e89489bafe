package org.wi4mpi.gen.render;

import java.util.List;

/** The types of both sides of a pair: handles, integers and function types, and MPI_Status layouts. */
public record TypesModel(List<SideType> applicationTypes, List<SideType> runtimeTypes, StatusView applicationStatus,
                         StatusView runtimeStatus) {}
