package org.wi4mpi.tests.wrap;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.wi4mpi.tests.MpiFamily;

/**
 * The two implementations of the .w language under comparison. Both take wrap.py's options ({@code -f -g
 * -s -w -i BINDING}); the reference reads the family's mpi.h through its mpicc, ours the family's ABI
 * descriptor.
 */
enum WrapGenerator {
    /** wrap.py run by python3: {@code wrap.py -c mpicc.<family> <options> -o OUT FILE...} */
    REFERENCE("reference"),
    /** {@code bin/wi4mpi-gen wrap --abi <family> <options> -o OUT FILE...} of the repository under test. */
    WI4MPI("wi4mpi");

    private final String id;

    WrapGenerator(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    List<String> command(MpiFamily family, List<String> options, Path output, List<Path> inputs) {
        List<String> command = new ArrayList<>();
        if (this == REFERENCE) {
            command.addAll(List.of("python3", WrapReference.script().toString(), "-c", family.compiler()));
        } else {
            command.addAll(List.of(WrapWorkspace.generatorScript().toString(), "wrap", "--abi", family.id()));
        }
        command.addAll(options);
        command.addAll(List.of("-o", output.toString()));
        inputs.forEach(p -> command.add(p.toString()));
        return command;
    }
}
