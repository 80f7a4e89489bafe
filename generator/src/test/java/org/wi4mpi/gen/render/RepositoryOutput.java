package org.wi4mpi.gen.render;

import org.wi4mpi.gen.cli.Main;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * What {@code wi4mpi-gen generate} renders from the repository's dictionaries and templates,
 * generated once per test JVM and shared by the test classes that read it.
 */
final class RepositoryOutput {

    private static Path directory;

    private RepositoryOutput() {}

    /** The output directory; the first call generates it (and fails the test if generation fails). */
    static synchronized Path directory() {
        if (directory == null) {
            try {
                Path out = Files.createTempDirectory("wi4mpi-gen-test");
                int status = Main.execute("generate", "--dictionaries", RepositoryPaths.dictionaries().toString(),
                        "--templates", RepositoryPaths.templates().toString(), "--out", out.toString());
                if (status != 0) {
                    throw new AssertionError("wi4mpi-gen generate failed with status " + status);
                }
                Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(out)));
                directory = out;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the output directory", e);
            }
        }
        return directory;
    }

    /** A generated file, by its path below the output directory. */
    static String read(String relative) throws IOException {
        return Files.readString(directory().resolve(relative));
    }

    private static void delete(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind is harmless
        }
    }
}
