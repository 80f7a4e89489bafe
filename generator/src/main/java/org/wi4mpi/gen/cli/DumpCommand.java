package org.wi4mpi.gen.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;
import org.wi4mpi.gen.abi.HeaderProbe;
import org.wi4mpi.gen.abi.ProbeException;
import org.wi4mpi.gen.clang.ClangException;
import org.wi4mpi.gen.clang.LibClang;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** Lists the MPI prototypes of a header, one per line, sorted by name. */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = "Print every MPI_*/MPIX_* prototype of an mpi.h, one per line, sorted.")
public final class DumpCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "HEADER", description = "The mpi.h to read.")
    Path header;

    @Option(names = "-I", paramLabel = "DIR",
            description = "Include directory (repeatable; the header's own directory is always searched).")
    List<Path> includeDirs = new ArrayList<>();

    @Mixin
    LibClangOption libclangOption;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try {
            List<Path> dirs = new ArrayList<>();
            Path parent = header.toAbsolutePath().getParent();
            if (parent != null) {
                dirs.add(parent);
            }
            dirs.addAll(includeDirs);
            Map<String, Prototype> functions = new HeaderProbe(LibClang.locate(libclangOption.libclang))
                    .prototypes(header, dirs);
            functions.forEach((name, prototype) -> out.println(line(name, prototype)));
            out.flush();
            return 0;
        } catch (ProbeException | ClangException e) {
            spec.commandLine().getErr().println("wi4mpi-gen dump: " + e.getMessage());
            return ProbeCommand.EXIT_BAD_INPUT;
        }
    }

    /** {@code int MPI_Send(const void * buf, int count, ...)}; a function without parameters shows (void). */
    static String line(String name, Prototype prototype) {
        String params = prototype.params().isEmpty() ? "void" : prototype.params().stream()
                .map(DumpCommand::param).collect(Collectors.joining(", "));
        return prototype.returns() + " " + name + "(" + params + ")";
    }

    private static String param(Param param) {
        return param.name().isEmpty() ? param.type() : param.type() + " " + param.name();
    }
}
