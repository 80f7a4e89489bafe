package org.wi4mpi.gen.wrap;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Parses a .w file into chunks: text, macro calls, and body macros with their bodies. The whole file
 * is parsed before any of it is evaluated, so a syntax fault anywhere leaves the output untouched.
 */
final class WrapParser {

    /** {@code {{2}}}: shorthand for {@code {{args 2}}} (a negative number counts from the end). */
    private static final Pattern INDEX = Pattern.compile("[+-]?[0-9]+");

    private final String file;
    private final WrapLexer lexer;
    private List<Token> tokens;
    private int next;
    private final Deque<Token> words = new ArrayDeque<>();

    WrapParser(String file, boolean cComments) {
        this.file = file;
        this.lexer = new WrapLexer(file, cComments);
    }

    List<Chunk> parse(String text) {
        tokens = lexer.outer(text);
        next = 0;
        return body(null);
    }

    /** Chunks up to the end macro of {@code open} (null: up to the end of the file). */
    private List<Chunk> body(Chunk.Macro open) {
        List<Chunk> chunks = new ArrayList<>();
        while (next < tokens.size()) {
            Token t = tokens.get(next++);
            switch (t.kind()) {
                case TEXT -> chunks.add(new Chunk.Text(t.text(), t.line()));
                case CLOSE -> throw new WrapException(file, t.line(), "'}}' closes no macro");
                case OPEN -> {
                    Chunk.Macro m = macro(t, true);
                    if (open != null && m.name().equals("end" + open.name())) {
                        return chunks;
                    }
                    if (BodyMacro.endedBy(m.name()).isPresent()) {
                        throw new WrapException(file, t.line(), "{{" + m.name() + "}} ends no {{"
                                + BodyMacro.endedBy(m.name()).get().macroName + "}}"
                                + (open == null ? "" : " (the open body is {{" + open.name() + "}} of line " + open.line() + ")"));
                    }
                    if (INDEX.matcher(m.name()).matches()) {
                        m = new Chunk.Macro("args", List.of(new Chunk.Word(m.name())), List.of(), m.line());
                    } else if (BodyMacro.named(m.name()).isPresent()) {
                        m = new Chunk.Macro(m.name(), m.args(), body(m), m.line());
                    }
                    chunks.add(m);
                }
                default -> throw new IllegalStateException("word outside a macro");
            }
        }
        if (open != null) {
            throw new WrapException(file, open.line(), "{{" + open.name() + "}} has no {{end" + open.name() + "}}");
        }
        return chunks;
    }

    /** The macro call opened by {@code open}: its name, then words and nested calls up to its '}}'. */
    private Chunk.Macro macro(Token open, boolean bodyAllowed) {
        String name = null;
        List<Chunk.Arg> args = new ArrayList<>();
        while (true) {
            if (!words.isEmpty()) {
                Token w = words.poll();
                if (name == null) {
                    name = w.text();
                    if (!bodyAllowed && BodyMacro.named(name).isPresent()) {
                        throw new WrapException(file, w.line(),
                                "{{" + name + "}} has a body and cannot be another macro's argument");
                    }
                } else {
                    args.add(new Chunk.Word(w.text()));
                }
                continue;
            }
            if (next >= tokens.size()) {
                throw new WrapException(file, open.line(), "the macro "
                        + (name == null ? "" : "{{" + name + "}} ") + "opened here has no closing '}}'");
            }
            Token t = tokens.get(next++);
            switch (t.kind()) {
                case TEXT -> words.addAll(lexer.words(t));
                case OPEN -> {
                    if (name == null) {
                        throw new WrapException(file, t.line(), "a macro name must follow '{{', not another '{{'");
                    }
                    args.add(macro(t, false));
                }
                case CLOSE -> {
                    if (name == null) {
                        throw new WrapException(file, t.line(), "'{{}}' names no macro");
                    }
                    return new Chunk.Macro(name, args, List.of(), open.line());
                }
                default -> throw new IllegalStateException("word outside a macro");
            }
        }
    }
}
