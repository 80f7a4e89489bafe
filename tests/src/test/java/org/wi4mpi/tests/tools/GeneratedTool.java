package org.wi4mpi.tests.tools;

import java.nio.file.Path;
import java.util.List;

/** The PMPI tools WrapToolRunTest generates with {@code wi4mpi-gen wrap}: the .w file and the options. */
enum GeneratedTool {
    /**
     * tests/wrap/count_time.w: counts every function but a few. Fortran bindings, reentry guards (calls
     * made from inside a wrapper are not counted), no deprecation warnings.
     */
    COUNT_TIME("count_time", "wrap/count_time.w", List.of("-f", "-g", "-w")),
    /** tests/tools/inner_calls.w: its send wrappers call MPI_Comm_rank and PMPI_Comm_size; no guards. */
    INNER_CALLS("inner_calls", "tools/inner_calls.w", List.of());

    private final String name;
    private final String source;
    private final List<String> options;

    GeneratedTool(String name, String source, List<String> options) {
        this.name = name;
        this.source = source;
        this.options = options;
    }

    /** What the tool prints its lines under, and the stem of its files. */
    String printed() {
        return name;
    }

    /** The .w file, relative to the tests module. */
    Path source(Path module) {
        return module.resolve(source);
    }

    List<String> options() {
        return options;
    }
}
