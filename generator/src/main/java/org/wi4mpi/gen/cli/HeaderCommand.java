package org.wi4mpi.gen.cli;

import org.wi4mpi.gen.abi.ProbeException;
import org.wi4mpi.gen.clang.ClangException;
import org.wi4mpi.gen.clang.LibClang;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;

/**
 * A command that parses MPI headers with libclang (probe, dump): its --libclang option, and bad input
 * (a header, a library, a configuration) reported in one line as "wi4mpi-gen &lt;command&gt;: why".
 */
abstract class HeaderCommand implements Callable<Integer> {

    static final int EXIT_BAD_INPUT = 2;

    @Mixin
    LibClangOption libclangOption;

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        try {
            int status = run(spec.commandLine().getOut());
            spec.commandLine().getOut().flush();
            return status;
        } catch (ProbeException | ClangException | UncheckedIOException e) {
            spec.commandLine().getErr().println("wi4mpi-gen " + spec.name() + ": " + e.getMessage());
            return EXIT_BAD_INPUT;
        }
    }

    /** libclang, from --libclang or where {@link LibClang#locate} finds it. */
    final LibClang libclang() {
        return LibClang.locate(libclangOption.libclang);
    }

    /** The command's work; its output goes to {@code out}, its bad input is thrown. */
    abstract int run(PrintWriter out);
}
