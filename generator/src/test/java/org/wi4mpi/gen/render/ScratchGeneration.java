package org.wi4mpi.gen.render;

import org.wi4mpi.gen.cli.Main;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Generation from an edited copy of the repository's dictionaries: for tests that change an entry and
 * check what the regenerated openmpi_mpich sources say and that they compile against runtime-c.
 */
final class ScratchGeneration {
    private ScratchGeneration() {}

    /** Copies the repository's dictionaries/ to to. */
    static void copyDictionaries(Path to) throws IOException {
        Path from = RepositoryPaths.dictionaries();
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /** Generates the openmpi -> mpich pair from dictionaries into out; its directory. */
    static Path generateOpenMpiToMpich(Path dictionaries, Path out) {
        int status = Main.execute("generate", "--dictionaries", dictionaries.toString(),
                "--templates", RepositoryPaths.templates().toString(), "--out", out.toString(),
                "--pair", "openmpi:mpich");
        assertEquals(0, status, "wi4mpi-gen generate failed");
        return out.resolve("openmpi_mpich");
    }

    /** The generated source compiles against runtime-c without warnings (syntax and types, no link). */
    static void assertCompiles(Path source) throws IOException, InterruptedException {
        Process gcc = new ProcessBuilder("gcc", "-std=gnu11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                "-I", source.getParent().toString(), "-I", RepositoryPaths.runtime().toString(), source.toString())
                .redirectErrorStream(true).start();
        String output = new String(gcc.getInputStream().readAllBytes());
        assertTrue(gcc.waitFor(120, TimeUnit.SECONDS), "gcc timed out");
        assertEquals(0, gcc.exitValue(), "generated C does not compile:\n" + output);
    }
}
