package org.wi4mpi.gen.difftest;

import java.util.List;

/** The faults of an edge-value file, one sentence each, naming the file and the entry. */
public final class EdgeTableException extends RuntimeException {

    private final List<String> sentences;

    public EdgeTableException(List<String> sentences) {
        super(String.join("\n", sentences));
        this.sentences = List.copyOf(sentences);
    }

    public List<String> sentences() {
        return sentences;
    }
}
