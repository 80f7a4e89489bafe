package org.wi4mpi.tests.dumpi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * The sst-dumpi reference build: {@code tests/dumpi/build-reference} is run once per JVM (it returns at
 * once when its cache is complete) and this class gives the paths of what it built. The script's
 * environment ({@code WI4MPI_DUMPI_REFERENCE}, {@code WI4MPI_DUMPI_CACHE}) is passed on unchanged.
 */
public final class DumpiReference {

    /** A first build of the three configurations takes about three and a half minutes on 2 cores. */
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(30);

    private static DumpiReference built;

    private final Path cache;

    private DumpiReference(Path cache) {
        this.cache = cache;
    }

    /** The reference build, building it on the first call of this JVM; fails the test if the script fails. */
    public static synchronized DumpiReference ensureBuilt() {
        if (built == null) {
            Path script = moduleDirectory().resolve("dumpi/build-reference");
            ProcessResult run = ProcessRunner.run(List.of(script.toString()), moduleDirectory(), Map.of(), BUILD_TIMEOUT);
            if (run.exitCode() != 0)
                throw new IllegalStateException("the sst-dumpi reference build failed\n" + run.describe());
            String[] lines = run.stdout().strip().split("\n");
            Path cache = Path.of(lines[lines.length - 1]);
            DumpiReference reference = new DumpiReference(cache);
            reference.requireFile(reference.dumpi2ascii());
            for (MpiFamily family : MpiFamily.values())
                reference.requireFile(reference.libdumpi(family));
            built = reference;
        }
        return built;
    }

    /** The cache directory holding the three installations. */
    public Path cache() {
        return cache;
    }

    /** The reader: {@code dumpi2ascii} of the reader build. */
    public Path dumpi2ascii() {
        return cache.resolve("reader/bin/dumpi2ascii");
    }

    /** libdumpi compiled with the family's mpicc; it wraps MPI_X over PMPI_X and is preloaded. */
    public Path libdumpi(MpiFamily family) {
        return cache.resolve(family.id()).resolve("lib/libdumpi.so");
    }

    /** The source tree the builds were made from (for the format facts, never for our code). */
    public Path source() {
        return cache.resolve("sst-dumpi");
    }

    private void requireFile(Path file) {
        if (!Files.isRegularFile(file))
            throw new IllegalStateException("the sst-dumpi reference build in " + cache + " has no " + file);
    }

    private static Path moduleDirectory() {
        return Path.of(System.getProperty("user.dir"));
    }
}
