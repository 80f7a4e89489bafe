package org.wi4mpi.tests.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Configuration files are KEY=value data, never run: every other line is refused with its file and line
 * number, exit code 2, and the command is not started. Each refusal below runs {@code touch RAN} as the
 * command and checks that RAN was not created.
 */
class LauncherConfigFileTest {

    private static final String NOT_KEY_VALUE = " is not a KEY=value line; a configuration file holds only KEY=value lines,"
            + " comments and blank lines.";

    @TempDir
    Path tmp;

    FakeInstall fake;
    Path userCfg;
    Path ran;
    Path pwned;

    @BeforeEach
    void setUp() throws Exception {
        fake = FakeInstall.create(tmp);
        userCfg = fake.home.resolve(".wi4mpi.cfg");
        ran = tmp.resolve("ran");
        pwned = tmp.resolve("pwned");
    }

    /** Runs "touch RAN" through the launcher and returns the refusal; asserts that neither RAN nor PWNED exists. */
    private String refused(Map<String, String> env) throws Exception {
        String message = LauncherErrorTest.refused(fake.run(env, "-f", "openmpi", "-t", "mpich", "touch", ran.toString()));
        assertFalse(Files.exists(ran), "the command ran despite the refusal: " + message);
        assertFalse(Files.exists(pwned), "a configuration line was run as a command: " + message);
        return message;
    }

    private String refusedUserFile(String... lines) throws Exception {
        Files.writeString(userCfg, String.join("\n", lines) + "\n");
        return refused(Map.of());
    }

    /** The final command line a bare mpirun becomes (WI4MPI_DRY_RUN), for a target of mpich. */
    private String dryRun(Map<String, String> vars) throws Exception {
        Map<String, String> env = new HashMap<>(vars);
        env.put("WI4MPI_DRY_RUN", "1");
        FakeInstall.Result r = fake.run(env, "-f", "openmpi", "-t", "mpich", "mpirun", "-np", "2", "./app");
        assertEquals(0, r.exit(), r::toString);
        return r.stdout();
    }

    @Test
    void garbageLineIsNotRun() throws Exception {
        assertEquals(userCfg + ":3: 'touch " + pwned + "'" + NOT_KEY_VALUE,
                refusedUserFile("# my settings", "MPICH_MPIRUN_FLAGS=", "touch " + pwned));
        assertEquals(userCfg + ":1: 'echo hello >&2'" + NOT_KEY_VALUE, refusedUserFile("echo hello >&2"));
        assertEquals(userCfg + ":2: 'export' is not needed here; write KEY=value.",
                refusedUserFile("", "export MPICH_MPIRUN_FLAGS=-v"));
    }

    @Test
    void garbageInTheInstallFileIsNotRun() throws Exception {
        Files.writeString(fake.config(), "touch " + pwned + "\n", StandardOpenOption.APPEND);
        int line = Files.readAllLines(fake.config()).size();
        assertEquals(fake.config() + ":" + line + ": 'touch " + pwned + "'" + NOT_KEY_VALUE, refused(Map.of()));
    }

    @Test
    void garbageInTheFileOfWi4mpiConfigIsNotRun() throws Exception {
        Path cfg = tmp.resolve("site.cfg");
        Files.writeString(cfg, "MPICH_MPIRUN=mpirun.mpich\n; touch " + pwned + "\n");
        assertEquals(cfg + ":2: '; touch " + pwned + "'" + NOT_KEY_VALUE, refused(Map.of("WI4MPI_CONFIG", cfg.toString())));
    }

    @Test
    void unknownKey() throws Exception {
        String keys = "; the keys are OPENMPI_, OPENMPI5_, MPICH_ or INTELMPI_ followed by ROOT, C_LIB, F_LIB, CXX_LIB, MPIRUN or MPIRUN_FLAGS.";
        assertEquals(userCfg + ":2: unknown key MPICH_CLIB" + keys, refusedUserFile("MPICH_ROOT=/usr", "MPICH_CLIB=/x.so"));
        assertEquals(userCfg + ":1: unknown key PATH" + keys, refusedUserFile("PATH=/tmp"));
        assertEquals(userCfg + ":1: unknown key mpich_c_lib" + keys, refusedUserFile("mpich_c_lib=/x.so"));
    }

