package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away wi4mpi install tree: the real launcher and configuration file, with empty files standing in
 * for the translation libraries and the fake libraries, plus stub launchers. Each family's MPI libraries are
 * small shared objects that look like the real ones to the launcher's checks (the family's soname, and for
 * the C library MPI_Init and the symbol that marks the family: Open MPI's ompi_mpi_comm_world, the MPICH
 * ABI's MPIR_Dup_fn), compiled once per test run with {@code cc}; nothing here needs a working MPI.
 *
 * <p>The launcher, its configuration and its generated family data (share/wi4mpi/families.cfg) are taken
 * from the install tree named by the system property {@code wi4mpi.install}, else from the source tree
 * found above the working directory.
 */
final class FakeInstall {

    static final List<String> NAMES = List.of("openmpi", "mpich", "intelmpi", "openmpi5");

    /** The ABI families that have translation libraries: each is translated from and to each. */
    static final List<String> FAMILIES = List.of("openmpi", "mpich", "openmpi5");
    static final String VALID_NAMES = "openmpi, openmpi5, mpich, intelmpi";

    /** Families' library file names, as in the shipped configuration. */
    static final Map<String, String[]> LIBS = Map.of(
            "openmpi", new String[] {"libmpi.so.40", "libmpi_mpifh.so.40"},
            "openmpi5", new String[] {"libmpi.so.40", "libmpi_mpifh.so.40"},
            "mpich", new String[] {"libmpich.so.12", "libmpichfort.so.12"},
            "intelmpi", new String[] {"libmpi.so.12", "libmpifort.so.12"});

    /** What the stand-in of a family's C or Fortran library defines, by ABI family and kind. */
    private static final Map<String, String> LIB_SOURCES = Map.of(
            "openmpi-C", "int ompi_mpi_comm_world[64];\nint MPI_Init(int *c, char ***v) { (void)c; (void)v; return 0; }\n",
            // Open MPI 5 defines 4.1's marker too, and ompi_mpi_instance_null (MPI_SESSION_NULL).
            "openmpi5-C", "int ompi_mpi_comm_world[64];\nint ompi_mpi_instance_null[64];\n"
                    + "int MPI_Init(int *c, char ***v) { (void)c; (void)v; return 0; }\n",
            "mpich-C", "int MPIR_Dup_fn(void) { return 0; }\nint MPI_Init(int *c, char ***v) { (void)c; (void)v; return 0; }\n",
            "bare-C", "int MPI_Init(int *c, char ***v) { (void)c; (void)v; return 0; }\n",
            "none-C", "int not_mpi(void) { return 0; }\n",
            "F", "void mpi_init_(int *ierr) { *ierr = 0; }\n");

    /** Compiled stand-in libraries, shared by every tree of this test run: "source key|soname" -> file. */
    private static final Map<String, Path> COMPILED = new HashMap<>();
    private static Path compiledDir;

    /** Prints its name, its arguments one per line and the variables wi4mpi sets; stands in for launchers. */
    private static final String SHOW_SCRIPT = """
            #!/bin/sh
            echo "argv0=${0##*/}"
            for a in "$@"; do echo "arg=$a"; done
            for v in LD_PRELOAD LD_LIBRARY_PATH WI4MPI_FROM WI4MPI_TO WI4MPI_RUN_MPI_C_LIB WI4MPI_RUN_MPI_F_LIB; do
              eval "echo $v=\\${$v-'<unset>'}"
            done
            """;

    final Path base;
    final Path root;
    final Path home;
    final Path stubs;
    final Path mpi;
    final Path work;

    private FakeInstall(Path base) {
        this.base = base;
        this.root = base.resolve("wi4mpi");
        this.home = base.resolve("home");
        this.stubs = base.resolve("stubs");
        this.mpi = base.resolve("mpi");
        this.work = base.resolve("work");
    }

