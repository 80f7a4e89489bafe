package org.wi4mpi.tests.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.SuiteConfig;
import org.wi4mpi.tests.TranslationPair;

/**
 * Unmodified NetPIPE binaries from Debian, one built against Open MPI and one against MPICH, run with two
 * ranks natively and then through every selected pair that starts from their family: the translated job
 * must succeed like the native one and measure the same message sizes. Test names read like
 * {@code NPopenmpi integrity [openmpi→mpich] np=2}.
 */
class NetpipeTranslationTest {

    /** A NetPIPE job here takes well under a second; a hang should not hold the build for minutes. */
    private static final Duration MAX_TIMEOUT = Duration.ofSeconds(60);

    /** Sizes NetPIPE 3.7.2 measures from 1 byte to 4096 without perturbations: 1, 2, 3, then ×4/3 and ×3/2. */
    private static final List<Long> THROUGHPUT_SIZES = List.of(1L, 2L, 3L, 4L, 6L, 8L, 12L, 16L, 24L, 32L, 48L, 64L,
            96L, 128L, 192L, 256L, 384L, 512L, 768L, 1024L, 1536L, 2048L, 3072L, 4096L);

    private static final SuiteConfig CONFIG = SuiteConfig.fromEnvironment();
    private static final Duration TIMEOUT = CONFIG.timeout().compareTo(MAX_TIMEOUT) < 0 ? CONFIG.timeout() : MAX_TIMEOUT;

    /** Native reference runs, shared by the native test and the translated tests of the same mode. */
    private static final Map<String, NetpipeRun> NATIVE_RUNS = new ConcurrentHashMap<>();

    @TestFactory
    Stream<DynamicNode> openMpiBuiltNetpipe() {
        return cases(DebianMpiBinary.NETPIPE_OPENMPI);
    }

    @TestFactory
    Stream<DynamicNode> mpichBuiltNetpipe() {
        return cases(DebianMpiBinary.NETPIPE_MPICH);
    }

    private static Stream<DynamicNode> cases(DebianMpiBinary binary) {
        String name = binary.binary().getFileName().toString();
        return NetpipeMode.forFamily(binary.family()).stream().map(mode -> {
            List<DynamicTest> tests = new ArrayList<>();
            if (CONFIG.families().contains(binary.family()))
                tests.add(DynamicTest.dynamicTest(name + " " + mode.label() + " [" + binary.family().id()
                        + " native] np=" + NetpipeRun.RANKS, () -> nativeCase(binary, mode)));
            for (TranslationPair pair : pairsFrom(binary.family()))
                tests.add(DynamicTest.dynamicTest(name + " " + mode.label() + " [" + pair.label() + "] np="
                        + NetpipeRun.RANKS, () -> translatedCase(binary, mode, pair)));
            return DynamicContainer.dynamicContainer(name + " " + mode.label(), tests);
        });
    }

    /** The selected pairs from {@code family}, cross pairs first. */
    private static List<TranslationPair> pairsFrom(MpiFamily family) {
        return CONFIG.pairs().stream()
                .filter(pair -> pair.from() == family)
                .sorted((a, b) -> Boolean.compare(a.to() == family, b.to() == family))
                .toList();
    }

    private static void nativeCase(DebianMpiBinary binary, NetpipeMode mode) {
        binary.requireInstalled();
        NetpipeRun run = nativeRun(binary, mode);
        NetpipeAssertions.assertCompleted(run, mode);
        if (mode == NetpipeMode.THROUGHPUT)
            assertEquals(THROUGHPUT_SIZES, run.output().messageSizes(),
                    () -> "unexpected message sizes for -u " + NetpipeMode.UPPER_BOUND + " -p 0\n" + run.describe());
    }

    private static void translatedCase(DebianMpiBinary binary, NetpipeMode mode, TranslationPair pair) {
        binary.requireInstalled();
        // Same rule as the suite's translated runs: only a missing install tree skips.
        assumeTrue(Files.isDirectory(CONFIG.install()), () -> "install tree " + CONFIG.install()
                + " does not exist (built by the native module; set -Dwi4mpi.install=...): translated run skipped");
        NetpipeRun reference = nativeRun(binary, mode);
        try {
            NetpipeAssertions.assertCompleted(reference, mode);
        } catch (AssertionFailedError e) {
            fail("the native reference run failed, so the translated run cannot be compared: " + e.getMessage());
        }
        NetpipeRun translated = NetpipeRun.runTranslated(CONFIG.install(), binary, pair.to(), mode, TIMEOUT);
        NetpipeAssertions.assertCompleted(translated, mode);
        NetpipeAssertions.assertRanPerRankThrough(translated, pair);
        NetpipeAssertions.assertSameSizes(reference, translated);
    }

    private static NetpipeRun nativeRun(DebianMpiBinary binary, NetpipeMode mode) {
        return NATIVE_RUNS.computeIfAbsent(binary.name() + "/" + mode.name(),
                key -> NetpipeRun.runNative(binary, mode, TIMEOUT));
    }
}