    @Test
    void malformedLines() throws Exception {
        assertEquals(userCfg + ":1: the value of MPICH_C_LIB has an unterminated double quote.",
                refusedUserFile("MPICH_C_LIB=\"/usr/lib/libmpich.so.12", "\""));
        assertEquals(userCfg + ":2: the value of MPICH_MPIRUN_FLAGS has an unterminated single quote.",
                refusedUserFile("# flags", "MPICH_MPIRUN_FLAGS='-launcher fork"));
        assertEquals(userCfg + ":1: there is a blank before '=' after MPICH_MPIRUN; write KEY=value, with no blanks around '='.",
                refusedUserFile("MPICH_MPIRUN = mpirun.mpich"));
        assertEquals(userCfg + ":1: there is a blank after '=' in 'MPICH_MPIRUN= touch " + pwned
                + "'; write KEY=value, with the value quoted if it holds blanks.",
                refusedUserFile("MPICH_MPIRUN= touch " + pwned));
        assertEquals(userCfg + ":1: the value of MPICH_MPIRUN_FLAGS has an unquoted blank; quote the whole value, e.g."
                + " MPICH_MPIRUN_FLAGS=\"a b\".", refusedUserFile("MPICH_MPIRUN_FLAGS=-launcher fork"));
        assertEquals(userCfg + ":1: the value of MPICH_MPIRUN has an unquoted ';', which is shell syntax; quote the value"
                + " if the character is part of it.", refusedUserFile("MPICH_MPIRUN=mpirun.mpich;touch " + pwned));
        assertEquals(userCfg + ":1: the value of MPICH_ROOT has a backslash, which is not an escape here; put the value"
                + " inside single quotes.", refusedUserFile("MPICH_ROOT=\"/opt/\\$x\""));
        assertEquals(userCfg + ":1: " + "'MPICH_ROOT'" + NOT_KEY_VALUE, refusedUserFile("MPICH_ROOT"));
        assertEquals(userCfg + ":1: the value of MPICH_ROOT starts with '~', which is not expanded here; write the absolute path.",
                refusedUserFile("MPICH_ROOT=~/mpich"));
        assertEquals(userCfg + ":2: the line ends in a carriage return (a DOS line ending); convert the file with dos2unix.",
                refusedUserFile("# settings\r", "MPICH_ROOT=/usr\r"));
        assertEquals(userCfg + ":1: the line has a control character; a configuration file is plain text.",
                refusedUserFile("MPICH_ROOT=/usr\u001b[0m"));
    }

    @Test
    void commandSubstitutionIsRefusedAndNotRun() throws Exception {
        assertEquals(userCfg + ":1: the value of MPICH_ROOT uses command substitution $(...), which a configuration file"
                + " cannot run.", refusedUserFile("MPICH_ROOT=$(touch " + pwned + ")"));
        assertEquals(userCfg + ":1: the value of MPICH_ROOT uses command substitution $(...), which a configuration file"
                + " cannot run.", refusedUserFile("MPICH_ROOT=\"/opt/$(touch " + pwned + ")\""));
        assertEquals(userCfg + ":1: the value of MPICH_ROOT uses command substitution `...`, which a configuration file"
                + " cannot run.", refusedUserFile("MPICH_ROOT=`touch " + pwned + "`"));
        assertEquals(userCfg + ":1: the value of MPICH_ROOT uses command substitution `...`, which a configuration file"
                + " cannot run.", refusedUserFile("MPICH_ROOT=\"`touch " + pwned + "`\""));
    }

