package org.wi4mpi.gen.dict;

import java.util.regex.Pattern;

/** Names from the dictionaries end up as C identifiers in generated code; this says which are valid. */
final class CNames {

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private CNames() {}

    static boolean isIdentifier(String s) {
        return IDENTIFIER.matcher(s).matches();
    }
}
