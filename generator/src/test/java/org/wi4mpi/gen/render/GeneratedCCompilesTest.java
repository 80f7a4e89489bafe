package org.wi4mpi.gen.render;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The C each pair's templates write compiles with runtime-c's headers and the native build's warning
 * flags (runtime-c/runtime.cmake: every warning an error), checked for syntax and types only. Needs a
 * C compiler (cc) and uthash.h, as the native build does; without them there is nothing to check.
 */
class GeneratedCCompilesTest {

    /** runtime-c/runtime.cmake's WI4MPI_RUNTIME_C_FLAGS, less what only code generation uses. */
    private static final List<String> FLAGS = List.of("-std=gnu11", "-fvisibility=hidden", "-Wall", "-Wextra", "-Werror");

    /** The per-pair C sources native/CMakeLists.txt compiles (wi_convert.h, wi_abi.h are included by them). */
    private static final List<String> SOURCES = List.of("wi_constants.c", "wi_functions.c", "wi_loader.c",
            "wi_objects.c", "wi_fortran.c");

    @ParameterizedTest
    @ValueSource(strings = {"openmpi_mpich", "mpich_openmpi", "standard_mpich", "mpich_mpich"})
    void everySourceOfThePairCompiles(String pair) throws IOException, InterruptedException {
        Assumptions.assumeTrue(onPath("cc"), "no C compiler");
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/usr/include/uthash.h")), "no uthash.h");
        Path dir = RepositoryOutput.directory().resolve(pair);
        for (String source : SOURCES) {
            List<String> command = new ArrayList<>(List.of("cc", "-fsyntax-only"));
            command.addAll(FLAGS);
            command.addAll(List.of("-I" + dir, "-I" + RepositoryPaths.runtime(), dir.resolve(source).toString()));
            assertCompiles(command, pair + "/" + source);
        }
        // wi_functions.c once more as the PMPI_ entries, as the native build compiles it
        List<String> pmpi = new ArrayList<>(List.of("cc", "-fsyntax-only", "-DWI_PMPI_ENTRY=1"));
        pmpi.addAll(FLAGS);
        pmpi.addAll(List.of("-I" + dir, "-I" + RepositoryPaths.runtime(), dir.resolve("wi_functions.c").toString()));
        assertCompiles(pmpi, pair + "/wi_functions.c (PMPI_ entries)");
        // the code chooser is assembly, preprocessed as the native build does
        Path object = Files.createTempFile("wi_chooser", ".o");
        try {
            assertCompiles(List.of("cc", "-c", "-I" + dir, "-o", object.toString(), dir.resolve("wi_chooser.S").toString()),
                    pair + "/wi_chooser.S");
        } finally {
            Files.deleteIfExists(object);
        }
    }

    private static void assertCompiles(List<String> command, String what) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), what + ": the compiler did not finish");
        assertEquals(0, p.exitValue(), what + " does not compile:\n" + output);
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String d : path.split(":")) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }
}
