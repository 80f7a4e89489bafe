package org.wi4mpi.tests.openmpi5;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;

/**
 * The Open MPI 5.0.7 that bin/wi4mpi-build-mpi builds into its cache (docs/openmpi5.md), found where the
 * launcher's default OPENMPI5_ROOT finds it, and the one sentence saying why the Open MPI 5 tests are
 * skipped where it (or wi4mpi's install tree) is absent.
 */
record OpenMpi5Build(Path prefix) {

    /** The prefix under WI4MPI_MPI_CACHE, else $XDG_CACHE_HOME/wi4mpi/mpi, else ~/.cache/wi4mpi/mpi. */
    static OpenMpi5Build fromEnvironment() {
        String cache = System.getenv("WI4MPI_MPI_CACHE");
        if (cache == null || cache.isBlank()) {
            String xdg = System.getenv("XDG_CACHE_HOME");
            cache = (xdg == null || xdg.isBlank() ? System.getProperty("user.home") + "/.cache" : xdg) + "/wi4mpi/mpi";
        }
        return new OpenMpi5Build(Path.of(cache, "openmpi-5.0.7"));
    }

    Path mpicc() {
        return prefix.resolve("bin/mpicc");
    }

    Path mpirun() {
        return prefix.resolve("bin/mpirun");
    }

    private static final java.util.concurrent.atomic.AtomicBoolean REPORTED = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * {@link #absentReason}, printed on the test output the first time a test class of this JVM asks: one
     * line for the Open MPI 5 classes together.
     */
    String checkPresent(Path install) {
        String reason = absentReason(install);
        if (reason != null && !REPORTED.getAndSet(true))
            System.out.println(reason);
        return reason;
    }

    /** Why the Open MPI 5 runs cannot happen here (no build, no install tree), or null when they can. */
    String absentReason(Path install) {
        if (!Files.isRegularFile(prefix.resolve("lib/libmpi.so.40")) || !Files.isExecutable(mpicc()))
            return "Open MPI 5 runs skipped: no Open MPI 5 build at " + prefix
                    + " (bin/wi4mpi-build-mpi openmpi-5.0.7 makes it)";
        if (!Files.isDirectory(install))
            return "Open MPI 5 runs skipped: install tree " + install + " does not exist";
        return null;
    }

    /** What a test factory of the Open MPI 5 classes gives where the build is absent: one test, skipped with the reason. */
    static Stream<DynamicTest> skipped(String name, String reason) {
        return Stream.of(DynamicTest.dynamicTest(name, () -> Assumptions.assumeTrue(false, reason)));
    }
}