    /** Builds the tree under {@code base}; the configuration points each family at stand-ins under base/mpi. */
    static FakeInstall create(Path base) throws IOException {
        FakeInstall f = new FakeInstall(base);
        for (Path d : List.of(f.root.resolve("bin"), f.root.resolve("etc"), f.root.resolve("lib"), f.home, f.stubs, f.work)) {
            Files.createDirectories(d);
        }
        Path launcher = f.root.resolve("bin/wi4mpi");
        Files.copy(sourceFile("bin/wi4mpi"), launcher);
        makeExecutable(launcher);
        Files.copy(sourceFile("etc/wi4mpi.cfg"), f.config());
        Files.createDirectories(f.families().getParent());
        Files.copy(familiesFile(), f.families());

        for (String from : FAMILIES) {
            Files.createDirectories(f.fakelib(from));
            for (String to : FAMILIES) {
                Files.createFile(f.translationLib(from, to));
            }
        }
        for (String name : NAMES) {
            Files.createDirectories(f.mpi.resolve(name).resolve("lib"));
            writeCLib(name, f.cLib(name));
            writeFortranLib(name, f.fLib(name));
        }
        Files.createFile(f.cxxLib());
        Files.createDirectories(f.mpi.resolve("intelmpi/bin"));
        writeScript(f.mpi.resolve("intelmpi/bin/mpirun"), SHOW_SCRIPT);
        Files.createDirectories(f.mpi.resolve("openmpi5/bin"));
        writeScript(f.mpi.resolve("openmpi5/bin/mpirun"), SHOW_SCRIPT);
        writeScript(f.stubs.resolve("mpirun.openmpi"), SHOW_SCRIPT);
        writeScript(f.stubs.resolve("mpirun.mpich"), SHOW_SCRIPT);
        writeScript(f.stubs.resolve("show"), SHOW_SCRIPT);

        // Site overrides appended to the shipped file: Open MPI's Fortran library is given relative
        // to OPENMPI_ROOT, and Intel keeps the shipped relative entries under a new INTELMPI_ROOT.
        String overrides = "\n# test stand-ins\n"
                + "OPENMPI_ROOT=" + f.mpi.resolve("openmpi") + "\n"
                + "OPENMPI_C_LIB=" + f.cLib("openmpi") + "\n"
                + "OPENMPI_F_LIB=lib/" + LIBS.get("openmpi")[1] + "\n"
                + "MPICH_ROOT=" + f.mpi.resolve("mpich") + "\n"
                + "MPICH_C_LIB=" + f.cLib("mpich") + "\n"
                + "MPICH_F_LIB=" + f.fLib("mpich") + "\n"
                + "MPICH_CXX_LIB=" + f.cxxLib() + "\n"
                + "INTELMPI_ROOT=" + f.mpi.resolve("intelmpi") + "\n"
                + "OPENMPI5_ROOT=" + f.mpi.resolve("openmpi5") + "\n";
        Files.writeString(f.config(), overrides, StandardOpenOption.APPEND);
        return f;
    }

    /** Adds interface mode: wi4mpi's own libmpi_abi.so.1 and the standard -> X translation libraries (empty stand-ins). */
    FakeInstall withInterfaceMode() throws IOException {
        Files.createFile(root.resolve("lib/libmpi_abi.so.1"));
        for (String to : FAMILIES) {
            Files.createFile(translationLib("standard", to));
        }
        return this;
    }

    /** Writes at {@code dest} a stand-in of the C library of family name {@code name} (its soname, MPI_Init, its marker). */
    static Path writeCLib(String name, Path dest) throws IOException {
        return copyCompiled(family(name) + "-C", LIBS.get(name)[0], dest);
    }

    /** Writes at {@code dest} a stand-in of the Fortran library of family name {@code name}. */
    static Path writeFortranLib(String name, Path dest) throws IOException {
        return copyCompiled("F", LIBS.get(name)[1], dest);
    }

