package org.wi4mpi.gen.render;

/**
 * One exported symbol of the translation library: where the code chooser sends the application
 * (the A_ function, or the abort stub when the function is not translated) and the runtime pointer it
 * jumps through when called from inside the translation layer. A direct entry (identity pairs: nothing
 * to translate) always jumps to the runtime.
 */
public record ChooserEntry(String symbol, String applicationTarget, boolean translated, boolean weak,
                           boolean direct) {
    public String runtimePointer() { return "R_" + symbol; }
}