    @Test
    void onlyKeysSetEarlierAreExpanded() throws Exception {
        // OPENMPI_CXX_LIB is set by no earlier line: on line 2 it is a forward reference.
        assertEquals(userCfg + ":2: the value of MPICH_C_LIB refers to $OPENMPI_CXX_LIB, which is not set on an earlier"
                + " line or in an earlier file.",
                refusedUserFile("# forward", "MPICH_C_LIB=$OPENMPI_CXX_LIB/libmpich.so.12", "OPENMPI_CXX_LIB=/opt"));
        // The environment is a later layer than the files: a file never sees it.
        Files.writeString(userCfg, "MPICH_C_LIB=\"${OPENMPI_CXX_LIB}\"\n");
        assertEquals(userCfg + ":1: the value of MPICH_C_LIB refers to $OPENMPI_CXX_LIB, which is not set on an earlier"
                + " line or in an earlier file.", refused(Map.of("OPENMPI_CXX_LIB", fake.cLib("mpich").toString())));
        assertEquals(userCfg + ":1: the value of MPICH_ROOT refers to $HOME, which is not a configuration key; only keys"
                + " set earlier can be expanded.", refusedUserFile("MPICH_ROOT=$HOME/mpich"));
        assertEquals(userCfg + ":1: the value of MPICH_ROOT uses '${OPENMPI_ROOT:-/usr}', but only $NAME and ${NAME} are"
                + " expanded.", refusedUserFile("MPICH_ROOT=${OPENMPI_ROOT:-/usr}"));
        assertEquals(userCfg + ":1: the value of MPICH_ROOT has a '$' that does not start $NAME or ${NAME}; put a literal '$'"
                + " inside single quotes.", refusedUserFile("MPICH_ROOT=/opt/$$"));
        // In the install file too, a key is usable only after its line.
        Files.writeString(fake.config(), "MPICH_MPIRUN_FLAGS=$INTELMPI_MPIRUN_FLAGS\n" + Files.readString(fake.config()));
        Files.delete(userCfg);
        assertEquals(fake.config() + ":1: the value of MPICH_MPIRUN_FLAGS refers to $INTELMPI_MPIRUN_FLAGS, which is not set"
                + " on an earlier line or in an earlier file.", refused(Map.of()));
    }

