package org.wi4mpi.gen.cli;

import org.wi4mpi.gen.clang.LibClang;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The --libclang option of the commands that parse headers (probe, dump). */
final class LibClangOption {

    @Option(names = "--libclang",
            description = "libclang shared library (default: $" + LibClang.ENV_VARIABLE
                    + ", else /usr/lib/llvm-14/lib/libclang.so.1).")
    Path libclang;
}
