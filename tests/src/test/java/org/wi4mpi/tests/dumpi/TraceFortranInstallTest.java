package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;

/**
 * runtime-c/tests/trace_fortran.sh with the install tree: the tracing libraries' Fortran entry points
 * against libdumpi's MPICH trace of a Fortran program, natively in both MPIs and through both cross pairs
 * and interface mode onto each. The native module's ctest runs the same script before the install tree
 * exists, so there it compares the two native runs only.
 */
class TraceFortranInstallTest {

    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    /** The script's exit status when something it needs is absent. */
    private static final int SKIPPED = 77;

    @Test
    void everyPairTracesTheFortranProgramAsLibdumpiDoes() {
        MpiFamily.assumeInstalled("openmpi", "mpich");
        SuiteConfig config = SuiteConfig.fromEnvironment();
        Path install = config.install();
        for (String family : List.of("openmpi", "mpich", "standard"))
            assumeTrue(Files.isRegularFile(install.resolve("lib/libwi4mpi_trace_" + family + ".so")),
                    () -> install + " has no tracing library for " + family);
        DumpiReference reference = DumpiReference.ensureBuilt();
        Path module = Path.of(System.getProperty("user.dir"));
        Path scripts = module.resolveSibling("runtime-c").resolve("tests");
        Path work = config.binaryDirectory().getParent().resolve("trace-fortran-install");
        Map<String, String> environment = new HashMap<>(MpiFamily.launcherEnvironment());
        environment.put("WI4MPI_DUMPI_CACHE", reference.cache().toString());
        ProcessResult run = ProcessRunner.run(List.of("bash", scripts.resolve("trace_fortran.sh").toString(),
                install.resolve("lib").toString(), work.toString(), scripts.toString(), install.toString()),
                module, environment, TIMEOUT);
        assumeTrue(run.exitCode() != SKIPPED, run::describe);
        assertEquals(0, run.exitCode(), run::describe);
        // Six runs (mpich, openmpi, both cross pairs, interface mode onto each), two ranks each.
        assertTrue(run.stdout().contains("trace_fortran: 12 traces compared, 0 failures"), run::describe);
    }
}
