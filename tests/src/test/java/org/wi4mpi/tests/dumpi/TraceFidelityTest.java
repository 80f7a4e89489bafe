package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.ProgramBuilder;
import org.wi4mpi.tests.RunAssertions;
import org.wi4mpi.tests.SuiteConfig;

/**
 * The fidelity check of {@code wi4mpi --trace}: each program of {@link FidelityPrograms} traced natively by
 * the reference libdumpi and by wi4mpi — through the identity pair of its MPI, translated through the cross
 * pair, and (hello, p2p, collective_calls) built with the install tree's mpicc in interface mode on each
 * MPI — and read with dumpi2ascii, must show the same calls with the same arguments ({@link TraceFidelityCheck}).
 * Two ranks, one more for the smallest programs. The two-rank traces of p2p, collective_calls and NetPIPE
 * also get their critical path computed ({@link CriticalPathOfRun}). Skipped when the install tree has no
 * tracing library.
 */
class TraceFidelityTest {

    private final SuiteConfig config = SuiteConfig.fromEnvironment();
    private final Path module = Path.of(System.getProperty("user.dir"));
    private final Path target = config.binaryDirectory().getParent();
    private final ProgramBuilder builder = new ProgramBuilder(target.resolve("dumpi-bin"));
    private final Path runs = target.resolve("trace-fidelity");
    /** libdumpi's traces, one per family, program and rank count, shared by the comparisons. */
    private final Map<String, DumpiTraceFiles> references = new HashMap<>();

    /** Programs whose traced two-rank runs also get their critical path computed, in every pair. */
    private static final List<String> CRITICAL_PATH = List.of("p2p", "collective_calls");

    @TestFactory
    List<DynamicTest> sameCallsAsLibdumpi() {
        List<DynamicTest> tests = new ArrayList<>();
        for (MpiFamily family : config.families()) {
            for (MpiTestProgram program : FidelityPrograms.programs(config.sourceDirectory(), module.resolve("dumpi"))) {
                if (!program.builtWith(family) || FidelityPrograms.exclusion(program.name(), family) != null)
                    continue;
                for (int np : FidelityPrograms.ranks(program.name()))
                    for (MpiFamily to : targets(family))
                        if (FidelityPrograms.pairExclusion(program.name(), family, to) == null)
                            tests.add(DynamicTest.dynamicTest(program.name() + " [" + family.id() + "→" + to.id() + "] np=" + np,
                                () -> compareProgram(family, to, program, np)));
            }
            for (FidelityPrograms.Netpipe netpipe : FidelityPrograms.NETPIPE)
                if (netpipe.family() == family)
                    for (MpiFamily to : targets(family))
                        tests.add(DynamicTest.dynamicTest("NetPIPE " + netpipe.binary().getFileName() + " [" + family.id() + "→"
                                + to.id() + "] np=2", () -> compareNetpipe(netpipe, to)));
        }
        for (MpiTestProgram program : FidelityPrograms.programs(config.sourceDirectory(), module.resolve("dumpi")))
            if (FidelityPrograms.INTERFACE.contains(program.name()))
                for (MpiFamily to : config.families())
                    tests.add(DynamicTest.dynamicTest(program.name() + " [standard→" + to.id() + "] np=2",
                            () -> compareInterface(to, program)));
        return tests;
    }

    private void compareProgram(MpiFamily family, MpiFamily to, MpiTestProgram program, int np) {
        Path binary = build(family, program);
        DumpiTraceFiles reference = reference(family, binary, List.of(), program.name(), np);
        Path dir = runs.resolve(family.id() + "-" + to.id() + "-" + program.name() + "-np" + np);
        LibdumpiTracer.TracedRun ours = wi4mpi().trace(family.id(), to, binary, List.of(), np, dir);
        assertRan(ours.run(), program.name());
        check(reference, ours.files(), np, new TraceFidelityCheck.Setting(mode(family, to), family, to, binary, binary),
                program.name() + " " + family.id() + "→" + to.id() + " np=" + np + ": ");
        if (np == 2 && CRITICAL_PATH.contains(program.name()))
            CriticalPathOfRun.assertWellFormed(config.install(), ours.files(), program.name().equals("p2p"),
                    program.name() + " " + family.id() + "→" + to.id() + ": ");
    }

