package org.wi4mpi.gen.render;

import java.util.List;

/**
 * The value tables of a pair's constant roles (mappers.json int_constants, bitmask, pointer_constants)
 * and of error classes: the switch tables of wi_convert.h.
 */
public record TablesModel(List<ConstantSet> constantSets, List<GuidedSet> guidedSets, List<BitmaskSet> bitmaskSets,
                          ConstantSet errorClasses, List<PointerSet> pointerSets) {}
