package org.wi4mpi.gen.dict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/** Where the test dictionaries live: the repository's own, and the fixtures under test resources dict/. */
final class DictionaryFixtures {

    private DictionaryFixtures() {}

    /** The repository's dictionaries/ directory, found upwards from wi4mpi.root or the working directory. */
    static Path repositoryDictionaries() {
        String start = System.getProperty("wi4mpi.root", System.getProperty("user.dir"));
        for (Path p = Path.of(start).toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("dictionaries/functions.json"))) {
                return p.resolve("dictionaries");
            }
        }
        throw new IllegalStateException("no dictionaries/functions.json above " + start);
    }

    static Path resource(String name) {
        URL url = DictionaryFixtures.class.getResource("/dict/" + name);
        if (url == null) {
            throw new IllegalStateException("test resource dict/" + name + " is missing");
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The valid base dictionaries copied into dir, then the files of one broken case laid over them. */
    static Path brokenCopy(String brokenCase, Path dir) {
        copyFiles(resource("base"), dir);
        copyFiles(resource("broken/" + brokenCase), dir);
        return dir;
    }

    static List<String> brokenCases() {
        try (Stream<Path> cases = Files.list(resource("broken"))) {
            return cases.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void copyFiles(Path from, Path to) {
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (!f.getFileName().toString().equals("expected.txt")) {
                    Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
