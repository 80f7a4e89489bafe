package org.wi4mpi.gen.wrap;

import java.util.Arrays;
import java.util.Optional;

/** The macros that have a body, closed by {@code {{end<name>}}}. */
enum BodyMacro {
    /** Wrappers for the listed functions. */
    FN("fn"),
    /** Wrappers for every function but the listed ones. */
    FNALL("fnall"),
    /** The body for each listed function, no wrapper. */
    FOREACHFN("foreachfn"),
    /** The body for every function but the listed ones, no wrapper. */
    FORALLFN("forallfn");

    final String macroName;

    BodyMacro(String macroName) {
        this.macroName = macroName;
    }

    String endName() {
        return "end" + macroName;
    }

    /** Whether the wrapper skeleton (prototypes, return value, {{callfn}}) is generated. */
    boolean writesWrappers() {
        return this == FN || this == FNALL;
    }

    /** Whether the listed functions are the ones left out. */
    boolean excludesListed() {
        return this == FNALL || this == FORALLFN;
    }

    static Optional<BodyMacro> named(String name) {
        return Arrays.stream(values()).filter(m -> m.macroName.equals(name)).findFirst();
    }

    static Optional<BodyMacro> endedBy(String name) {
        return Arrays.stream(values()).filter(m -> m.endName().equals(name)).findFirst();
    }
}
