package org.wi4mpi.gen.wrap;

import java.util.List;

/** A parsed piece of a .w file: text copied to the output, or a macro call. */
sealed interface Chunk permits Chunk.Text, Chunk.Macro {

    int line();

    /** An argument of a macro call: a word, or a macro call whose value is the argument. */
    sealed interface Arg permits Word, Macro {}

    record Text(String text, int line) implements Chunk {}

    record Word(String text) implements Arg {}

    /**
     * {@code {{name arg ...}}}; a body macro ({{fn}} ...) has the chunks up to its end macro as children.
     */
    record Macro(String name, List<Arg> args, List<Chunk> children, int line) implements Chunk, Arg {

        public Macro {
            args = List.copyOf(args);
            children = List.copyOf(children);
        }
    }
}
