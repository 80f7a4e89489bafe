package org.wi4mpi.tests.wrap;

import java.nio.file.Path;
import java.util.List;

/**
 * What the equivalence test generates from .w files, each with both generators: the inputs, the options
 * and how the output is built.
 */
enum WrapTool {
    /** The counting-and-timing tool, C and Fortran wrappers, reentry guards, deprecation warnings off. */
    COUNT_TIME("count_time", List.of("count_time.w"), List.of("-f", "-g", "-w"), Build.SHARED_C),
    /**
     * The same tool for a static link: compiled without {@code -DPIC}, so its Fortran MPI_Init calls the
     * binding named by {@code -i} (the default is pmpi_init_).
     */
    COUNT_TIME_STATIC("count_time_static", List.of("count_time.w"), List.of("-f", "-g", "-i", "PMPI_INIT"), Build.OBJECT_C),
    /** The same tool without -w, compiled only for the deprecation warnings -w silences. */
    COUNT_TIME_WARNED("count_time_warned", List.of("count_time.w"), List.of("-f", "-g"), Build.CHECKED_C),
    /** Every macro, recorded at run time; two input files in one run. */
    DESCRIBE("describe", List.of("describe.w", "describe_second.w"), List.of(), Build.SHARED_C),
    /** wrap's example: MPI_COMM_WORLD replaced by the communicator of the first 48 of every 64 ranks (C++). */
    WORLD48("world48", List.of("example:world48.w"), List.of(), Build.SHARED_CXX),
    /** wrap's tutorial: meant to be read, not compiled ("this won't compile", it says). */
    TUTORIAL("tutorial", List.of("example:tutorial.w"), List.of(), Build.TEXT),
    /** The prototypes table, generated with -s. */
    SIGNATURES("signatures", List.of("signatures.w"), List.of("-s"), Build.TEXT);

    /** How a generated file is turned into something to run. */
    enum Build {
        SHARED_C(".c"), SHARED_CXX(".C"), OBJECT_C(".c"), CHECKED_C(".c"), TEXT(".txt");

        final String extension;

        Build(String extension) {
            this.extension = extension;
        }
    }

    private final String name;
    private final List<String> inputs;
    private final List<String> options;
    private final Build build;

    WrapTool(String name, List<String> inputs, List<String> options, Build build) {
        this.name = name;
        this.inputs = inputs;
        this.options = options;
        this.build = build;
    }

    String fileName() {
        return name;
    }

    List<String> options() {
        return options;
    }

    Build build() {
        return build;
    }

    /** The input files: ours from tests/wrap, "example:" ones from wrap's examples/. */
    List<Path> inputs() {
        return inputs.stream().map(i -> i.startsWith("example:") ? WrapReference.example(i.substring(8))
                : WrapWorkspace.sources().resolve(i)).toList();
    }
}
