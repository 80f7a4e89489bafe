package org.wi4mpi.gen.render;

import java.util.List;

/**
 * The handle kinds of a pair and what is registered in their tables at load time: predefined handles
 * both ABIs have, substitutes for those the runtime lacks, and the Fortran handle conversions.
 */
public record HandlesModel(List<HandleKind> handleKinds, List<Registration> registrations,
                           List<FortranHandleView> fortranHandles, List<SubstituteView> substitutes) {}
