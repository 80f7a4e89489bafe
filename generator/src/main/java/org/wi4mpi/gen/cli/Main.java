package org.wi4mpi.gen.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of wi4mpi-gen: probe (extract ABI descriptors), dump (list prototypes), generate, difftest, wrap (PMPI wrappers from .w files). */
@Command(name = "wi4mpi-gen", mixinStandardHelpOptions = true,
        description = "wi4mpi generator: ABI extraction and translation-library sources",
        subcommands = {ProbeCommand.class, DumpCommand.class, GenerateCommand.class, DifftestCommand.class,
                WrapCommand.class})
public final class Main implements Runnable {

    @Override
    public void run() {
        CommandLine.usage(this, System.err);
    }

    public static int execute(String... args) {
        return new CommandLine(new Main()).execute(args);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }
}
