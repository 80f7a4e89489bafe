package org.wi4mpi.gen.abi;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The integer named constants of a family's mpif.h (and the files it includes): the Fortran values
 * of predefined handles (Open MPI numbers them 0, 1, ...; MPICH reuses its C handle values), status
 * indices, sizes. {@code PARAMETER (NAME=expr, ...)} statements are read in fixed or free form; an
 * expression is an integer literal, an earlier name, a parenthesised expression, or a sum, difference
 * or product of those. Anything else (logicals, reals, kinds) is skipped: only integers are needed.
 */
public final class FortranHeader {

    private static final Pattern INCLUDE = Pattern.compile("^\\s*include\\s+['\"]([^'\"]+)['\"]",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PARAMETER = Pattern.compile("^\\s*parameter\\s*\\((.*)\\)\\s*$",
            Pattern.CASE_INSENSITIVE);

    private FortranHeader() {}

    /** The integer parameters of {@code mpifH}, or an empty map when the family has no mpif.h. */
    public static SortedMap<String, Long> integerParameters(Path mpifH) {
        SortedMap<String, Long> values = new TreeMap<>();
        if (Files.isRegularFile(mpifH)) {
            read(mpifH, values, 0);
        }
        return values;
    }

    private static void read(Path file, Map<String, Long> values, int depth) {
        if (depth > 8) {
            throw new ProbeException(file + ": includes nest deeper than 8 levels");
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        for (String raw : lines) {
            if (isComment(raw)) {
                continue;
            }
            String line = stripTrailingComment(raw);
            Matcher include = INCLUDE.matcher(line);
            if (include.find()) {
                Path included = file.resolveSibling(include.group(1));
                if (Files.isRegularFile(included)) {
                    read(included, values, depth + 1);
                }
                continue;
            }
            Matcher parameter = PARAMETER.matcher(line);
            if (parameter.find()) {
                for (String assignment : splitTopLevel(parameter.group(1))) {
                    int eq = assignment.indexOf('=');
                    if (eq <= 0) {
                        continue;
                    }
                    String name = assignment.substring(0, eq).trim().toUpperCase(Locale.ROOT);
                    Long value = new Expression(assignment.substring(eq + 1), values).evaluate();
                    if (value != null && name.matches("[A-Z_][A-Z0-9_]*")) {
                        values.put(name, value);
                    }
                }
            }
        }
    }

    /** Fixed-form comment lines start with C, c, * or !; free-form ones with !. */
    private static boolean isComment(String line) {
        if (line.isEmpty()) {
            return true;
        }
        char first = line.charAt(0);
        return first == 'C' || first == 'c' || first == '*' || first == '!' || line.strip().startsWith("!")
                || line.strip().startsWith("#");
    }

    private static String stripTrailingComment(String line) {
        int bang = line.indexOf('!');
        return bang >= 0 && line.indexOf('\'') < 0 ? line.substring(0, bang) : line;
    }

    private static List<String> splitTopLevel(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0, start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') depth++;
            else if (c == ')') depth--;
            else if (c == ',' && depth == 0) {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        parts.add(text.substring(start));
        return parts;
    }

    /** Recursive descent over + - * and parentheses; null when the text is not an integer expression. */
    private static final class Expression {
        private final String text;
        private final Map<String, Long> names;
        private int pos;

        Expression(String text, Map<String, Long> names) {
            this.text = text.replaceAll("\\s+", "");
            this.names = names;
        }

        Long evaluate() {
            Long v = sum();
            return v != null && pos == text.length() ? v : null;
        }

        private Long sum() {
            Long v = product();
            while (v != null && pos < text.length() && (peek() == '+' || peek() == '-')) {
                char op = text.charAt(pos++);
                Long r = product();
                if (r == null) return null;
                v = op == '+' ? v + r : v - r;
            }
            return v;
        }

        private Long product() {
            Long v = unary();
            while (v != null && pos < text.length() && peek() == '*') {
                pos++;
                Long r = unary();
                if (r == null) return null;
                v = v * r;
            }
            return v;
        }

        private Long unary() {
            if (pos < text.length() && peek() == '-') {
                pos++;
                Long v = unary();
                return v == null ? null : -v;
            }
            if (pos < text.length() && peek() == '(') {
                pos++;
                Long v = sum();
                if (v == null || pos >= text.length() || peek() != ')') return null;
                pos++;
                return v;
            }
            int start = pos;
            while (pos < text.length() && Character.isDigit(peek())) pos++;
            if (pos > start) {
                return Long.parseLong(text.substring(start, pos));
            }
            while (pos < text.length() && (Character.isLetterOrDigit(peek()) || peek() == '_')) pos++;
            if (pos > start) {
                return names.get(text.substring(start, pos).toUpperCase(Locale.ROOT));
            }
            return null;
        }

        private char peek() {
            return text.charAt(pos);
        }
    }
}
