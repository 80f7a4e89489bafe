package org.wi4mpi.tests.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code wi4mpi --trace} and {@code --critpath} need of an install tree, added to a {@link FakeInstall}:
 * empty stand-ins of the tracing libraries, a settings checker that faults any line starting with "bad", a
 * {@code bin/wi4mpi-trace} that reports its arguments and writes a one-line critPath.out, and a stub program
 * {@code traced} that writes a .meta file into WI4MPI_TRACE as rank 0 of a traced run does.
 */
final class FakeTracing {

    static final List<String> FAMILIES = List.of("openmpi", "mpich", "standard");

    /** The checker's output contract: exit 0, or one sentence naming the file and line and exit 2. */
    private static final String CHECKER = """
            #!/bin/sh
            n=0
            while IFS= read -r line || [ -n "$line" ]; do
              n=$((n + 1))
              case $line in
                bad*) echo "wi4mpi: $1 line $n: '$line' is not a setting of the dumpi.conf format." >&2; exit 2 ;;
              esac
            done <"$1"
            exit 0
            """;

    /** Prints its arguments and what it inherited; CRITPATH_FAIL makes it fail with that sentence. */
    private static final String CRITPATH = """
            #!/bin/sh
            echo "critpath-args: $*"
            echo "critpath-preload: ${LD_PRELOAD-<unset>}"
            if [ -n "$CRITPATH_FAIL" ]; then echo "wi4mpi-trace: $CRITPATH_FAIL" >&2; exit 2; fi
            out=
            while [ $# -gt 0 ]; do
              if [ "$1" = -o ]; then out=$2; shift; fi
              shift
            done
            echo "MPI_Init -1 5 MPI_Finalize -1" >"$out"
            echo "critical path: 5 us over 2 vertices"
            """;

    /** A traced run: one .meta per prefix of TRACED_PREFIXES (default one), exit status TRACED_EXIT (default 0). */
    private static final String TRACED = """
            #!/bin/sh
            echo "traced: LD_PRELOAD=$LD_PRELOAD WI4MPI_TRACE=$WI4MPI_TRACE"
            for p in ${TRACED_PREFIXES-dumpi-2026.11.27.10.00.00}; do : >"$WI4MPI_TRACE/$p.meta"; done
            exit ${TRACED_EXIT:-0}
            """;

    private FakeTracing() {
    }

    /** Adds the tracing parts to {@code fake} (interface mode included, for the standard family's library). */
    static FakeInstall add(FakeInstall fake) throws IOException {
        for (String family : FAMILIES) {
            Files.createFile(traceLib(fake, family));
        }
        Files.createDirectories(checker(fake).getParent());
        FakeInstall.writeScript(checker(fake), CHECKER);
        FakeInstall.writeScript(critpathTool(fake), CRITPATH);
        FakeInstall.writeScript(fake.stubs.resolve("traced"), TRACED);
        return fake;
    }

    static Path traceLib(FakeInstall fake, String family) {
        return fake.root.resolve("lib/libwi4mpi_trace_" + family + ".so");
    }

    static Path checker(FakeInstall fake) {
        return fake.root.resolve("libexec/wi4mpi/wi4mpi-trace-check-config");
    }

    static Path critpathTool(FakeInstall fake) {
        return fake.root.resolve("bin/wi4mpi-trace");
    }
}
