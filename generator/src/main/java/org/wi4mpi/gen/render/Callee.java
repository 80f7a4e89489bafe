package org.wi4mpi.gen.render;

import java.util.Locale;

/**
 * The C function a translated call calls: the runtime's function through its typed pointer, or the
 * function of runtime-c computing it where the runtime lacks it (functions.json emulation).
 */
public record Callee(Kind kind, String name) {

    public enum Kind {
        /** The runtime's function name, called through R_P<name>. */
        RUNTIME_POINTER,
        /** A function of runtime-c (wi_emulated_isendrecv). */
        EMULATION;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
