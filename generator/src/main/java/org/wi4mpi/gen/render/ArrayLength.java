package org.wi4mpi.gen.render;

/**
 * The C expressions sizing an array argument (functions.json length): capacity, the elements
 * allocated before the call; count, the elements converted back after it (a function reporting fewer,
 * *outcount, has a count of its own). Written by the length expressions of LengthExpression.
 */
public record ArrayLength(String capacity, String count) {}
