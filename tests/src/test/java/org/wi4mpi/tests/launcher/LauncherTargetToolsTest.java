package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The PMPI tools below the translation (--tool-target, WI4MPI_TARGET_TOOLS, an enclosing wi4mpi's):
 * handed to the translation library in WI4MPI_RUN_TARGET_TOOLS, never preloaded (but in identity pairs, where
 * they are preloaded right above the translation library), printed by -v after the
 * preload stack, and refused before anything runs when missing, unreadable, unfit for the variable or
 * built for another MPI family.
 */
class LauncherTargetToolsTest {

    private static final String VARIABLE = "WI4MPI_RUN_TARGET_TOOLS";

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

    private FakeInstall.Result env(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(args));
        command.add("--env");
        FakeInstall.Result r = fake.run(env, command);
        assertEquals(0, r.exit(), r::toString);
        return r;
    }

    @TestFactory
    List<DynamicTest> optionsThenVariableInOrderWithoutDuplicatesInEveryPair() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String from : List.of("openmpi", "mpich", "standard")) {
            for (String to : List.of("openmpi", "mpich")) {
                tests.add(DynamicTest.dynamicTest(from + " -> " + to, () -> {
                    FakeInstall.Result r = env(Map.of("WI4MPI_TARGET_TOOLS", toolC + "::" + toolA),
                            "-f", from, "-t", to, "--tool-target", toolA, "--tool-target=./libtoolb.so");
                    if (from.equals(to)) {
                        // identity pair, one ABI: preloaded just above the translation library, as natively
                        assertEquals(toolA + ":" + toolB + ":" + toolC + ":" + fake.translationLib(from, to),
                                r.exports().get("LD_PRELOAD"), r::toString);
                        assertFalse(r.exports().containsKey(VARIABLE), r::toString);
                        return;
                    }
                    assertEquals(toolA + ":" + toolB + ":" + toolC, r.exports().get(VARIABLE), r::toString);
                    // below the translation, not preloaded
                    assertEquals(fake.translationLib(from, to).toString(), r.exports().get("LD_PRELOAD"), r::toString);
                }));
            }
        }
        return tests;
    }

    @Test
    void toolsAboveAndBelowAreKeptApart() throws Exception {
        FakeInstall.Result r = env(Map.of(), "-f", "openmpi", "-t", "mpich", "--tool", toolA, "--tool-target", toolB);
        assertEquals(toolA + ":" + fake.translationLib("openmpi", "mpich"), r.exports().get("LD_PRELOAD"), r::toString);
        assertEquals(toolB, r.exports().get(VARIABLE), r::toString);
        // identity pair: the tool for the target under the tool for the application, a nested launch not doubling them
        r = env(Map.of(), "-f", "openmpi", "-t", "openmpi", "--tool", toolA, "--tool-target", toolB);
        String stack = toolA + ":" + toolB + ":" + fake.translationLib("openmpi", "openmpi");
        assertEquals(stack, r.exports().get("LD_PRELOAD"), r::toString);
        r = env(Map.of("LD_PRELOAD", stack), "-f", "openmpi", "-t", "openmpi", "--tool", toolA, "--tool-target", toolB);
        assertEquals(stack, r.exports().get("LD_PRELOAD"), r::toString);
    }

    @Test
    void anEnclosingLaunchersToolsAreKeptAfterTheOthers() throws Exception {
        // wi4mpi inside wi4mpi (an mpirun argument): the outer one's tools come back in the variable
        FakeInstall.Result r = env(Map.of(VARIABLE, toolA + ":" + toolC), "-f", "mpich", "-t", "openmpi");
        assertEquals(toolA + ":" + toolC, r.exports().get(VARIABLE), r::toString);
        r = env(Map.of(VARIABLE, toolA + ":" + toolC, "WI4MPI_TARGET_TOOLS", toolC), "-f", "mpich", "-t", "openmpi",
                "--tool-target", toolB);
        assertEquals(toolB + ":" + toolC + ":" + toolA, r.exports().get(VARIABLE), r::toString);
        assertEquals("tool library /gone/libx.so (given with " + VARIABLE + ") not found or not readable.",
                refused(Map.of(VARIABLE, "/gone/libx.so"), List.of("show"), "-f", "mpich", "-t", "openmpi"));

        // an empty one is removed; none at all stays absent
        r = fake.run(Map.of(VARIABLE, ""), "-f", "mpich", "-t", "openmpi", "--env");
        assertEquals(0, r.exit(), r::toString);
        assertTrue(r.stdout().lines().anyMatch(("unset " + VARIABLE)::equals), r::toString);
        r = fake.run(Map.of(), "-f", "mpich", "-t", "openmpi", "--env");
        assertFalse(r.stdout().contains(VARIABLE), r::toString);
    }

    @Test
    void verbosePrintsTheToolsBelowAfterThePreloadStack() throws Exception {
        FakeInstall.Result r = fake.run(Map.of("WI4MPI_DRY_RUN", "1", "WI4MPI_TARGET_TOOLS", toolB),
                "-v", "-f", "openmpi", "-t", "mpich", "--tool-target", toolA, "show");
        assertEquals(0, r.exit(), r::toString);
        List<String> lines = r.stderr().lines().toList();
        int stack = lines.indexOf("wi4mpi: preload stack (top first): " + fake.translationLib("openmpi", "mpich"));
        assertTrue(stack >= 0, r::toString);
        assertEquals("wi4mpi: tools below the translation (top first): " + toolA + " > " + toolB, lines.get(stack + 1));

        r = fake.run(Map.of("WI4MPI_DRY_RUN", "1"), "-v", "-f", "openmpi", "-t", "mpich", "show");
        assertFalse(r.stderr().contains("below the translation"), r::toString);
    }

    @Test
    void missingOrUnfitToolIsRefusedBeforeAnythingRuns() throws Exception {
        Path marker = fake.work.resolve("ran");
        List<String> touch = List.of("/bin/sh", "-c", "touch " + marker);

        assertEquals("tool library " + fake.work.resolve("nosuch.so") + " (given with --tool-target) not found or not readable.",
                refused(Map.of(), touch, "-f", "openmpi", "-t", "mpich", "--tool-target", toolA, "--tool-target", "nosuch.so"));
        assertEquals("tool library /opt/none/libx.so (given with WI4MPI_TARGET_TOOLS) not found or not readable.",
                refused(Map.of("WI4MPI_TARGET_TOOLS", toolA + ":/opt/none/libx.so"), touch, "-f", "mpich", "-t", "mpich"));
        Path dir = Files.createDirectory(fake.work.resolve("libdir.so"));
        assertEquals("tool library " + dir + " (given with --tool-target) not found or not readable.",
                refused(Map.of(), touch, "-f", "mpich", "-t", "openmpi", "--tool-target", dir.toString()));
        Path blank = Files.createFile(fake.work.resolve("lib tool.so"));
        assertEquals("the tool library path '" + blank + "' (given with --tool-target) contains a blank or colon, which "
                        + VARIABLE + " cannot carry.",
                refused(Map.of(), touch, "-f", "mpich", "-t", "openmpi", "--tool-target", blank.toString()));
        Path colon = Files.createFile(fake.work.resolve("lib:tool.so"));
        assertEquals("the tool library path '" + colon + "' (given with --tool-target) contains a blank or colon, which "
                        + VARIABLE + " cannot carry.",
                refused(Map.of(), touch, "-f", "mpich", "-t", "openmpi", "--tool-target=" + colon));
        assertEquals("option --tool-target needs the path of a tool library.",
                LauncherErrorTest.refused(fake.run("-f", "mpich", "-t", "mpich", "--tool-target")));
        assertFalse(Files.exists(marker), "the command ran");
    }

    @Test
    void toolBuiltForAnotherFamilyIsRefused() throws Exception {
        Path openmpiTool = toolNeeding(fake.cLib("openmpi"), "libopenmpitool.so");
        assertEquals("tool library " + openmpiTool + " (given with --tool-target) is built for the openmpi MPI ABI (it needs "
                        + "libmpi.so.40), but a tool below the translation must be built for the target mpich.",
                refused(Map.of(), List.of("show"), "-f", "openmpi", "-t", "mpich", "--tool-target", openmpiTool.toString()));
        assertEquals(openmpiTool.toString(),
                env(Map.of(), "-f", "mpich", "-t", "openmpi", "--tool-target", openmpiTool.toString()).exports().get(VARIABLE));

        // built with wi4mpi's own mpicc (interface mode): the standard ABI is no MPI to run below the translation
        Path standardTool = toolNeeding(fake.root.resolve("lib/libmpi_abi.so.1"), "libstandardtool.so");
        assertEquals("tool library " + standardTool + " (given with WI4MPI_TARGET_TOOLS) is built for the standard MPI ABI "
                        + "(it needs libmpi_abi.so.1), but a tool below the translation must be built for the target openmpi.",
                refused(Map.of("WI4MPI_TARGET_TOOLS", standardTool.toString()), List.of("show"), "-f", "standard", "-t", "openmpi"));
    }

    /** A shared object with a DT_NEEDED on {@code library}'s soname. */
    private Path toolNeeding(Path library, String name) throws Exception {
        if (Files.size(library) == 0) { // the empty stand-in of the install tree: give it its soname
            FakeInstall.copyCompiled("bare-C", library.getFileName().toString(), library.resolveSibling("real-" + name));
            library = library.resolveSibling("real-" + name);
        }
        Path source = Files.writeString(fake.work.resolve(name + ".c"), "int MPI_Init(int *c, char ***v);\n"
                + "int tool_init(void) { return MPI_Init(0, 0); }\n");
        Path tool = fake.work.resolve(name);
        // Its RUNPATH names the stand-in's directory, as a tool built with a wrapper names its MPI's: the
        // launcher tells an Open MPI tool's version by the libmpi.so.40 it would load, not the system's.
        FakeInstall.compile(List.of("cc", "-shared", "-fPIC", "-o", tool.toString(), source.toString(),
                "-Wl,--no-as-needed", library.toString(), "-Wl,--enable-new-dtags", "-Wl,-rpath," + library.getParent()));
        return tool;
    }

    private String refused(Map<String, String> env, List<String> command, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(command);
        return LauncherErrorTest.refused(fake.run(env, args));
    }
}
