package org.wi4mpi.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One self-checking MPI program of {@code tests/c} ({@code <name>.c}), {@code tests/fortran}
 * ({@code <name>.f90}, with an optional C part {@code <name>.c} linked into it) or {@code tests/cxx}
 * ({@code <name>.cc}, the MPI-2 C++ bindings), built into an executable {@code <name>}.
 *
 * @param name             the file name without its extension
 * @param source           the C source
 * @param expectedExitCode what mpirun must exit with: 0, except for programs that test MPI_Abort
 * @param families         the families whose mpi.h declares what the program calls: every family, unless
 *                         a line of the source says {@code wi4mpi-test-families: mpich} (MPI-4 functions)
 */
public record MpiTestProgram(String name, Path source, int expectedExitCode, Set<MpiFamily> families,
                             boolean retriedOnTimeout) {

    /** Programs that end the job on purpose, with the code mpirun must report. */
    private static final Map<String, Integer> ABORTING = Map.of("abort", 3);

    private static final Pattern FAMILIES = Pattern.compile("wi4mpi-test-families:\\s*([a-z, ]+)");

    /** Whether the program is built with this family's compiler (and so runs from it). */
    public boolean builtWith(MpiFamily family) {
        return families.contains(family);
    }

    /** A Fortran program, built with the family's Fortran compiler wrapper. */
    public boolean fortran() {
        return source.getFileName().toString().endsWith(".f90");
    }

    /** A C++ program, built with the family's C++ compiler wrapper. */
    public boolean cxx() {
        return source.getFileName().toString().endsWith(".cc");
    }

    /** For a Fortran program, the C file next to it that is compiled into it, if any. */
    public java.util.Optional<Path> cPart() {
        Path c = source.resolveSibling(name + ".c");
        return fortran() && Files.isRegularFile(c) ? java.util.Optional.of(c) : java.util.Optional.empty();
    }

    /** Whether a successful run ends with rank 0 printing {@code "<name>: ok"}. */
    public boolean printsOk() {
        return expectedExitCode == 0;
    }

    /** Every {@code *.c} file of {@code directory}, sorted by name. */
    public static List<MpiTestProgram> discover(Path directory) {
        return discover(directory, ".c");
    }

    /** Every {@code *.f90} file of {@code directory}, sorted by name; none if the directory is absent. */
    public static List<MpiTestProgram> discoverFortran(Path directory) {
        return Files.isDirectory(directory) ? discover(directory, ".f90") : List.of();
    }

    /** Every {@code *.cc} file of {@code directory}, sorted by name; none if the directory is absent. */
    public static List<MpiTestProgram> discoverCxx(Path directory) {
        return Files.isDirectory(directory) ? discover(directory, ".cc") : List.of();
    }

    private static List<MpiTestProgram> discover(Path directory, String extension) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(extension))
                    .sorted()
                    .map(MpiTestProgram::of)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the test programs in " + directory, e);
        }
    }

    private static MpiTestProgram of(Path source) {
        String file = source.getFileName().toString();
        String name = file.substring(0, file.lastIndexOf('.'));
        return new MpiTestProgram(name, source, ABORTING.getOrDefault(name, 0), families(source),
                text(source).contains(RETRY_MARKER));
    }

    /**
     * A program that spawns processes says so: Open MPI 4.1.4 hangs a spawned child in PMIx_Init now
     * and then, natively too (docs/launcher.md, vendor issues). A run of such a program that times
     * out is run again, up to six runs of 30 s (MpiTestSuite#runRetried); a sixth timeout fails.
     */
    static final String RETRY_MARKER = "wi4mpi-test-retry-on-timeout";

    private static String text(Path source) {
        try {
            return Files.readString(source);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the test program " + source, e);
        }
    }

    private static Set<MpiFamily> families(Path source) {
        String text = text(source);
        Matcher m = FAMILIES.matcher(text);
        if (!m.find()) {
            return EnumSet.allOf(MpiFamily.class);
        }
        Set<MpiFamily> families = EnumSet.noneOf(MpiFamily.class);
        for (String id : m.group(1).split(",")) {
            families.add(MpiFamily.fromId(id.trim()));
        }
        return families;
    }
}
