package org.wi4mpi.gen.dict;

import java.util.ArrayList;
import java.util.List;

/** Collects problems as "file: entry: fault" sentences so that all of them can be reported together. */
final class Problems {

    private final List<String> sentences = new ArrayList<>();

    void add(String file, String entry, String fault) {
        sentences.add(file + ": " + entry + ": " + fault);
    }

    /** For faults that belong to the file as a whole, or to a position in it ("file:line:column"). */
    void add(String fileOrPosition, String fault) {
        sentences.add(fileOrPosition + ": " + fault);
    }

    void throwIfAny(String context) {
        if (!sentences.isEmpty()) {
            throw new DictionaryException(context, sentences);
        }
    }

    List<String> sentences() {
        return List.copyOf(sentences);
    }
}
