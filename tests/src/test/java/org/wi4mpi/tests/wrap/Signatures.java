package org.wi4mpi.tests.wrap;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A generator's output of signatures.w ({@code -s}): the lines that are not the table (the file's own
 * comment, copied as text), and per function its normalised {@code ret|nargs|types|args}.
 */
record Signatures(List<String> text, Map<String, String> functions) {

    private static final String ROW = "// ";

    static Signatures read(Path file) {
        List<String> text = new ArrayList<>();
        Map<String, String> functions = new TreeMap<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(ROW) && line.contains("|")) {
                    String row = line.substring(ROW.length());
                    String name = row.substring(0, row.indexOf('|'));
                    functions.put(name, CSpelling.normalise(row.substring(name.length() + 1)));
                } else {
                    text.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Signatures(text, functions);
    }
}