    /**
     * Writes at {@code dest} a shared object with the given soname that defines the symbols of
     * {@code source}: a key of LIB_SOURCES ("openmpi-C", "mpich-C", "bare-C" (MPI_Init alone), "none-C"
     * (no MPI symbol), "F").
     */
    static Path copyCompiled(String source, String soname, Path dest) throws IOException {
        Files.createDirectories(dest.getParent());
        Files.copy(compiled(source, soname), dest);
        return dest;
    }

    /** Compiles (once per test run) a shared object from a LIB_SOURCES entry with a soname. */
    private static synchronized Path compiled(String source, String soname) throws IOException {
        Path lib = COMPILED.get(source + "|" + soname);
        if (lib != null) {
            return lib;
        }
        if (compiledDir == null) {
            compiledDir = Files.createTempDirectory("wi4mpi-launcher-libs");
            Path dir = compiledDir;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
        }
        Path dir = Files.createDirectories(compiledDir.resolve(source + "-" + COMPILED.size()));
        Path src = dir.resolve("lib.c");
        Files.writeString(src, LIB_SOURCES.get(source));
        lib = dir.resolve(soname);
        compile(List.of("cc", "-shared", "-fPIC", "-Wl,-soname," + soname, "-o", lib.toString(), src.toString()));
        COMPILED.put(source + "|" + soname, lib);
        return lib;
    }

