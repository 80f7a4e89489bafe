package org.wi4mpi.gen.dict;

import java.util.List;

/**
 * Every problem found in the dictionaries (or between them and an ABI descriptor), reported at once.
 * Each problem is one sentence naming the file, the entry and the fault; the message lists them all.
 */
public final class DictionaryException extends RuntimeException {

    private final List<String> problems;

    public DictionaryException(String context, List<String> problems) {
        super(message(context, problems));
        this.problems = List.copyOf(problems);
    }

    /** One sentence per problem, in the order they were found. */
    public List<String> problems() {
        return problems;
    }

    private static String message(String context, List<String> problems) {
        StringBuilder sb = new StringBuilder()
                .append(problems.size()).append(problems.size() == 1 ? " problem in " : " problems in ")
                .append(context).append(':');
        for (String p : problems) {
            sb.append(System.lineSeparator()).append("  ").append(p);
        }
        return sb.toString();
    }
}
