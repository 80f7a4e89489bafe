package org.wi4mpi.tests.dumpi;

/**
 * One argument of a recorded call as dumpi2ascii prints it, {@code <type> <name>=<value>}: for example
 * type {@code MPI_Datatype}, name {@code datatype}, value {@code 9 (MPI_INT)}; an array's name carries its
 * length ({@code recvcounts[2]}) and its value the elements ({@code [3, 3]}) or {@code <IGNORED>}.
 */
public record DumpiArgument(String type, String name, String value) {

    /** Parses one argument line; {@code null} when the line does not have the form. */
    static DumpiArgument parse(String line) {
        int equals = line.indexOf('=');
        if (equals < 0)
            return null;
        String declaration = line.substring(0, equals);
        int space = declaration.lastIndexOf(' ');
        if (space <= 0)
            return null;
        return new DumpiArgument(declaration.substring(0, space), declaration.substring(space + 1),
                line.substring(equals + 1));
    }

    @Override
    public String toString() {
        return type + " " + name + "=" + value;
    }
}
