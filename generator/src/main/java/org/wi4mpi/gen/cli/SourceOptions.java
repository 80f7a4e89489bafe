package org.wi4mpi.gen.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where the generator's inputs are: the options every rendering command shares (a picocli mixin). */
final class SourceOptions {

    @Option(names = "--dictionaries", defaultValue = "dictionaries",
            description = "Directory holding functions.json, mappers.json, func_list_*.txt and abi/ (default: ${DEFAULT-VALUE}).")
    Path dictionaries;

    @Option(names = "--templates", defaultValue = "templates",
            description = "Directory holding the FreeMarker templates (default: ${DEFAULT-VALUE}).")
    Path templates;
}
