package org.wi4mpi.tests.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * The reference wrap.py, extracted at test time from its release tarball into the tests' target directory
 * (it is not part of the repository). The tarball is {@code wrap-19764dc.tar.gz}, found through
 * {@code -Dwi4mpi.wrap.reference} or {@code WI4MPI_WRAP_REFERENCE} (the tarball or its directory), else in
 * {@code <repo>/../shared/reference/} or {@code /work/shared/reference/}.
 */
final class WrapReference {

    static final String TARBALL = "wrap-19764dc.tar.gz";

    private static Path extracted;

    private WrapReference() {
    }

    /** The extracted {@code wrap/} directory: wrap.py, examples/. */
    static synchronized Path directory() {
        if (extracted == null) {
            Path tarball = tarball();
            Path target = WrapWorkspace.root().resolve("reference");
            ProcessResult tar = ProcessRunner.run(List.of("bash", "-c", "rm -rf wrap && tar -xzf \"$0\"", tarball.toString()),
                    WrapWorkspace.mkdirs(target), Map.of(), Duration.ofSeconds(60));
            assertEquals(0, tar.exitCode(), tar::describe);
            extracted = target.resolve("wrap");
            if (!Files.isRegularFile(extracted.resolve("wrap.py")))
                fail(tarball + " holds no wrap/wrap.py");
        }
        return extracted;
    }

    static Path script() {
        return directory().resolve("wrap.py");
    }

    static Path example(String name) {
        return directory().resolve("examples").resolve(name);
    }

    private static Path tarball() {
        String setting = System.getProperty("wi4mpi.wrap.reference");
        if (setting == null || setting.isBlank())
            setting = System.getenv("WI4MPI_WRAP_REFERENCE");
        List<Path> candidates = new ArrayList<>();
        if (setting != null && !setting.isBlank()) {
            Path p = Path.of(setting);
            candidates.add(Files.isDirectory(p) ? p.resolve(TARBALL) : p);
        } else {
            candidates.add(WrapWorkspace.repository().resolve("../shared/reference").resolve(TARBALL).normalize());
            candidates.add(Path.of("/work/shared/reference").resolve(TARBALL));
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst().orElseGet(() -> fail(
                "the reference wrap.py tarball is not at " + candidates + "; set -Dwi4mpi.wrap.reference=PATH (or "
                        + "WI4MPI_WRAP_REFERENCE) to " + TARBALL + " or its directory"));
    }
}
