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

    /** {@code int ranges[][3]} in a formal: a word, a space, the name, then brackets. */
    private static final Pattern FORMAL_ARRAY_OF_ARRAYS = Pattern.compile("(\\w) (\\w+)\\[\\]\\[");
    private static final Pattern FORMAL_ARRAY = Pattern.compile("(\\w) (\\w+)\\[\\]");
    /** {@code int[][3]} in a type list: the type right before the brackets. */
    private static final Pattern TYPE_ARRAY_OF_ARRAYS = Pattern.compile("(\\w)\\[\\]\\[");
    private static final Pattern TYPE_ARRAY = Pattern.compile("(\\w)\\[\\]");
    private static final Pattern SPACE = Pattern.compile("[ \\t\\r\\n]+");
    private static final Pattern SPACE_AROUND_PUNCTUATION = Pattern.compile(" ?([*()\\[\\]]) ?");

    private CSpelling() {
    }

    static String normalise(String text) {
        String s = FORMAL_ARRAY_OF_ARRAYS.matcher(text).replaceAll("$1 (*$2)[");
        s = FORMAL_ARRAY.matcher(s).replaceAll("$1 *$2");
        s = TYPE_ARRAY_OF_ARRAYS.matcher(s).replaceAll("$1(*)[");
        s = TYPE_ARRAY.matcher(s).replaceAll("$1*");
        s = SPACE.matcher(s).replaceAll(" ");
        return SPACE_AROUND_PUNCTUATION.matcher(s).replaceAll("$1").strip();
    }
}
