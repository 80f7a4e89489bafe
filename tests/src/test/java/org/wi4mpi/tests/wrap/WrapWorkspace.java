package org.wi4mpi.tests.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * Where the equivalence test generates and builds: {@code tests/target/wrap/<family>/<generator>/} for
 * the generated files and tools, {@code .../<family>/native/} for the programs. Each file is generated and
 * compiled once per test run, whichever test class asks first.
 */
final class WrapWorkspace {

    static final WrapWorkspace SHARED = new WrapWorkspace();

    private static final Duration GENERATE_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration COMPILE_TIMEOUT = Duration.ofSeconds(180);

    /** Built files by key, so that each test asks for what it needs and nothing is built twice. */
    private final Map<String, Path> built = new HashMap<>();

    private WrapWorkspace() {
    }

    static Path module() {
        return Path.of(System.getProperty("user.dir")).toAbsolutePath();
    }

    static Path repository() {
        return module().getParent();
    }

    /** Our .w files and the programs they are linked into. */
    static Path sources() {
        return module().resolve("wrap");
    }

    static Path root() {
        return module().resolve("target/wrap");
    }

    /** {@code bin/wi4mpi-gen} of the repository under test ({@code -Dwi4mpi.wrap.gen} to run another). */
    static Path generatorScript() {
        String setting = System.getProperty("wi4mpi.wrap.gen");
        return setting == null || setting.isBlank() ? repository().resolve("bin/wi4mpi-gen") : Path.of(setting);
    }

    Path directory(MpiFamily family, String side) {
        return mkdirs(root().resolve(family.id()).resolve(side));
    }

    /** Runs one generator: the process result, whatever its exit code. */
    ProcessResult generate(MpiFamily family, WrapGenerator generator, List<String> options, Path output, List<Path> inputs) {
        return ProcessRunner.run(generator.command(family, options, output, inputs), output.getParent(), Map.of(),
                GENERATE_TIMEOUT);
    }

    /** The generated file of a tool (generated on first use; the generator must succeed). */
    synchronized Path generated(MpiFamily family, WrapGenerator generator, WrapTool tool) {
        String key = family.id() + "/" + generator.id() + "/" + tool + "/generated";
        Path known = built.get(key);
        if (known != null)
            return known;
        Path output = directory(family, generator.id()).resolve(tool.fileName() + tool.build().extension);
        ProcessResult run = generate(family, generator, tool.options(), output, tool.inputs());
        assertEquals(0, run.exitCode(), run::describe);
        assertTrue(Files.isRegularFile(output), () -> "no " + output + "\n" + run.describe());
        built.put(key, output);
        return output;
    }

    /** The tool built from its generated file: a shared library, or an object for a static link. */
    synchronized Path tool(MpiFamily family, WrapGenerator generator, WrapTool tool) {
        String key = family.id() + "/" + generator.id() + "/" + tool + "/built";
        Path known = built.get(key);
        if (known != null)
            return known;
        Path source = generated(family, generator, tool);
        Path dir = source.getParent();
        Path result;
        switch (tool.build()) {
            case SHARED_C, SHARED_CXX -> {
                result = dir.resolve("lib" + tool.fileName() + ".so");
                String compiler = tool.build() == WrapTool.Build.SHARED_CXX ? family.cxxCompiler() : family.compiler();
                compile(dir, List.of(compiler, "-shared", "-fPIC", "-DPIC", "-o", result.toString(), source.toString()));
            }
            case OBJECT_C -> {
                result = dir.resolve(tool.fileName() + ".o");
                // One section per function, so that the static link can drop the wrappers nothing calls (MPICH
                // 4.0's mpi.h declares PMPI_ functions, e.g. PMPI_Status_f082f, that its library lacks).
                compile(dir, List.of(family.compiler(), "-c", "-ffunction-sections", "-o", result.toString(), source.toString()));
            }
            default -> throw new IllegalArgumentException(tool + " is text, not a tool");
        }
        built.put(key, result);
        return result;
    }

    /** A program of tests/wrap built with the family's own compiler wrapper, plus objects to link in. */
    synchronized Path program(MpiFamily family, String source, String side, List<Path> objects) {
        String name = source.substring(0, source.lastIndexOf('.')) + (objects.isEmpty() ? "" : "_static");
        String key = family.id() + "/" + side + "/" + name;
        Path known = built.get(key);
        if (known != null)
            return known;
        Path dir = directory(family, side);
        Path result = dir.resolve(name);
        String compiler = source.endsWith(".f90") ? family.fortranCompiler() : family.compiler();
        List<String> command = new ArrayList<>(List.of(compiler, "-o", result.toString(), sources().resolve(source).toString()));
        objects.forEach(o -> command.add(o.toString()));
        if (!objects.isEmpty())
            command.add("-Wl,--gc-sections");
        compile(dir, command);
        built.put(key, result);
        return result;
    }

    private static void compile(Path dir, List<String> command) {
        ProcessResult cc = ProcessRunner.run(command, dir, Map.of(), COMPILE_TIMEOUT);
        assertEquals(0, cc.exitCode(), cc::describe);
    }

    static Path mkdirs(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
