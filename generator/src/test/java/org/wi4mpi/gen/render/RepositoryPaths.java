package org.wi4mpi.gen.render;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository's dictionaries/ and templates/, found from the wi4mpi.root property surefire sets (shared by the test packages). */
public final class RepositoryPaths {
    private RepositoryPaths() {}

    public static Path root() {
        Path p = Path.of(System.getProperty("wi4mpi.root", ".")).toAbsolutePath();
        for (Path q = p; q != null; q = q.getParent()) {
            if (Files.isDirectory(q.resolve("dictionaries")) && Files.isDirectory(q.resolve("templates"))) {
                return q;
            }
        }
        throw new IllegalStateException("no repository root (dictionaries/ and templates/) above " + p);
    }

    public static Path dictionaries() { return root().resolve("dictionaries"); }

    public static Path templates() { return root().resolve("templates"); }

    public static Path runtime() { return root().resolve("runtime-c"); }
}
