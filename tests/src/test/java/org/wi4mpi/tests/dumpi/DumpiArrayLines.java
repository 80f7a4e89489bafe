package org.wi4mpi.tests.dumpi;

import java.util.ArrayList;
import java.util.List;

/**
 * dumpi2ascii prints a two-dimensional array argument ({@code int ranges[1][3]=[[0, 1, 2], ]}) with its line
 * break before the closing bracket, so {@link DumpiAscii} reads {@code [[0, 1, 2]} as its value and
 * {@code ]MPI_Group newgroup=4} as the next argument. This joins them again.
 */
final class DumpiArrayLines {

    private DumpiArrayLines() {
    }

    static DumpiCall split(DumpiCall call) {
        List<DumpiArgument> arguments = new ArrayList<>();
        boolean changed = false;
        for (DumpiArgument a : call.arguments()) {
            if (a.type().startsWith("]") && !arguments.isEmpty()) {
                DumpiArgument array = arguments.removeLast();
                arguments.add(new DumpiArgument(array.type(), array.name(), array.value() + "]"));
                arguments.add(new DumpiArgument(a.type().substring(1), a.name(), a.value()));
                changed = true;
            } else {
                arguments.add(a);
            }
        }
        return changed ? new DumpiCall(call.function(), call.thread(), List.copyOf(arguments), call.times()) : call;
    }
}
