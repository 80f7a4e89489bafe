package org.wi4mpi.gen.render;

import java.util.regex.Pattern;

/** Spelling of C types on each side: every MPI typedef gets the A_ (application) or R_ (runtime) prefix. */
final class CTypes {
    private static final Pattern MPI_TYPEDEF = Pattern.compile("\\b(MPIX?_[A-Za-z_0-9]+)");

    private CTypes() {}

    static String application(String type) {
        return MPI_TYPEDEF.matcher(type).replaceAll("A_$1");
    }

    static String runtime(String type) {
        return MPI_TYPEDEF.matcher(type).replaceAll("R_$1");
    }

    /** The pointed-to type of a one-level pointer, without const: "const MPI_Request *" gives "MPI_Request". */
    static String element(String type) {
        String t = type.trim();
        if (t.endsWith("*")) {
            t = t.substring(0, t.length() - 1).trim();
        }
        return t.replaceFirst("^const\\s+", "").replaceAll("\\s+const$", "").trim();
    }

    static boolean isPointer(String type) {
        return type.trim().endsWith("*");
    }

    /** A declaration "type name" that also works for pointer-to-array types such as int (*)[3]. */
    static String declare(String type, String name) {
        int p = type.indexOf("(*)");
        if (p >= 0) {
            return type.substring(0, p) + "(*" + name + ")" + type.substring(p + 3);
        }
        return type.endsWith("*") ? type + name : type + " " + name;
    }
}
