package org.wi4mpi.tests.dumpi;

import java.util.List;
import java.util.Optional;

/**
 * One recorded MPI call of a rank's trace: the function, the thread that made it, its arguments in the
 * order dumpi2ascii prints them (inputs and outputs alike), and its times. Two traces of the same run
 * are compared with {@link #withoutTimes()}.
 */
public record DumpiCall(String function, int thread, List<DumpiArgument> arguments, DumpiTimes times) {

    /** The first argument of that name ({@code dest}, {@code recvcounts[2]}). */
    public Optional<DumpiArgument> argument(String name) {
        return arguments.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /** The printed value of the argument of that name; fails naming the call when there is none. */
    public String value(String name) {
        return argument(name).map(DumpiArgument::value)
                .orElseThrow(() -> new IllegalArgumentException(function + " has no argument " + name + ": " + arguments));
    }

    /** The call with its times left out: what a fidelity comparison compares. */
    public DumpiCall withoutTimes() {
        return new DumpiCall(function, thread, arguments, null);
    }
}
