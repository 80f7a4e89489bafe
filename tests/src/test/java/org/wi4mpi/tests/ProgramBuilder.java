package org.wi4mpi.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Compiles the test programs with a family's own compiler wrapper into {@code <bin>/<family>/<name>},
 * warnings as errors. A binary newer than its source and every header of the source directory is reused.
 */
public final class ProgramBuilder {

    static final List<String> FLAGS = List.of("-Wall", "-Wextra", "-Werror", "-O2", "-g");
    /** Fortran: warnings shown, not fatal (MPICH's mpif.h and mpi module declare no buffer interfaces). */
    static final List<String> FORTRAN_FLAGS = List.of("-Wall", "-O2", "-g");
    private static final Duration COMPILE_TIMEOUT = Duration.ofMinutes(2);

    private final Path binaryRoot;

    public ProgramBuilder(Path binaryRoot) {
        this.binaryRoot = binaryRoot;
    }

    /** Where {@code program} built by {@code family} lives. */
    public Path binary(MpiFamily family, MpiTestProgram program) {
        return binaryRoot.resolve(family.id()).resolve(program.name());
    }

    /**
     * Builds {@code program} with {@code family}'s compiler unless an up-to-date binary exists.
     *
     * @return the compiler run, or {@code null} when the existing binary was reused
     */
    public ProcessResult build(MpiFamily family, MpiTestProgram program) {
        return build(family.compiler(), family.compilerFor(program), binary(family, program), program);
    }

    /**
     * Builds {@code program} into {@code binary} with {@code compiler} (the wrapper of its language) and
     * {@code cCompiler} (for the C part of a Fortran program), unless an up-to-date binary exists: for an
     * MPI that is not a {@link MpiFamily}, such as a build of Open MPI 5 in a cache.
     *
     * @return the compiler run, or {@code null} when the existing binary was reused
     */
    public synchronized ProcessResult build(String cCompiler, String compiler, Path binary, MpiTestProgram program) {
        try {
            if (isUpToDate(binary, program.source()))
                return null;
            Files.createDirectories(binary.getParent());
            Files.deleteIfExists(binary);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + binary, e);
        }
        List<String> sources = new java.util.ArrayList<>(List.of(program.source().toString()));
        if (program.cPart().isPresent()) {
            // The C part is compiled by the C compiler wrapper: mpifort passes it Fortran-only options.
            Path object = binary.resolveSibling(program.name() + ".c.o");
            ProcessResult c = ProcessRunner.run(Stream.of(List.of(cCompiler), FLAGS,
                            List.of("-c", "-o", object.toString(), program.cPart().get().toString()))
                    .flatMap(List::stream).toList(), program.source().getParent(), Map.of(), COMPILE_TIMEOUT);
            if (c.exitCode() != 0 || !c.stdout().isBlank() || !c.stderr().isBlank())
                return c;
            sources.add(object.toString());
        }
        List<String> command = Stream.of(List.of(compiler),
                        program.fortran() ? FORTRAN_FLAGS : FLAGS,
                        List.of("-o", binary.toString()), sources, List.of("-lm"))
                .flatMap(List::stream)
                .toList();
        // Run in the binary's directory: the module files a Fortran program writes stay with its family's build.
        return ProcessRunner.run(command, binary.getParent(), Map.of(), COMPILE_TIMEOUT);
    }

    private static String nameOf(Path source) {
        String file = source.getFileName().toString();
        return file.substring(0, file.lastIndexOf('.'));
    }

    /** The files a source names in {@code #include "..."} lines that exist (e.g. "../c/check.h"). */
    private static Stream<Path> quotedIncludes(Path source) throws IOException {
        return new String(Files.readAllBytes(source), java.nio.charset.StandardCharsets.ISO_8859_1).lines()
                .map(INCLUDE::matcher)
                .filter(java.util.regex.Matcher::matches)
                .map(m -> source.resolveSibling(m.group(1)).normalize())
                .filter(Files::exists);
    }

    private static final java.util.regex.Pattern INCLUDE =
            java.util.regex.Pattern.compile("\\s*#\\s*include\\s*\"([^\"]+)\".*");

    private static boolean isUpToDate(Path binary, Path source) throws IOException {
        if (!Files.isExecutable(binary))
            return false;
        FileTime built = Files.getLastModifiedTime(binary);
        try (Stream<Path> inputs = Files.list(source.getParent())) {
            return Stream.of(Stream.of(source, source.resolveSibling(nameOf(source) + ".c")).filter(Files::exists),
                            inputs.filter(f -> f.toString().endsWith(".h")), quotedIncludes(source))
                    .flatMap(s -> s)
                    .allMatch(input -> {
                        try {
                            return Files.getLastModifiedTime(input).compareTo(built) < 0;
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
        }
    }
}
