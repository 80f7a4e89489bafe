package org.wi4mpi.tests.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;

/**
 * The outputs that are not tools, compared as text: signatures.w ({@code -s}: both generators' function
 * sets and prototypes) and wrap's tutorial.w (it says it does not compile); and what -w changes, the
 * compiler's deprecation warnings. The spelling of C declarations
 * is normalised ({@link CSpelling}), and whitespace, which carries no meaning in C; the functions that only
 * our generator knows must each be named in {@link IntendedDifferences#ONLY_OURS}.
 */
class WrapTextEquivalenceTest {

    /** The banner wrap.py writes before each wrapper; a wrapper ends at its first closing brace in column 0. */
    private static final Pattern BANNER = Pattern.compile("/\\* =+ C Wrappers for (\\w+) =+ \\*/");

    private final SuiteConfig config = SuiteConfig.fromEnvironment();
    private final WrapWorkspace workspace = WrapWorkspace.SHARED;
    /** Every function only ours knows, over the families compared. */
    private final Set<String> onlyOurs = new TreeSet<>();

    @TestFactory
    List<DynamicTest> generatedTextMatches() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MpiFamily family : config.families()) {
            tests.add(DynamicTest.dynamicTest("signatures.w -s [" + family.id() + "]", () -> signatures(family)));
            tests.add(DynamicTest.dynamicTest("examples/tutorial.w [" + family.id() + "]", () -> tutorial(family)));
        }
        for (MpiFamily family : config.families())
            tests.add(DynamicTest.dynamicTest("-w silences deprecation warnings [" + family.id() + "]", () -> warnings(family)));
        tests.add(DynamicTest.dynamicTest("every intended difference of the function set happens", this::noStaleEntry));
        return tests;
    }

    private void signatures(MpiFamily family) {
        Signatures reference = Signatures.read(workspace.generated(family, WrapGenerator.REFERENCE, WrapTool.SIGNATURES));
        Signatures ours = Signatures.read(workspace.generated(family, WrapGenerator.WI4MPI, WrapTool.SIGNATURES));
        // The reference read a real mpi.h: a few hundred functions, MPI_Send among them.
        assertTrue(reference.functions().size() > 300, reference::toString);
        assertEquals("int|6|const void*, int, MPI_Datatype, int, int, MPI_Comm|buf, count, datatype, dest, tag, comm",
                reference.functions().get("MPI_Send"));
        assertEquals(reference.text(), ours.text(), "the text around the table (-s copies comments as text)");

        Set<String> missing = new TreeSet<>(reference.functions().keySet());
        missing.removeAll(ours.functions().keySet());
        assertEquals(Set.of(), missing, "functions wrap.py reads from " + family.id() + "'s mpi.h that ours lacks");

        Set<String> extra = new TreeSet<>(ours.functions().keySet());
        extra.removeAll(reference.functions().keySet());
        onlyOurs.addAll(extra);
        Set<String> unexplained = extra.stream().filter(n -> IntendedDifferences.ONLY_OURS.stream()
                .noneMatch(d -> d.functions().matcher(n).matches())).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of(), unexplained, "functions only ours knows, named nowhere in IntendedDifferences.ONLY_OURS");

        Map<String, String> differing = new TreeMap<>();
        reference.functions().forEach((name, row) -> {
            if (!row.equals(ours.functions().get(name)))
                differing.put(name, "reference " + row + "\n   ours      " + ours.functions().get(name));
        });
        assertEquals("", differing.entrySet().stream().map(e -> e.getKey() + ":\n   " + e.getValue())
                .collect(Collectors.joining("\n")), "prototypes that differ");
    }

    /**
     * count_time.w with and without -w, compiled with the family's mpicc: the same number of deprecation
     * warnings from both generators each way, fewer with -w (wrap.py's pragmas cover the C wrappers' PMPI_
     * calls, not the Fortran wrappers' calls of deprecated MPI_ functions).
     */
    private void warnings(MpiFamily family) {
        Map<WrapGenerator, List<Long>> counts = new TreeMap<>();
        for (WrapGenerator generator : WrapGenerator.values()) {
            long silenced = deprecationWarnings(family, workspace.generated(family, generator, WrapTool.COUNT_TIME));
            long warned = deprecationWarnings(family, workspace.generated(family, generator, WrapTool.COUNT_TIME_WARNED));
            // MPICH 4.0's mpi.h marks no function deprecated: nothing to silence there.
            if (family == MpiFamily.OPENMPI)
                assertTrue(silenced < warned, () -> generator.id() + ": " + silenced + " warnings with -w, " + warned + " without");
            counts.put(generator, List.of(silenced, warned));
        }
        assertEquals(counts.get(WrapGenerator.REFERENCE), counts.get(WrapGenerator.WI4MPI), "deprecation warnings with and without -w");
    }

    private static long deprecationWarnings(MpiFamily family, Path source) {
        ProcessResult cc = ProcessRunner.run(List.of(family.compiler(), "-fsyntax-only", "-DPIC", "-Wdeprecated-declarations",
                source.toString()), source.getParent(), Map.of(), Duration.ofSeconds(180));
        assertEquals(0, cc.exitCode(), cc::describe);
        return cc.stderr().lines().filter(l -> l.contains("warning:") && l.contains("[-Wdeprecated-declarations]")).count();
    }

    private void noStaleEntry() {
        List<String> stale = IntendedDifferences.ONLY_OURS.stream()
                .filter(d -> onlyOurs.stream().noneMatch(n -> d.functions().matcher(n).matches()))
                .map(IntendedDifferences.OnlyOurs::name).toList();
        assertEquals(List.of(), stale, "entries of IntendedDifferences.ONLY_OURS that no function shows any more");
    }

    /**
     * The tutorial's output as pieces: each wrapper (banner to closing brace) and the text between them. The
     * wrappers of functions only ours knows are left out, and the text around them joined, before comparing.
     */
    private void tutorial(MpiFamily family) {
        Set<String> referenceFunctions = Signatures.read(workspace.generated(family, WrapGenerator.REFERENCE,
                WrapTool.SIGNATURES)).functions().keySet();
        List<String> reference = pieces(afterPreamble(workspace.generated(family, WrapGenerator.REFERENCE, WrapTool.TUTORIAL)),
                Set.of());
        Set<String> ignored = new HashSet<>(Signatures.read(workspace.generated(family, WrapGenerator.WI4MPI,
                WrapTool.SIGNATURES)).functions().keySet());
        ignored.removeAll(referenceFunctions);
        ignored.removeIf(n -> IntendedDifferences.ONLY_OURS.stream().noneMatch(d -> d.functions().matcher(n).matches()));
        List<String> ours = pieces(afterPreamble(workspace.generated(family, WrapGenerator.WI4MPI, WrapTool.TUTORIAL)), ignored);
        assertTrue(reference.size() > 600, "the reference's tutorial has a wrapper per function and text between");
        assertTrue(reference.stream().anyMatch(p -> p.contains("NQJ_Send NQJ_Send NQJ_Send")), "its foreachfn part");
        for (int i = 0; i < Math.min(reference.size(), ours.size()); i++) {
            int at = i;
            assertEquals(reference.get(i), ours.get(i), () -> "piece " + at + " of the tutorial's output");
        }
        assertEquals(reference.size(), ours.size(), "pieces of the tutorial's output");
    }

    /**
     * The output from the tutorial's first line on. The preamble before it (includes, the C linkage macro,
     * the Fortran PMPI_Init declarations) is each generator's own text, ours written anew; it is compiled
     * and run with every tool of {@link WrapEquivalenceTest}.
     */
    private static String afterPreamble(Path output) {
        String text = read(output);
        String first = read(WrapTool.TUTORIAL.inputs().get(0)).lines().findFirst().orElseThrow();
        int at = text.indexOf(first);
        assertTrue(at >= 0, () -> output + " lacks the tutorial's first line, " + first);
        return text.substring(at);
    }

    /** Wrappers and the text between them, normalised, without the wrappers of the functions given. */
    private static List<String> pieces(String text, Set<String> without) {
        List<String> pieces = new ArrayList<>();
        StringBuilder between = new StringBuilder();
        Matcher m = BANNER.matcher(text);
        int at = 0;
        while (m.find(at)) {
            between.append(text, at, m.start());
            int end = text.indexOf("\n}\n", m.end());
            end = end < 0 ? text.length() : end + 3;
            if (!without.contains(m.group(1))) {
                pieces.add(CSpelling.normalise(between.toString()));
                between.setLength(0);
                pieces.add(CSpelling.normalise(text.substring(m.start(), end)));
            }
            at = end;
        }
        between.append(text.substring(at));
        pieces.add(CSpelling.normalise(between.toString()));
        return pieces;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
