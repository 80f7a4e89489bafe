package org.wi4mpi.tests;

import java.util.ArrayList;
import java.util.List;

/**
 * A translation pair: a binary built for {@code from} runs on {@code to}. Identity pairs are pairs too.
 */
public record TranslationPair(MpiFamily from, MpiFamily to) {

    /** The pair as users write it on the command line, e.g. {@code openmpi-mpich}. */
    public String id() {
        return from.id() + "-" + to.id();
    }

    /** The pair as shown in test names, e.g. {@code openmpi→mpich}. */
    public String label() {
        return from.id() + "→" + to.id();
    }

    /** Every pair whose source is one of {@code sources} and whose target is installed, in declaration order. */
    public static List<TranslationPair> from(List<MpiFamily> sources) {
        List<TranslationPair> pairs = new ArrayList<>();
        for (MpiFamily from : sources)
            for (MpiFamily to : MpiFamily.installedValues())
                pairs.add(new TranslationPair(from, to));
        return pairs;
    }

    /** Parses {@code openmpi-mpich} or {@code openmpi→mpich}. */
    public static TranslationPair parse(String text) {
        String[] parts = text.trim().split("->|→|-|:", 2);
        if (parts.length != 2)
            throw new IllegalArgumentException("pair '" + text + "' is not FROM-TO, e.g. openmpi-mpich");
        return new TranslationPair(MpiFamily.fromId(parts[0].trim()), MpiFamily.fromId(parts[1].trim()));
    }
}
