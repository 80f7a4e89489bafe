package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every refusal: exit code 2, nothing on stdout, exactly one "wi4mpi: " sentence on stderr. */
class LauncherErrorTest {

    @TempDir
    Path tmp;

    FakeInstall fake;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp);
    }

    /** Asserts a refusal and returns its message without the prefix. */
    static String refused(FakeInstall.Result r) {
        assertEquals(2, r.exit(), r::toString);
        assertEquals("", r.stdout(), r::toString);
        List<String> lines = r.stderr().lines().toList();
        assertEquals(1, lines.size(), r::toString);
        String line = lines.get(0);
        assertEquals("wi4mpi: ", line.substring(0, Math.min(8, line.length())), r::toString);
        return line.substring(8);
    }

    private String refused(Map<String, String> env, String... args) throws Exception {
        return refused(fake.run(env, args));
    }

    private String refused(String... args) throws Exception {
        return refused(Map.of(), args);
    }

    @Test
    void unknownFamily() throws Exception {
        assertEquals("unknown MPI family 'lam' for -t; valid names are " + FakeInstall.VALID_NAMES + ".",
                refused("-f", "openmpi", "-t", "lam", "show"));
        assertEquals("unknown MPI family 'mvapich' for -f; valid names are " + FakeInstall.VALID_NAMES + ".",
                refused("-f", "mvapich", "-t", "mpich", "show"));
        assertEquals("unknown MPI family 'x' for --to; valid names are " + FakeInstall.VALID_NAMES + ".",
                refused("--to=x", "show"));
        assertEquals("unknown MPI family 'cray' for WI4MPI_TO; valid names are " + FakeInstall.VALID_NAMES + ".",
                refused(Map.of("WI4MPI_TO", "cray"), "-f", "mpich", "show"));
    }

    @Test
    void missingOptionArgument() throws Exception {
        assertEquals("option -t needs a family name (" + FakeInstall.VALID_NAMES + ").", refused("-f", "openmpi", "-t"));
        assertEquals("option --from needs a family name (" + FakeInstall.VALID_NAMES + ").", refused("--from"));
    }

    @Test
    void missingTargetOrCommand() throws Exception {
        assertEquals("no target MPI given; use -t with one of " + FakeInstall.VALID_NAMES + ".", refused("-f", "openmpi", "show"));
        assertEquals("no command given; usage: wi4mpi [-f FROM] -t TO [--] command [args...].", refused("-f", "openmpi", "-t", "mpich"));
        assertEquals("no command given; usage: wi4mpi [-f FROM] -t TO [--] command [args...].", refused("-f", "openmpi", "-t", "mpich", "--"));
        assertEquals("unknown option '-q'; run 'wi4mpi --help' for the usage.", refused("-q", "-t", "mpich", "show"));
    }

    @Test
    void missingLibraryNamesTheFileAndTheKey() throws Exception {
        assertEquals("MPI library /nowhere/libmpich.so.12 (MPICH_C_LIB from the environment) not found.",
                refused(Map.of("MPICH_C_LIB", "/nowhere/libmpich.so.12"), "-f", "openmpi", "-t", "mpich", "--env"));
        assertEquals("MPI library /nowhere/f.so (set by WI4MPI_RUN_MPI_F_LIB) not found.",
                refused(Map.of("WI4MPI_RUN_MPI_F_LIB", "/nowhere/f.so"), "-f", "mpich", "-t", "mpich", "show"));

        Files.delete(fake.cLib("mpich"));
        assertEquals("MPI library " + fake.cLib("mpich") + " (MPICH_C_LIB " + FakeInstall.setIn(fake.config(), "MPICH_C_LIB")
                + ") not found.", refused("-f", "openmpi", "-t", "mpich", "show"));

        Files.delete(fake.fLib("openmpi"));
        assertEquals("MPI library " + fake.fLib("openmpi") + " (OPENMPI_F_LIB " + FakeInstall.setIn(fake.config(), "OPENMPI_F_LIB")
                + ") not found.", refused("-f", "mpich", "-t", "openmpi", "show"));

        Path cfg = fake.home.resolve(".wi4mpi.cfg");
        Files.writeString(cfg, "INTELMPI_C_LIB=/nonexistent/libmpi.so.12\n");
        assertEquals("MPI library /nonexistent/libmpi.so.12 (INTELMPI_C_LIB in " + cfg + ":1) not found.",
                refused("-f", "openmpi", "-t", "intelmpi", "show"));
    }

    @Test
    void unreadableLibrary() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads every file");
        Files.setPosixFilePermissions(fake.cLib("mpich"), PosixFilePermissions.fromString("---------"));
        assertEquals("MPI library " + fake.cLib("mpich") + " (MPICH_C_LIB " + FakeInstall.setIn(fake.config(), "MPICH_C_LIB")
                + ") is not a readable file.",
                refused("-f", "openmpi", "-t", "mpich", "show"));
    }

    @Test
    void incompleteInstallTree() throws Exception {
        Files.delete(fake.translationLib("openmpi", "mpich"));
        assertEquals("translation library " + fake.translationLib("openmpi", "mpich") + " not found; the install tree at "
                + fake.root + " looks incomplete.", refused("-f", "openmpi", "-t", "mpich", "show"));
        assertEquals("translation library /no/lib.so (set by WI4MPI_WRAPPER_LIB) not found or not readable.",
                refused(Map.of("WI4MPI_WRAPPER_LIB", "/no/lib.so"), "-f", "mpich", "-t", "mpich", "show"));

        Files.delete(fake.fakelib("mpich"));
        assertEquals("fake library directory " + fake.fakelib("mpich") + " not found; the install tree at "
                + fake.root + " looks incomplete.", refused("-f", "mpich", "-t", "openmpi", "show"));
    }

    @Test
    void commandNotFound() throws Exception {
        assertEquals("command 'no-such-program' not found in PATH.", refused("-f", "openmpi", "-t", "mpich", "no-such-program"));
        assertEquals("command ./missing not found or not executable.", refused("-f", "openmpi", "-t", "mpich", "./missing", "-x"));
        Files.writeString(fake.home.resolve(".wi4mpi.cfg"), "MPICH_MPIRUN=mpirun.none\n");
        assertEquals("launcher 'mpirun.none' for mpich (MPICH_MPIRUN in " + fake.home.resolve(".wi4mpi.cfg") + ":1) not found in PATH.",
                refused("-f", "openmpi", "-t", "mpich", "mpirun", "-np", "2", "./app"));
    }

    @Test
    void commandWithoutMpiNeedsFrom() throws Exception {
        assertEquals("cannot detect the application's MPI: no argument is a program linked to an MPI library; give it with -f ("
                + FakeInstall.VALID_NAMES + ").", refused("-t", "mpich", "show", "x"));
        assertEquals("--env without a command needs -f to name the MPI the application was built for ("
                + FakeInstall.VALID_NAMES + ").", refused("-t", "mpich", "--env"));
    }

    @Test
    void brokenUserConfiguration() throws Exception {
        Path cfg = fake.home.resolve(".wi4mpi.cfg");
        Files.writeString(cfg, "MPICH_C_LIB=\"unterminated\n");
        assertEquals(cfg + ":1: the value of MPICH_C_LIB has an unterminated double quote.",
                refused("-f", "openmpi", "-t", "mpich", "show"));
        assertEquals("configuration file /no/such.cfg (set by WI4MPI_CONFIG) not found.",
                refused(Map.of("WI4MPI_CONFIG", "/no/such.cfg"), "-f", "openmpi", "-t", "mpich", "show"));
    }
}
