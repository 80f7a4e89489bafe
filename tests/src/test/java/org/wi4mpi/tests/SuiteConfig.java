package org.wi4mpi.tests;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the suite runs, from system properties (set by the build, or {@code -D} on the mvn command line)
 * with environment variables as fallback. Blank means "everything".
 *
 * <table>
 * <tr><th>property</th><th>environment</th><th>meaning</th><th>default</th></tr>
 * <tr><td>wi4mpi.install</td><td>-</td><td>install tree with bin/wi4mpi</td><td>../target/wi4mpi</td></tr>
 * <tr><td>wi4mpi.tests.families</td><td>WI4MPI_TESTS_FAMILIES</td><td>families to build with and run natively</td><td>openmpi,mpich</td></tr>
 * <tr><td>wi4mpi.tests.pairs</td><td>WI4MPI_TESTS_PAIRS</td><td>translation pairs, e.g. openmpi-mpich; "none" for none</td><td>every pair from the families</td></tr>
 * <tr><td>wi4mpi.tests.np</td><td>WI4MPI_TESTS_NP</td><td>rank counts</td><td>1,2,4</td></tr>
 * <tr><td>wi4mpi.tests.programs</td><td>WI4MPI_TESTS_PROGRAMS</td><td>program names, e.g. p2p,env,hello_mpif</td><td>all of tests/c and tests/fortran</td></tr>
 * <tr><td>wi4mpi.tests.timeout</td><td>WI4MPI_TESTS_TIMEOUT</td><td>seconds per mpirun</td><td>120</td></tr>
 * </table>
 */
public record SuiteConfig(Path install, Path sourceDirectory, Path binaryDirectory, List<MpiFamily> families,
                          List<TranslationPair> pairs, List<Integer> rankCounts, Set<String> programs,
                          Duration timeout) {

    private static final List<Integer> DEFAULT_RANK_COUNTS = List.of(1, 2, 4);

    public static SuiteConfig fromEnvironment() {
        Path moduleDirectory = Path.of(System.getProperty("user.dir"));
        Path install = Path.of(setting("wi4mpi.install", null, moduleDirectory.resolve("../target/wi4mpi").toString()));
        Path source = Path.of(setting("wi4mpi.tests.source", null, moduleDirectory.resolve("c").toString()));
        Path bin = Path.of(setting("wi4mpi.tests.bin", null, moduleDirectory.resolve("target/mpi-bin").toString()));

        String familyList = setting("wi4mpi.tests.families", "WI4MPI_TESTS_FAMILIES", "");
        List<MpiFamily> families = familyList.isBlank() ? installedFamilies()
                : parseList(familyList, MpiFamily::fromId);

        String pairList = setting("wi4mpi.tests.pairs", "WI4MPI_TESTS_PAIRS", "");
        List<TranslationPair> pairs;
        if (pairList.isBlank())
            pairs = TranslationPair.from(families);
        else if (pairList.trim().equals("none"))
            pairs = List.of();
        else
            pairs = parseList(pairList, TranslationPair::parse);

        String npList = setting("wi4mpi.tests.np", "WI4MPI_TESTS_NP", "");
        List<Integer> rankCounts = npList.isBlank() ? DEFAULT_RANK_COUNTS : parseList(npList, SuiteConfig::rankCount);

        String programList = setting("wi4mpi.tests.programs", "WI4MPI_TESTS_PROGRAMS", "");
        Set<String> programs = programList.isBlank() ? Set.of() : Set.copyOf(parseList(programList, String::trim));

        long seconds = Long.parseLong(setting("wi4mpi.tests.timeout", "WI4MPI_TESTS_TIMEOUT", "120").trim());
        return new SuiteConfig(install.normalize(), source.normalize(), bin.normalize(), families, pairs, rankCounts,
                programs, Duration.ofSeconds(seconds));
    }

    /** The programs of the source directory that the selection keeps. */
    public List<MpiTestProgram> selectedPrograms() {
        List<MpiTestProgram> all = java.util.stream.Stream.of(MpiTestProgram.discover(sourceDirectory),
                MpiTestProgram.discoverFortran(fortranSourceDirectory()),
                MpiTestProgram.discoverCxx(cxxSourceDirectory())).flatMap(List::stream).toList();
        Set<String> known = all.stream().map(MpiTestProgram::name).collect(Collectors.toSet());
        for (String name : programs)
            if (!known.contains(name))
                throw new IllegalArgumentException("wi4mpi.tests.programs names '" + name + "', which is not in "
                        + sourceDirectory + "; known: " + known.stream().sorted().collect(Collectors.joining(",")));
        return all.stream().filter(p -> programs.isEmpty() || programs.contains(p.name())).toList();
    }

    /** The Fortran programs: {@code tests/fortran}, next to the C programs. */
    public Path fortranSourceDirectory() {
        return sourceDirectory.resolveSibling("fortran");
    }

    /** The C++ programs: {@code tests/cxx}. */
    public Path cxxSourceDirectory() {
        return sourceDirectory.resolveSibling("cxx");
    }

    /** The installed families; each one left out is said once, with the reason (Debian 13's Open MPI 5). */
    private static synchronized List<MpiFamily> installedFamilies() {
        if (!toldAbsent) {
            toldAbsent = true;
            for (MpiFamily f : MpiFamily.values())
                if (!f.installed())
                    System.out.println("wi4mpi tests: the " + f.id() + " family is not tested here: " + f.absence());
        }
        return MpiFamily.installedValues();
    }

    private static boolean toldAbsent;

    private static String setting(String property, String environmentVariable, String fallback) {
        String value = System.getProperty(property);
        if ((value == null || value.isBlank()) && environmentVariable != null)
            value = System.getenv(environmentVariable);
        return value == null || value.isBlank() ? fallback : value;
    }

    private static <T> List<T> parseList(String text, Function<String, T> parser) {
        return Arrays.stream(text.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(parser)
                .distinct()
                .toList();
    }

    private static Integer rankCount(String text) {
        int n = Integer.parseInt(text);
        if (n < 1)
            throw new IllegalArgumentException("rank count " + n + " is not positive");
        return n;
    }
}
