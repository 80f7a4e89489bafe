package org.wi4mpi.gen.wrap;

import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates parsed chunks: text is copied, a macro name is looked up in the scope and either called
 * (macros) or indexed (lists) or printed (strings, numbers). A list prints as its items joined with ", ".
 */
final class Interpreter {

    private final String file;

    Interpreter(String file) {
        this.file = file;
    }

    String file() {
        return file;
    }

    /** Evaluates a chunk and prints its value, if it has one. */
    void evaluate(Chunk chunk, Scope scope, StringBuilder out) {
        Object value = execute(chunk, scope, out);
        if (value != null) {
            out.append(print(value));
        }
    }

    /** Evaluates each chunk of a body in the same scope. */
    void evaluateAll(List<Chunk> chunks, Scope scope, StringBuilder out) {
        for (Chunk c : chunks) {
            evaluate(c, scope, out);
        }
    }

    /** The value of a chunk (null for text, which is written to {@code out}). */
    Object execute(Chunk chunk, Scope scope, StringBuilder out) {
        if (chunk instanceof Chunk.Text text) {
            out.append(text.text());
            return null;
        }
        Chunk.Macro m = (Chunk.Macro) chunk;
        Object value = scope.get(m.name());
        if (value == null) {
            throw fault(m, scope, "{{" + m.name() + "}} is no macro or value defined here");
        }
        if (value instanceof Macro macro) {
            List<Object> args = new ArrayList<>();
            for (Chunk.Arg a : m.args()) {
                args.add(argument(a, scope, out));
            }
            return macro.call(new Macro.Call(this, m, scope, args, out));
        }
        if (value instanceof List<?> list) {
            List<Object> args = new ArrayList<>();
            for (Chunk.Arg a : m.args()) {
                args.add(argument(a, scope, out));
            }
            return index(m, scope, list, args);
        }
        return value;
    }

    private Object argument(Chunk.Arg arg, Scope scope, StringBuilder out) {
        return switch (arg) {
            case Chunk.Word w -> w.text();
            case Chunk.Macro nested -> {
                Object v = execute(nested, scope, out);
                yield v == null ? "" : v;
            }
        };
    }

    /** {@code {{list}}} is the whole list, {@code {{list N}}} its item N (negative N counts from the end). */
    Object index(Chunk.Macro m, Scope scope, List<?> list, List<Object> args) {
        if (args.isEmpty()) {
            return list;
        }
        if (args.size() != 1) {
            throw fault(m, scope, "{{" + m.name() + "}} takes one index, not " + args.size() + " arguments");
        }
        int i;
        try {
            i = Integer.parseInt(String.valueOf(args.get(0)).strip().replace("+", ""));
        } catch (NumberFormatException e) {
            throw fault(m, scope, "'" + args.get(0) + "' is no index into {{" + m.name() + "}}");
        }
        int at = i < 0 ? list.size() + i : i;
        if (at < 0 || at >= list.size()) {
            throw fault(m, scope, "index " + i + " is out of range for {{" + m.name() + "}}, which has "
                    + list.size() + " items");
        }
        return list.get(at);
    }

    /** How a value prints: a list's items joined with ", ", anything else as its string. */
    static String print(Object value) {
        if (value instanceof List<?> list) {
            List<String> items = new ArrayList<>();
            list.forEach(v -> items.add(String.valueOf(v)));
            return String.join(", ", items);
        }
        return String.valueOf(value);
    }

    WrapException fault(Chunk.Macro m, Scope scope, String what) {
        String where = scope.function() == null ? "" : " (in the body for " + scope.function() + ")";
        return new WrapException(file, m.line(), what + where);
    }
}
