package org.wi4mpi.tests.dumpi;

import java.util.List;
import java.util.Map;

/**
 * How two traces of the same program are compared on handle arguments: predefined objects (DUMPI's
 * constants, below the kind's first user number) must be equal; a user handle of one trace only has to be a
 * user handle of the same kind (communicator, datatype, request, ...) in the other. DUMPI numbers a handle
 * value on first sight and keeps the number when the MPI hands out the same value again for a new object;
 * when it does depends on the allocations of the process, which differ between two native runs, with the
 * tracer's own, and under translation (the program holds the translation layer's values). So the numbers
 * are not compared (docs/tracing.md, "The fidelity check").
 */
final class HandleKinds {

    /** DUMPI_FIRST_USER_<KIND> of dumpi/common/constants.h, by the type dumpi2ascii prints. */
    private static final Map<String, Integer> FIRST_USER = Map.of("MPI_Comm", 4, "MPI_Datatype", 28, "MPI_Op", 15,
            "MPI_Group", 3, "MPI_Request", 2, "MPIO_Request", 2, "MPI_Info", 1, "MPI_File", 1);
    /** Kinds the reader prints as int, recognised by their label: window, error handler, keyval. */
    private static final String USER_LABEL = "(user-defined-";

    private HandleKinds() {
    }

    /** Whether this argument holds handles. */
    static boolean isHandle(DumpiArgument a) {
        return FIRST_USER.containsKey(a.type()) || (a.type().equals("int") && a.value().contains(USER_LABEL));
    }

    /**
     * Whether the two values hold handles of the same kinds: predefined ones equal, user ones user ones
     * (numbers not compared), element by element.
     */
    static boolean sameKinds(DumpiArgument reference, DumpiArgument ours, boolean lbUbAsUser) {
        List<String> r = elements(reference.value());
        List<String> o = elements(ours.value());
        if (!reference.type().equals(ours.type()) || r.size() != o.size())
            return false;
        for (int i = 0; i < r.size(); i++) {
            Long rn = number(r.get(i));
            Long on = number(o.get(i));
            boolean rUser = rn != null && (FIRST_USER.containsKey(reference.type()) ? rn >= FIRST_USER.get(reference.type())
                    : r.get(i).contains(USER_LABEL));
            boolean oUser = on != null && (FIRST_USER.containsKey(ours.type()) ? on >= FIRST_USER.get(ours.type())
                    : o.get(i).contains(USER_LABEL));
            if (lbUbAsUser && rUser && reference.type().equals("MPI_Datatype") && on != null && (on == 20 || on == 21))
                continue; // IntendedDifference.LB_UB_WITH_MPICH
            if (rUser != oUser || (!rUser && !r.get(i).equals(o.get(i))) || (rUser && !label(r.get(i)).equals(label(o.get(i)))))
                return false;
        }
        return true;
    }

    /** The elements of an array value {@code [a, b]}, or the value itself. */
    private static List<String> elements(String value) {
        if (value.startsWith("[") && value.endsWith("]")) {
            String inner = value.substring(1, value.length() - 1).strip();
            return inner.isEmpty() ? List.of() : List.of(inner.split(", "));
        }
        return List.of(value);
    }

    private static Long number(String element) {
        String n = element.split(" ", 2)[0];
        try {
            return Long.parseLong(n);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String label(String element) {
        int space = element.indexOf(' ');
        return space < 0 ? "" : element.substring(space + 1);
    }
}
