package org.wi4mpi.gen.wrap;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a .w file into braces and text, and the text inside a macro into words.
 *
 * <p>In C mode (the default: the output is C) a C comment is one piece of text, so that braces in it are
 * not macros; with -s the output is not C and comments are ordinary text.
 */
final class WrapLexer {

    private final String file;
    private final boolean cComments;

    WrapLexer(String file, boolean cComments) {
        this.file = file;
        this.cComments = cComments;
    }

    /** The braces and text pieces of a whole file. */
    List<Token> outer(String text) {
        List<Token> tokens = new ArrayList<>();
        int line = 1;
        int i = 0;
        while (i < text.length()) {
            int end;
            Token.Kind kind = Token.Kind.TEXT;
            if (text.startsWith("{{", i)) {
                kind = Token.Kind.OPEN;
                end = i + 2;
            } else if (text.startsWith("}}", i)) {
                kind = Token.Kind.CLOSE;
                end = i + 2;
            } else if (cComments && text.startsWith("/*", i)) {
                int close = text.indexOf("*/", i + 2);
                if (close < 0) {
                    throw new WrapException(file, line, "the comment opened here has no closing */");
                }
                end = close + 2;
            } else if (cComments && text.startsWith("//", i)) {
                end = i + 2;
                while (end < text.length() && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                    end++;
                }
            } else {
                end = i + 1;
                while (end < text.length() && !stop(text, end)) {
                    end++;
                }
            }
            String piece = text.substring(i, end);
            tokens.add(new Token(kind, piece, line));
            line += count(piece, '\n');
            i = end;
        }
        return tokens;
    }

    private boolean stop(String text, int i) {
        return text.startsWith("{{", i) || text.startsWith("}}", i)
                || cComments && (text.startsWith("/*", i) || text.startsWith("//", i));
    }

    /**
     * The words of a text piece inside a macro: runs of non-blank characters, or strings in single or
     * double quotes (which may hold blanks; a backslash keeps the next character in the string).
     */
    List<Token> words(Token piece) {
        List<Token> words = new ArrayList<>();
        String text = piece.text();
        int line = piece.line();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                if (c == '\n') {
                    line++;
                }
                i++;
                continue;
            }
            int end = (c == '"' || c == '\'') ? closingQuote(text, i) : -1;
            String word;
            if (end > 0) {
                word = text.substring(i + 1, end);
                end++;
            } else {
                end = i;
                while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
                    end++;
                }
                word = text.substring(i, end);
            }
            words.add(new Token(Token.Kind.WORD, word, line));
            line += count(text.substring(i, end), '\n');
            i = end;
        }
        return words;
    }

    /** The index of the quote closing the string opened at {@code open}, or -1 if it is not closed. */
    private static int closingQuote(String text, int open) {
        char quote = text.charAt(open);
        int i = open + 1;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == quote) {
                return i;
            }
            if (c == '\\') {
                if (i + 1 >= text.length() || text.charAt(i + 1) == '\n') {
                    return -1;
                }
                i += 2;
            } else {
                i++;
            }
        }
        return -1;
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }
}
