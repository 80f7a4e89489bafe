package org.wi4mpi.gen.render;

/**
 * What a pair does with one function the application's library exports and functions.json describes
 * (FunctionClassifier). Each value is rendered in one place: the A_ functions of wi_functions.c, the
 * error stubs, or the chooser alone.
 */
public enum FunctionClass {
    /** The runtime has the function (or a second name of it): an A_ function converts and calls it. */
    TRANSLATED,
    /**
     * A large-count function the runtime lacks, called through its _x or int form (MPI_Send_c on Open
     * MPI 4.1 reaching MPI_Send), with counts checked to fit.
     */
    RUNTIME_FORM,
    /** The runtime lacks it and runtime-c computes it from the runtime's other functions (emulation). */
    EMULATED,
    /** Computed by the application side alone (functions.json local): no runtime call. */
    LOCAL,
    /** The runtime lacks it and nothing computes it: the call fails through the error path. */
    LACKING,
    /** A role of the function needs runtime support this pair lacks: the call aborts with its name. */
    UNSUPPORTED,
    /** Identity pairs: the application's call goes straight to the runtime, nothing to translate. */
    DIRECT;

    /** Whether an A_ function calling the runtime is rendered (FunctionView). */
    public boolean callsRuntime() {
        return this == TRANSLATED || this == RUNTIME_FORM || this == EMULATED;
    }

    /** Whether an A_ function that does not call the runtime is rendered (LocalFunctionView). */
    public boolean answersLocally() {
        return this == LOCAL || this == LACKING;
    }
}