    private void compareNetpipe(FidelityPrograms.Netpipe netpipe, MpiFamily to) {
        assumeTrue(Files.isExecutable(netpipe.binary()), () -> netpipe.binary() + " is not installed (Debian netpipe packages)");
        String name = netpipe.binary().getFileName().toString();
        DumpiTraceFiles reference = reference(netpipe.family(), netpipe.binary(), FidelityPrograms.NETPIPE_ARGUMENTS, name, 2);
        Path dir = runs.resolve(netpipe.family().id() + "-" + to.id() + "-" + name);
        LibdumpiTracer.TracedRun ours = wi4mpi().trace(netpipe.family().id(), to, netpipe.binary(),
                FidelityPrograms.NETPIPE_ARGUMENTS, 2, dir);
        assertEquals(0, ours.run().exitCode(), ours.run()::describe);
        check(reference, ours.files(), 2, new TraceFidelityCheck.Setting(mode(netpipe.family(), to), netpipe.family(), to, netpipe.binary(),
                netpipe.binary()), name + " " + netpipe.family().id() + "→" + to.id() + ": ");
        CriticalPathOfRun.assertWellFormed(config.install(), ours.files(), true, name + " " + netpipe.family().id() + "→" + to.id() + ": ");
    }

    private void compareInterface(MpiFamily to, MpiTestProgram program) {
        Path nativeBinary = build(to, program);
        DumpiTraceFiles reference = reference(to, nativeBinary, List.of(), program.name(), 2);
        Path binary = buildInterface(program);
        Path dir = runs.resolve("standard-" + to.id() + "-" + program.name());
        LibdumpiTracer.TracedRun ours = wi4mpi().trace("standard", to, binary, List.of(), 2, dir);
        assertRan(ours.run(), program.name());
        check(reference, ours.files(), 2, new TraceFidelityCheck.Setting(IntendedDifference.TracedAs.INTERFACE, to, to, nativeBinary, binary),
                program.name() + " standard→" + to.id() + ": ");
        if (CRITICAL_PATH.contains(program.name()))
            CriticalPathOfRun.assertWellFormed(config.install(), ours.files(), program.name().equals("p2p"),
                    program.name() + " standard→" + to.id() + ": ");
    }

    private void check(DumpiTraceFiles reference, DumpiTraceFiles ours, int np, TraceFidelityCheck.Setting setting,
                       String where) {
        new TraceFidelityCheck(new DumpiReader(DumpiReference.ensureBuilt())).check(reference, ours, np, setting, where);
    }

    /** libdumpi's trace of a run, made once per family, program and rank count. */
    private synchronized DumpiTraceFiles reference(MpiFamily family, Path binary, List<String> arguments, String name, int np) {
        String key = family.id() + "-" + name + "-np" + np;
        DumpiTraceFiles files = references.get(key);
        if (files == null) {
            files = new LibdumpiTracer(DumpiReference.ensureBuilt())
                    .referenceTrace(family, binary, arguments, np, runs.resolve("libdumpi-" + key), 3).files();
            references.put(key, files);
        }
        return files;
    }

    /** The targets the suite's pairs give a family (-Dwi4mpi.tests.pairs; all by default). */
    private List<MpiFamily> targets(MpiFamily from) {
        return config.pairs().stream().filter(p -> p.from() == from).map(org.wi4mpi.tests.TranslationPair::to).toList();
    }

    private static IntendedDifference.TracedAs mode(MpiFamily from, MpiFamily to) {
        return from == to ? IntendedDifference.TracedAs.IDENTITY : IntendedDifference.TracedAs.CROSS;
    }

    private Wi4mpiTracer wi4mpi() {
        Path lib = config.install().resolve("lib/libwi4mpi_trace_openmpi.so");
        assumeTrue(Files.isRegularFile(lib), () -> lib + " does not exist: the install tree has no tracing library");
        return new Wi4mpiTracer(config.install());
    }

    private Path build(MpiFamily family, MpiTestProgram program) {
        ProcessResult compile = builder.build(family, program);
        if (compile != null)
            assertEquals(0, compile.exitCode(), compile::describe);
        return builder.binary(family, program);
    }

    /** The program built with the install tree's bin/mpicc (interface mode), once per JVM. */
    private Path buildInterface(MpiTestProgram program) {
        Path binary = target.resolve("dumpi-bin/standard").resolve(program.name());
        synchronized (TraceFidelityTest.class) {
            List<String> command = new ArrayList<>(List.of(config.install().resolve("bin/mpicc").toString()));
            command.addAll(List.of("-Wall", "-Wextra", "-Werror", "-O2", "-g", "-o", binary.toString(),
                    program.source().toString(), "-lm"));
            try {
                Files.createDirectories(binary.getParent());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            ProcessResult cc = ProcessRunner.run(command, binary.getParent(), Map.of(), java.time.Duration.ofMinutes(2));
            RunAssertions.assertBuilt(cc, binary);
        }
        return binary;
    }

    private static void assertRan(ProcessResult run, String name) {
        assertEquals(0, run.exitCode(), run::describe);
        String ok = name + ": ok";
        assertEquals(1, run.stdout().split(Pattern.quote(ok), -1).length - 1, () -> "'" + ok + "' once\n" + run.describe());
    }
}
