package org.wi4mpi.tests.wrap;

import java.util.regex.Pattern;

/**
 * Brings two spellings of the same C declarations to one form before comparing generated text: wrap.py
 * copies the spelling of the installed mpi.h ({@code MPI_Request array_of_requests[]}, {@code int
 * ranges[][3]}, {@code const void*}), our descriptors hold the adjusted parameter types ({@code
 * MPI_Request *}, {@code int (*)[3]}, {@code const void *}). An array parameter is a pointer parameter in
 * C, and whitespace carries no meaning, so nothing else is changed.
 */
final class CSpelling {

    /**
     * A word, a space, a word and brackets: {@code int ranges[][3]}, {@code char *argv[]} or {@code
     * MPI_Request requests[]} is a formal (type, name); {@code const int[]} is a type (qualifier, type).
     */
    private static final Pattern WORD_ARRAY = Pattern.compile("(\\w+) (\\**)(\\w+)\\[\\](\\[)?");
    /** {@code int[][3]}, {@code MPI_Request[]}, {@code char*[]} in a type list. */
    private static final Pattern TYPE_ARRAY = Pattern.compile("([\\w*])\\[\\](\\[)?");
    private static final Pattern SPACE = Pattern.compile("[ \\t\\r\\n]+");
    private static final Pattern SPACE_AROUND_PUNCTUATION = Pattern.compile(" ?([*()\\[\\]]) ?");

    private CSpelling() {
    }

    static String normalise(String text) {
        String s = WORD_ARRAY.matcher(text).replaceAll(m -> {
            boolean ofArrays = m.group(4) != null;
            if (m.group(1).equals("const") && m.group(2).isEmpty())
                return "const " + m.group(3) + (ofArrays ? "(*)[" : "*");
            return m.group(1) + " " + m.group(2) + (ofArrays ? "(*" + m.group(3) + ")[" : "*" + m.group(3));
        });
        s = TYPE_ARRAY.matcher(s).replaceAll(m -> m.group(1) + (m.group(2) != null ? "(*)[" : "*"));
        s = SPACE.matcher(s).replaceAll(" ");
        return SPACE_AROUND_PUNCTUATION.matcher(s).replaceAll("$1").strip();
    }
}