    /** Runs a C compiler command; a failure fails the test with the compiler's output. */
    static void compile(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                fail(String.join(" ", command) + " failed:\n" + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        try (var paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // Left in the temporary directory.
        }
    }

    /** Locates a file of the launcher's install layout (bin/wi4mpi, etc/wi4mpi.cfg). */
    static Path sourceFile(String relative) {
        String install = System.getProperty("wi4mpi.install");
        if (install != null && !install.isBlank()) {
            Path p = Path.of(install).resolve(relative);
            if (!Files.isRegularFile(p)) {
                fail("wi4mpi.install=" + install + " has no " + relative);
            }
            return p;
        }
        for (Path d = Path.of(System.getProperty("user.dir")).toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("bin/wi4mpi")) && Files.isRegularFile(d.resolve("etc/wi4mpi.cfg"))) {
                return d.resolve(relative);
            }
        }
        return fail("cannot find bin/wi4mpi above " + System.getProperty("user.dir") + "; set -Dwi4mpi.install");
    }

    /**
     * The launcher's generated family data: share/wi4mpi/families.cfg of the install tree, else the one
     * the native build generated in the source tree (native/target/generated).
     */
    static Path familiesFile() {
        String install = System.getProperty("wi4mpi.install");
        if (install != null && !install.isBlank()) {
            return sourceFile("share/wi4mpi/families.cfg");
        }
        Path generated = sourceFile("native/target/generated/families.cfg");
        if (!Files.isRegularFile(generated)) {
            fail(generated + " does not exist; build the native tree first (mvn install) or set -Dwi4mpi.install");
        }
        return generated;
    }

    static void writeScript(Path p, String text) throws IOException {
        Files.writeString(p, text);
        makeExecutable(p);
    }

    static void makeExecutable(Path p) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** The ABI family of a family name (intelmpi has the mpich ABI). */
    static String family(String name) {
        return name.equals("openmpi") || name.equals("openmpi5") ? name : "mpich";
    }

    Path launcher() {
        return root.resolve("bin/wi4mpi");
    }

    Path config() {
        return root.resolve("etc/wi4mpi.cfg");
    }

    Path families() {
        return root.resolve("share/wi4mpi/families.cfg");
    }

    Path cLib(String name) {
        return mpi.resolve(name).resolve("lib").resolve(LIBS.get(name)[0]);
    }

    Path fLib(String name) {
        return mpi.resolve(name).resolve("lib").resolve(LIBS.get(name)[1]);
    }

    /** The stand-in of MPICH's C++ bindings library. */
    Path cxxLib() {
        return mpi.resolve("mpich/lib/libmpichcxx.so.12");
    }

    Path translationLib(String fromFamily, String toFamily) {
        return root.resolve("lib/libwi4mpi_" + fromFamily + "_" + toFamily + ".so");
    }

    Path fakelib(String fromFamily) {
        return root.resolve("libexec/wi4mpi/fakelib/" + fromFamily);
    }

    /** "in FILE:LINE" for the last line of a configuration file that sets {@code key}, as the launcher names it. */
    static String setIn(Path file, String key) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith(key + "=")) {
                return "in " + file + ":" + (i + 1);
            }
        }
        return fail(file + " does not set " + key);
    }

    /** What {@code --env} must print for a pair of names, with no inherited LD_* variables. */
    Map<String, String> expectedEnv(String from, String to) {
        String ff = family(from);
        String tf = family(to);
        Map<String, String> m = new LinkedHashMap<>();
        m.put("LD_PRELOAD", translationLib(ff, tf).toString());
        if (!ff.equals(tf)) {
            m.put("LD_LIBRARY_PATH", fakelib(ff).toString());
        }
        m.put("WI4MPI_FROM", ff);
        m.put("WI4MPI_TO", tf);
        m.put("WI4MPI_RUN_MPI_C_LIB", cLib(to).toString());
        m.put("WI4MPI_RUN_MPI_F_LIB", fLib(to).toString());
        return m;
    }

    Result run(String... args) throws IOException, InterruptedException {
        return run(Map.of(), Arrays.asList(args));
    }

    Result run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return run(env, Arrays.asList(args));
    }

    /** Runs the launcher of this tree. */
    Result run(Map<String, String> env, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(launcher().toString());
        command.addAll(args);
        return exec(env, command);
    }

    /**
     * Runs a command in the work directory with a controlled environment: no inherited wi4mpi, family or
     * LD_* variables, HOME in the tree (so ~/.wi4mpi.cfg is the test's), the stub launchers first in PATH.
     * A null value in {@code env} removes the variable.
     */
    Result exec(Map<String, String> env, List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(work.toFile());
        Map<String, String> e = pb.environment();
        e.keySet().removeIf(k -> k.startsWith("WI4MPI_") || k.startsWith("OPENMPI_") || k.startsWith("OPENMPI5_") || k.startsWith("MPICH_")
                || k.startsWith("INTELMPI_") || k.equals("LD_PRELOAD") || k.equals("LD_LIBRARY_PATH"));
        e.put("HOME", home.toString());
        e.put("PATH", stubs + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        for (Map.Entry<String, String> kv : new HashMap<>(env).entrySet()) {
            if (kv.getValue() == null) {
                e.remove(kv.getKey());
            } else {
                e.put(kv.getKey(), kv.getValue());
            }
        }
        Path out = Files.createTempFile(base, "stdout", ".txt");
        Path err = Files.createTempFile(base, "stderr", ".txt");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        Process p = pb.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("timed out: " + command);
        }
        Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        Files.delete(out);
        Files.delete(err);
        return r;
    }

    /** Outcome of one process. */
    record Result(int exit, String stdout, String stderr) {

        /** The {@code export NAME=value} lines of {@code --env}, in order, with simple single quoting undone. */
        Map<String, String> exports() {
            Map<String, String> m = new LinkedHashMap<>();
            for (String line : stdout.split("\n")) {
                if (line.isEmpty()) {
                    continue;
                }
                if (!line.startsWith("export ") || !line.contains("=")) {
                    fail("unexpected --env line: " + line + "\n" + this);
                }
                String name = line.substring(7, line.indexOf('='));
                String value = line.substring(line.indexOf('=') + 1);
                if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
                    value = value.substring(1, value.length() - 1).replace("'\\''", "'");
                }
                m.put(name, value);
            }
            return m;
        }

        /** stderr lines that are not the dynamic loader complaining about the empty stand-in libraries. */
        List<String> stderrLines() {
            List<String> lines = new ArrayList<>();
            for (String line : stderr.split("\n")) {
                if (!line.isEmpty() && !line.startsWith("ERROR: ld.so:")) {
                    lines.add(line);
                }
            }
            return lines;
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- stdout\n" + stdout + "--- stderr\n" + stderr;
        }
    }
}
