package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preload stack: the user's LD_PRELOAD entries, then the PMPI tools of --tool and WI4MPI_TOOLS, above
 * the translation library, for cross pairs, identity pairs and interface mode.
 */
class LauncherToolsTest {

    @TempDir
    Path tmp;

    FakeInstall fake;
    String toolA;
    String toolB;
    String toolC;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp).withInterfaceMode();
        toolA = Files.createFile(fake.work.resolve("libtoola.so")).toString();
        toolB = Files.createFile(fake.work.resolve("libtoolb.so")).toString();
        toolC = Files.createFile(fake.work.resolve("libtoolc.so")).toString();
    }

    /** LD_PRELOAD as the executed command sees it. */
    private String preloadSeenBy(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(args));
        command.add("show");
        FakeInstall.Result r = fake.run(env, command);
        assertEquals(0, r.exit(), r::toString);
        for (String line : r.stdout().split("\n")) {
            if (line.startsWith("LD_PRELOAD=")) {
                return line.substring("LD_PRELOAD=".length());
            }
        }
        throw new AssertionError("no LD_PRELOAD line in\n" + r);
    }

    @TestFactory
    List<DynamicTest> userEntriesStayAboveTheTranslationInEveryPair() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String from : List.of("openmpi", "mpich", "standard")) {
            for (String to : List.of("openmpi", "mpich")) {
                tests.add(DynamicTest.dynamicTest(from + " -> " + to, () -> {
                    String wrapper = fake.translationLib(from, to).toString();
                    assertEquals(toolA + ":" + toolB + ":" + wrapper,
                            preloadSeenBy(Map.of("LD_PRELOAD", toolA + " " + toolB), "-f", from, "-t", to));
                    assertEquals(toolC + ":" + toolA + ":" + toolB + ":" + wrapper,
                            preloadSeenBy(Map.of("LD_PRELOAD", toolC), "-f", from, "-t", to, "--tool", toolA, "--tool=" + toolB));
                }));
            }
        }
        return tests;
    }

    @Test
    void repeatedToolOptionKeepsTheOrderGiven() throws Exception {
        String wrapper = fake.translationLib("openmpi", "mpich").toString();
        assertEquals(toolB + ":" + toolA + ":" + wrapper,
                preloadSeenBy(Map.of(), "-f", "openmpi", "-t", "mpich", "--tool", toolB, "--tool", toolA));
    }

    @Test
    void relativeToolPathIsMadeAbsolute() throws Exception {
        assertEquals(toolA + ":" + fake.translationLib("mpich", "openmpi"),
                preloadSeenBy(Map.of(), "-f", "mpich", "-t", "openmpi", "--tool", "libtoola.so"));
    }

    @Test
    void toolsVariableComesAfterTheOptions() throws Exception {
        String wrapper = fake.translationLib("mpich", "mpich").toString();
        assertEquals(toolA + ":" + toolC + ":" + wrapper,
                preloadSeenBy(Map.of("WI4MPI_TOOLS", toolA + "::" + toolC), "-f", "mpich", "-t", "mpich"));
        assertEquals(toolB + ":" + toolA + ":" + toolC + ":" + wrapper,
                preloadSeenBy(Map.of("WI4MPI_TOOLS", toolA + ":" + toolC), "-f", "mpich", "-t", "mpich", "--tool", toolB));
    }

    @Test
    void userEntriesToolsAndCxxLibraryTogether() throws Exception {
        // An enclosing wi4mpi's stack comes back as the user's LD_PRELOAD: its translation library and its
        // tools are placed again, not stacked twice.
        Map<String, String> env = new HashMap<>();
        env.put("LD_PRELOAD", "/opt/hook.so:" + toolA + ":/old/lib/libwi4mpi_openmpi_mpich.so");
        env.put("WI4MPI_TOOLS", toolB);
        FakeInstall.Result r = fake.run(env, "-f", "openmpi", "-t", "mpich", "--tool", toolA, "--env");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("/opt/hook.so:" + toolA + ":" + toolB + ":" + fake.translationLib("openmpi", "mpich"),
                r.exports().get("LD_PRELOAD"), r::toString);
    }

    @Test
    void verbosePrintsTheStackOnOneLineTopFirst() throws Exception {
        FakeInstall.Result r = fake.run(Map.of("WI4MPI_DRY_RUN", "1", "LD_PRELOAD", "/opt/hook.so", "WI4MPI_TOOLS", toolB),
                "-v", "-f", "openmpi", "-t", "mpich", "--tool", toolA, "show");
        assertEquals(0, r.exit(), r::toString);
        assertEquals("show\n", r.stdout());
        String line = "wi4mpi: preload stack (top first): /opt/hook.so > " + toolA + " > " + toolB + " > "
                + fake.translationLib("openmpi", "mpich");
        assertEquals(1, r.stderr().lines().filter(l -> l.contains("preload stack")).count(), r::toString);
        assertTrue(r.stderr().lines().anyMatch(line::equals), r::toString);

        r = fake.run(Map.of("WI4MPI_DRY_RUN", "1"), "-f", "openmpi", "-t", "mpich", "--tool", toolA, "show");
        assertFalse(r.stderr().contains("preload stack"), r::toString);
    }

    @Test
    void missingToolIsRefusedBeforeAnythingRuns() throws Exception {
        Path marker = fake.work.resolve("ran");
        List<String> touch = List.of("/bin/sh", "-c", "touch " + marker);

        List<String> args = new ArrayList<>(List.of("-f", "openmpi", "-t", "mpich", "--tool", toolA, "--tool", "nosuch.so"));
        args.addAll(touch);
        assertEquals("tool library " + fake.work.resolve("nosuch.so") + " (given with --tool) not found or not readable.",
                LauncherErrorTest.refused(fake.run(Map.of(), args)));

        args = new ArrayList<>(List.of("-f", "mpich", "-t", "mpich"));
        args.addAll(touch);
        assertEquals("tool library /opt/none/libx.so (given with WI4MPI_TOOLS) not found or not readable.",
                LauncherErrorTest.refused(fake.run(Map.of("WI4MPI_TOOLS", toolA + ":/opt/none/libx.so"), args)));

        assertEquals("option --tool needs the path of a tool library.",
                LauncherErrorTest.refused(fake.run("-f", "mpich", "-t", "mpich", "--tool")));
        assertFalse(Files.exists(marker), "the command ran");
    }

    @Test
    void unreadableToolIsRefused() throws Exception {
        Path dir = Files.createDirectory(fake.work.resolve("libdir.so"));
        assertEquals("tool library " + dir + " (given with --tool) not found or not readable.",
                LauncherErrorTest.refused(fake.run("-f", "mpich", "-t", "openmpi", "--tool", dir.toString(), "show")));
    }
}
