package org.wi4mpi.gen.clang;

/** One lexical token; kind is a CXTokenKind (0 punctuation, 1 keyword, 2 identifier, 3 literal, 4 comment). */
public record Token(int kind, String spelling) {}
