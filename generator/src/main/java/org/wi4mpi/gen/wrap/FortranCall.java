package org.wi4mpi.gen.wrap;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The body of a Fortran binding's delegate as it is assembled: local variables, statements before the
 * call (Fortran values converted to C), the call's arguments, and statements after it (C results
 * converted back).
 */
final class FortranCall {

    final Set<String> locals = new LinkedHashSet<>();
    final List<String> before = new ArrayList<>();
    final List<String> arguments = new ArrayList<>();
    final List<String> after = new ArrayList<>();
    /** Whether the statements need the helpers of {@link FortranHelpers} written before the delegate. */
    boolean usesCommLength;
    boolean usesStatusSize;
    boolean usesStrings;

    /** The statements of the delegate, indented, from the locals to the statements after the call. */
    String body(String returnType, String function) {
        StringBuilder out = new StringBuilder();
        out.append("    ").append(returnType).append(" ").append(CWrapperWriter.RETURN_VALUE).append(" = 0;\n");
        locals.forEach(l -> out.append("    ").append(l).append("\n"));
        before.forEach(s -> out.append("    ").append(s).append("\n"));
        out.append("    ").append(CWrapperWriter.RETURN_VALUE).append(" = ").append(function).append("(")
                .append(String.join(", ", arguments)).append(");\n");
        after.forEach(s -> out.append("    ").append(s).append("\n"));
        return out.toString();
    }
}