    @Test
    void unreadableFiles() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("cfg.d"));
        assertEquals("configuration file " + dir + " (set by WI4MPI_CONFIG) is not a regular file.",
                refused(Map.of("WI4MPI_CONFIG", dir.toString())));
        assertEquals("configuration file " + tmp.resolve("none.cfg") + " (set by WI4MPI_CONFIG) not found.",
                refused(Map.of("WI4MPI_CONFIG", tmp.resolve("none.cfg").toString())));
        Files.createDirectories(userCfg);
        assertEquals("configuration file " + userCfg + " is not a regular file.", refused(Map.of()));
        Files.delete(userCfg);
        Files.createSymbolicLink(userCfg, tmp.resolve("gone.cfg"));
        assertEquals("configuration file " + userCfg + " not found.", refused(Map.of()));
        Files.delete(userCfg);
        Files.delete(fake.config());
        assertEquals("configuration file " + fake.config() + " not found; the install tree at " + fake.root + " looks incomplete.",
                refused(Map.of()));
    }

    @Test
    void unreadableFileForAnOrdinaryUser() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads every file");
        Files.writeString(userCfg, "MPICH_MPIRUN=mpirun.mpich\n");
        Files.setPosixFilePermissions(userCfg, PosixFilePermissions.fromString("---------"));
        assertEquals("configuration file " + userCfg + " is not readable.", refused(Map.of()));
    }

    @Test
    void valuesQuotesCommentsAndExpansion() throws Exception {
        Files.writeString(fake.config(), "MPICH_MPIRUN_FLAGS=\"-launcher fork\"\n", StandardOpenOption.APPEND);
        // An earlier layer's value extended, an earlier line's key used, single quotes kept literal.
        Files.writeString(userCfg, String.join("\n",
                "# comments, blank lines and indentation are allowed",
                "",
                "   MPICH_ROOT='" + fake.mpi.resolve("mpich") + "'   # a trailing comment",
                "MPICH_C_LIB=\"$MPICH_ROOT\"/lib/libmpich.so.12",
                "MPICH_MPIRUN_FLAGS=\"$MPICH_MPIRUN_FLAGS -genv X\"' $MPICH_ROOT'#1",
                "MPICH_F_LIB=${MPICH_ROOT}/lib/libmpichfort.so.12",
                "MPICH_CXX_LIB=") + "\n");
        assertEquals("mpirun.mpich -launcher fork -genv X '$MPICH_ROOT#1' -np 2 ./app\n", dryRun(Map.of()));
        FakeInstall.Result r = fake.run("-f", "openmpi", "-t", "mpich", "--env");
        assertEquals(0, r.exit(), r::toString);
        assertEquals(fake.expectedEnv("openmpi", "mpich"), r.exports());

        // ${NAME:+x} and the like are shell syntax, refused even where the shell would have accepted them.
        Files.writeString(userCfg, "MPICH_ROOT=/opt\nMPICH_C_LIB=\"$MPICH_ROOT\"/lib/${MPICH_ROOT:+x}\n");
        assertEquals(userCfg + ":2: the value of MPICH_C_LIB uses '${MPICH_ROOT:+x}', but only $NAME and ${NAME} are expanded.",
                refused(Map.of()));
    }

    @Test
    void eachLayerOverridesTheOneBefore() throws Exception {
        Files.writeString(fake.config(), "MPICH_MPIRUN_FLAGS=-install\n", StandardOpenOption.APPEND);
        assertEquals("mpirun.mpich -install -np 2 ./app\n", dryRun(Map.of()));
        Files.writeString(userCfg, "MPICH_MPIRUN_FLAGS=\"$MPICH_MPIRUN_FLAGS -home\"\n");
        assertEquals("mpirun.mpich -install -home -np 2 ./app\n", dryRun(Map.of()));
        Path site = tmp.resolve("site.cfg");
        Files.writeString(site, "MPICH_MPIRUN_FLAGS=\"$MPICH_MPIRUN_FLAGS -site\"\n");
        assertEquals("mpirun.mpich -install -site -np 2 ./app\n", dryRun(Map.of("WI4MPI_CONFIG", site.toString())));
        // The environment replaces the files' value, and is taken as it is: nothing in it is expanded or run.
        assertEquals("mpirun.mpich '$(touch' '" + pwned + ")' '$MPICH_ROOT' -np 2 ./app\n",
                dryRun(Map.of("MPICH_MPIRUN_FLAGS", "$(touch " + pwned + ") $MPICH_ROOT")));
        assertFalse(Files.exists(pwned));
    }

    @Test
    void originsNameTheLine() throws Exception {
        Files.writeString(userCfg, "# launcher\n\nMPICH_MPIRUN=mpirun.none\n");
        assertEquals("launcher 'mpirun.none' for mpich (MPICH_MPIRUN in " + userCfg + ":3) not found in PATH.",
                LauncherErrorTest.refused(fake.run("-f", "openmpi", "-t", "mpich", "mpirun", "-np", "2", "./app")));
    }

    @Test
    void envAndVerboseAreRefusedTheSameWay() throws Exception {
        Files.writeString(userCfg, "MPICH_MPIRUN_FLAGS=x y\n");
        String expected = userCfg + ":1: the value of MPICH_MPIRUN_FLAGS has an unquoted blank; quote the whole value,"
                + " e.g. MPICH_MPIRUN_FLAGS=\"a b\".";
        assertEquals(expected, LauncherErrorTest.refused(fake.run("-f", "openmpi", "-t", "mpich", "--env")));
        assertEquals(expected, LauncherErrorTest.refused(fake.run("-v", "-f", "openmpi", "-t", "mpich", "show")));
        // A valid file changes nothing in what -v reports.
        Files.writeString(userCfg, "MPICH_MPIRUN_FLAGS='x y'\n");
        FakeInstall.Result r = fake.run(Map.of("WI4MPI_DRY_RUN", "1"), List.of("-v", "-f", "openmpi", "-t", "mpich", "mpirun", "a"));
        assertEquals(0, r.exit(), r::toString);
        assertEquals("mpirun.mpich x y a\n", r.stdout());
        assertTrue(r.stderr().contains("wi4mpi: exec mpirun.mpich x y a\n"), r::toString);
    }
}
