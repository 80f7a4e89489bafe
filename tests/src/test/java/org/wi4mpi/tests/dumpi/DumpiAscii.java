package org.wi4mpi.tests.dumpi;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the call stream dumpi2ascii prints for one rank's trace: each call is its line
 * {@code <function> entering at walltime S.N, cputime S.N seconds in thread T.}, one line per argument,
 * and the matching {@code returning} line. Any other line is an error naming its number, so a change of
 * the reader's output cannot go unnoticed.
 */
public final class DumpiAscii {

    private static final Pattern BOUNDARY = Pattern.compile(
            "(\\w+) (entering|returning) at walltime (\\d+\\.\\d+), cputime (\\d+\\.\\d+) seconds in thread (\\d+)\\.");

    private DumpiAscii() {
    }

    /**
     * The calls of {@code text}, in stream order.
     *
     * @param origin what the text came from, for error messages
     * @throws IllegalArgumentException naming the origin and the line when the text is not a call stream
     */
    public static List<DumpiCall> parse(String text, String origin) {
        List<DumpiCall> calls = new ArrayList<>();
        String[] lines = text.split("\n");
        Matcher entry = null;
        List<DumpiArgument> arguments = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.isEmpty() && i == lines.length - 1)
                break;
            Matcher boundary = BOUNDARY.matcher(line);
            boolean isBoundary = boundary.matches();
            if (entry == null) {
                if (!isBoundary || !boundary.group(2).equals("entering"))
                    throw error(origin, i, "expected a call's 'entering' line", line);
                entry = boundary;
                arguments = new ArrayList<>();
            } else if (!isBoundary) {
                DumpiArgument argument = DumpiArgument.parse(line);
                if (argument == null)
                    throw error(origin, i, "expected an argument '<type> <name>=<value>' of " + entry.group(1), line);
                arguments.add(argument);
            } else {
                if (!boundary.group(2).equals("returning") || !boundary.group(1).equals(entry.group(1))
                        || !boundary.group(5).equals(entry.group(5)))
                    throw error(origin, i, "expected " + entry.group(1) + "'s 'returning' line in thread "
                            + entry.group(5), line);
                calls.add(new DumpiCall(entry.group(1), Integer.parseInt(entry.group(5)), List.copyOf(arguments),
                        new DumpiTimes(entry.group(3), entry.group(4), boundary.group(3), boundary.group(4))));
                entry = null;
            }
        }
        if (entry != null)
            throw new IllegalArgumentException(origin + ": the stream ends inside " + entry.group(1));
        return List.copyOf(calls);
    }

    private static IllegalArgumentException error(String origin, int index, String expected, String line) {
        return new IllegalArgumentException(origin + ", line " + (index + 1) + ": " + expected + ", found '" + line + "'");
    }
}
