package org.wi4mpi.gen.wrap;

import java.util.List;

/**
 * A macro: called with its arguments evaluated (words stay strings, nested calls become their values),
 * it returns its value (a String, an Integer or a List of strings), or null when it prints nothing
 * but what it wrote to {@code out}.
 */
@FunctionalInterface
interface Macro {

    Object call(Call call);

    /** One call of a macro: where it stands, its evaluated arguments, its body if it has one. */
    record Call(Interpreter interpreter, Chunk.Macro chunk, Scope scope, List<Object> args, StringBuilder out) {

        /** A fault of this call, reported at its line and naming the macro. */
        WrapException fault(String what) {
            String macro = "{{" + chunk.name() + "}}";
            return interpreter.fault(chunk, scope, what.contains(macro) ? what : macro + ": " + what);
        }

        /** The argument at {@code i} as a string; a list is refused with the macro named. */
        String text(int i) {
            Object v = args.get(i);
            if (v instanceof List<?>) {
                throw fault("argument " + (i + 1) + " of {{" + chunk.name() + "}} must be a string, not a list");
            }
            return String.valueOf(v);
        }
    }
}
