package org.wi4mpi.gen.wrap;

import java.util.HashMap;
import java.util.Map;

/**
 * Names visible to macros: values (a string, a number, a list of strings) or macros, looked up here
 * and then in the enclosing scopes. A function's scope also knows the function's name for messages.
 */
final class Scope {

    private final Map<String, Object> values = new HashMap<>();
    private final Scope enclosing;
    private final String function;

    Scope(Scope enclosing) {
        this(enclosing, enclosing == null ? null : enclosing.function);
    }

    Scope(Scope enclosing, String function) {
        this.enclosing = enclosing;
        this.function = function;
    }

    /** The value of a name, or null if no scope of the chain has it. */
    Object get(String name) {
        for (Scope s = this; s != null; s = s.enclosing) {
            Object v = s.values.get(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    void put(String name, Object value) {
        values.put(name, value);
    }

    /** The function whose body this scope belongs to, or null outside functions. */
    String function() {
        return function;
    }
}
