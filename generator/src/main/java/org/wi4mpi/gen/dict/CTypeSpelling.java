package org.wi4mpi.gen.dict;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares C parameter type spellings the way the compiler sees them: whitespace, the placement of a
 * leading qualifier ("const int *" is "int const *"), top-level qualifiers (not part of a function's
 * type in C) and array parameters (decayed to pointers: "int []" is "int *", "int [][3]" is
 * "int (*)[3]") do not matter; everything else does.
 */
public final class CTypeSpelling {

    private static final Pattern TOKEN =
            Pattern.compile("[A-Za-z_][A-Za-z0-9_]*|[0-9]+|\\.\\.\\.|\\S");
    private static final Set<String> QUALIFIERS = Set.of("const", "volatile", "restrict");

    private CTypeSpelling() {}

    /** A canonical spelling: equal for two spellings exactly when they denote the same parameter type. */
    public static String canonical(String spelling) {
        Parts p = parse(spelling);
        List<String> out = new ArrayList<>(p.qualifiers);
        out.addAll(p.words);
        out.addAll(p.declarator);
        return String.join(" ", out);
    }

    public static boolean sameType(String a, String b) {
        return canonical(a).equals(canonical(b));
    }

    /** The named type under all pointers and qualifiers: "MPI_Datatype" for "const MPI_Datatype []". */
    public static String baseType(String spelling) {
        return String.join(" ", parse(spelling).words);
    }

    /** Whether it is a single-level pointer to const data ("const int *", "MPI_Datatype const []"). */
    public static boolean isPointerToConst(String spelling) {
        Parts p = parse(spelling);
        return p.qualifiers.contains("const") && p.declarator.equals(List.of("*"));
    }

    private record Parts(List<String> qualifiers, List<String> words, List<String> declarator) {}

    private static Parts parse(String spelling) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(spelling);
        while (m.find()) {
            tokens.add(m.group());
        }
        // The specifiers: the leading words, qualifiers among them kept apart and sorted.
        TreeSet<String> qualifiers = new TreeSet<>();
        List<String> words = new ArrayList<>();
        int i = 0;
        while (i < tokens.size() && Character.isJavaIdentifierStart(tokens.get(i).charAt(0))) {
            String t = tokens.get(i++);
            if (QUALIFIERS.contains(t)) {
                qualifiers.add(t);
            } else {
                words.add(t);
            }
        }
        List<String> declarator = new ArrayList<>(tokens.subList(i, tokens.size()));
        decayFirstArray(declarator);
        // Top-level qualifiers: trailing ones on the pointer itself, or on a by-value parameter.
        while (!declarator.isEmpty() && QUALIFIERS.contains(declarator.getLast())) {
            declarator.removeLast();
        }
        if (declarator.isEmpty()) {
            qualifiers.clear();
        }
        return new Parts(List.copyOf(qualifiers), words, declarator);
    }

    /**
     * A parameter of array type is a pointer to the element: the first "[...]" becomes "*" or "(*)".
     * Only when no parenthesised part comes first: in "int (*)[3]" the parameter is already a pointer.
     */
    private static void decayFirstArray(List<String> declarator) {
        for (int i = 0; i < declarator.size(); i++) {
            String t = declarator.get(i);
            if (t.equals("(")) {
                return;
            }
            if (t.equals("[")) {
                int close = declarator.subList(i, declarator.size()).indexOf("]");
                if (close < 0) {
                    return;
                }
                int end = i + close + 1;
                boolean moreDimensions = end < declarator.size() && declarator.get(end).equals("[");
                declarator.subList(i, end).clear();
                declarator.addAll(i, moreDimensions ? List.of("(", "*", ")") : List.of("*"));
                return;
            }
        }
    }
}
