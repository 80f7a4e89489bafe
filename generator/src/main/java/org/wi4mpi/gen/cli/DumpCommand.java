package org.wi4mpi.gen.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;
import org.wi4mpi.gen.abi.HeaderProbe;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** Lists the MPI prototypes of a header, one per line, sorted by name. */
@Command(name = "dump", mixinStandardHelpOptions = true,
        description = "Print every MPI_*/MPIX_* prototype of an mpi.h, one per line, sorted.")
public final class DumpCommand extends HeaderCommand {

    @Parameters(index = "0", paramLabel = "HEADER", description = "The mpi.h to read.")
    Path header;

    @Option(names = "-I", paramLabel = "DIR",
            description = "Include directory (repeatable; the header's own directory is always searched).")
    List<Path> includeDirs = new ArrayList<>();

    @Override
    int run(PrintWriter out) {
        List<Path> dirs = new ArrayList<>();
        Path parent = header.toAbsolutePath().getParent();
        if (parent != null) {
            dirs.add(parent);
        }
        dirs.addAll(includeDirs);
        Map<String, Prototype> functions = new HeaderProbe(libclang()).prototypes(header, dirs);
        functions.forEach((name, prototype) -> out.println(line(name, prototype)));
        return 0;
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
