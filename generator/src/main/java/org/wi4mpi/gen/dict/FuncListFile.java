package org.wi4mpi.gen.dict;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads func_list_&lt;family&gt;.txt: one MPI function name per line, '#' starting a comment. Faults
 * are reported as "file:line: name: fault".
 */
final class FuncListFile {

    private static final Pattern FILE_NAME = Pattern.compile("func_list_([a-z0-9_]+)\\.txt");

    private FuncListFile() {}

    /** The family a file name designates, or empty when it is not a func_list file. */
    /** The file that lists what the family's libraries translate. */
    static String fileName(String family) {
        return "func_list_" + family + ".txt";
    }

    static Optional<String> family(Path file) {
        Matcher m = FILE_NAME.matcher(file.getFileName().toString());
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** Each listed name with the line it is first listed on, in file order. */
    static Map<String, Integer> read(Path file, Problems problems) {
        String name = file.getFileName().toString();
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            problems.add(name, "cannot be read: " + e.getMessage());
            return Map.of();
        }
        Map<String, Integer> entries = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            int lineNumber = i + 1;
            String text = stripComment(lines.get(i)).strip();
            if (text.isEmpty()) {
                continue;
            }
            String position = name + ":" + lineNumber;
            if (text.chars().anyMatch(Character::isWhitespace)) {
                problems.add(position, "expected one function name on the line, found '" + text + "'");
                continue;
            }
            if (!text.startsWith("MPI_") && !text.startsWith("MPIX_")) {
                problems.add(position, text, "name does not start with MPI_ or MPIX_");
                continue;
            }
            Integer first = entries.putIfAbsent(text, lineNumber);
            if (first != null) {
                problems.add(position, text, "is listed more than once (first on line " + first + ")");
            }
        }
        return Collections.unmodifiableMap(entries);
    }

    private static String stripComment(String line) {
        int hash = line.indexOf('#');
        return hash < 0 ? line : line.substring(0, hash);
    }
}
