package org.wi4mpi.gen.render;

/**
 * An argument's C type on each side (A_/R_ spellings), the type of one element where it is a pointer
 * or array, and whether it is a pointer at all.
 */
public record ArgTypes(String application, String runtime, String applicationElement, String runtimeElement,
                       boolean pointer) {}
