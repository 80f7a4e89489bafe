package org.wi4mpi.gen.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.gen.cli.Main;
import picocli.CommandLine;

/** wi4mpi-gen wrap on the command line: options, output file, exit codes and one-sentence faults. */
class WrapCommandTest {

    private record Run(int exitCode, String out, String err) {}

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new CommandLine(new Main())
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true))
                .execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String dictionaries() {
        return WrapFixtures.dictionaries().toString();
    }

    @Test
    void clusteredOptionsAndOutputFile(@TempDir Path dir) throws IOException {
        Path w = Files.writeString(dir.resolve("t.w"), "{{fn f MPI_Init}}{{callfn}}{{endfn}}");
        Path c = dir.resolve("t.c");
        Run r = run("wrap", "-fgs", "-i", "PMPI_INIT", "--abi", "mpich", "--dictionaries", dictionaries(),
                "-o", c.toString(), w.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.out());
        String text = Files.readString(c);
        assertTrue(text.contains("if (in_wrapper) return PMPI_Init(argc, argv);"), text);
        assertTrue(text.contains("_EXTERN_C_ void mpi_init__(MPI_Fint *ierr)"), text);
        assertTrue(text.contains("#else\n        PMPI_INIT(&_wrap_py_return_val);\n#endif"), text);
        assertFalse(text.contains("#include"), text);
    }

    @Test
    void standardOutputWithoutO(@TempDir Path dir) throws IOException {
        Path w = Files.writeString(dir.resolve("t.w"), "{{forallfn f}}{{f}}\n{{endforallfn}}");
        Run r = run("wrap", "-s", "--abi", "openmpi", "--dictionaries", dictionaries(), w.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(350, r.out().lines().count());
    }

    @Test
    void faultInAWFileWritesNothing(@TempDir Path dir) throws IOException {
        Path good = Files.writeString(dir.resolve("good.w"), "{{fn f MPI_Send}}{{callfn}}{{endfn}}");
        Path bad = Files.writeString(dir.resolve("bad.w"), "ok\n\n{{fn f MPI_Send}}{{nosuch 1}}{{endfn}}");
        Path c = dir.resolve("out.c");
        Run r = run("wrap", "--abi", "openmpi", "--dictionaries", dictionaries(), "-o", c.toString(),
                good.toString(), bad.toString());
        assertEquals(1, r.exitCode());
        assertEquals(bad + ":3: {{nosuch}} is no macro or value defined here (in the body for MPI_Send).\n", r.err());
        assertFalse(Files.exists(c));
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "no temporary file is left behind");
        }
    }

    @Test
    void faultKeepsAnEarlierOutput(@TempDir Path dir) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.w"), "{{fn f MPI_Send}}");
        Path c = Files.writeString(dir.resolve("out.c"), "earlier\n");
        Run r = run("wrap", "--abi", "openmpi", "--dictionaries", dictionaries(), "-o", c.toString(), bad.toString());
        assertEquals(1, r.exitCode());
        assertEquals(bad + ":1: {{fn}} has no {{endfn}}.\n", r.err());
        assertEquals("earlier\n", Files.readString(c));
    }

    @Test
    void usageFaults(@TempDir Path dir) throws IOException {
        Path w = Files.writeString(dir.resolve("t.w"), "x");
        Run abi = run("wrap", "--abi", "lam", w.toString());
        assertEquals(2, abi.exitCode());
        assertEquals("wi4mpi-gen wrap: --abi lam is no known family; give openmpi, mpich or standard.\n", abi.err());
        Run init = run("wrap", "--abi", "mpich", "-i", "mpi_init", w.toString());
        assertEquals(2, init.exitCode());
        assertEquals("wi4mpi-gen wrap: -i mpi_init is no Fortran PMPI_Init binding; give one of PMPI_INIT, pmpi_init, "
                + "pmpi_init_, pmpi_init__.\n", init.err());
        Run missing = run("wrap", "--abi", "mpich", "--dictionaries", dictionaries(), dir.resolve("none.w").toString());
        assertEquals(1, missing.exitCode());
        assertEquals("wi4mpi-gen wrap: " + dir.resolve("none.w") + " does not exist.\n", missing.err());
        Run compiler = run("wrap", "-c", dir.resolve("no-mpicc").toString(), w.toString());
        assertEquals(2, compiler.exitCode());
        assertEquals("wi4mpi-gen wrap: no " + dir.resolve("no-mpicc")
                + " to take the MPI family from: give --abi openmpi, mpich or standard.\n", compiler.err());
        Run dict = run("wrap", "--abi", "mpich", "--dictionaries", dir.toString(), w.toString());
        assertEquals(2, dict.exitCode());
        assertTrue(dict.err().startsWith("wi4mpi-gen wrap: ABI descriptor not found: "), dict.err());
    }
}
