package org.wi4mpi.gen.trace.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Faults found before anything is measured: one sentence, exit 2, no model file. */
class CalibrateCommandTest {

    @TempDir
    Path dir;

    /** An install tree whose launcher exists but must never run in these tests. */
    private Path install() throws IOException {
        Path launcher = dir.resolve("install/bin/wi4mpi");
        Files.createDirectories(launcher.getParent());
        Files.writeString(launcher, "#!/bin/sh\nexit 99\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher.getParent().getParent();
    }

    private record Outcome(int status, String err) {
    }

    private Outcome run(String... args) throws IOException {
        CalibrateCommand command = new CalibrateCommand();
        command.searchPath = Files.createDirectories(dir.resolve("empty-path")).toString();
        StringWriter err = new StringWriter();
        CommandLine line = new CommandLine(command).setErr(new PrintWriter(err)).setOut(new PrintWriter(new StringWriter()));
        return new Outcome(line.execute(args), err.toString().strip());
    }

    private void assertFault(String sentence, String... args) throws IOException {
        Outcome outcome = run(args);
        assertEquals(2, outcome.status(), outcome.err());
        assertEquals("wi4mpi-trace calibrate: " + sentence, outcome.err());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().contains("model")).toList());
        }
    }

    @Test
    void unknownFamiliesAreNamed() throws IOException {
        String out = dir.resolve("model.json").toString();
        assertFault("-t lam: unknown MPI family (the families are openmpi, mpich, intelmpi, standard).", "-t", "lam", "-o", out);
        assertFault("-t standard: standard is an application ABI only; the targets are openmpi, mpich, intelmpi.",
                "-t", "standard", "-o", out);
        assertFault("-f intelmpi: calibrate compiles its measuring program with the family's mpicc, and there is none for intelmpi"
                + " here; the sources it builds are openmpi, mpich, standard.", "-f", "intelmpi", "-t", "mpich", "-o", out);
    }

    @Test
    void badSizesAndRankCountsAreNamed() throws IOException {
        String out = dir.resolve("model.json").toString();
        assertFault("--max-bytes 4: give a size from 8 (two ping-pong sizes: 4 and 8 bytes) to 256M.", "-t", "mpich", "--max-bytes", "4", "-o", out);
        assertFault("--max-bytes lots: give a size from 8 (two ping-pong sizes: 4 and 8 bytes) to 256M.", "-t", "mpich", "--max-bytes", "lots", "-o", out);
        assertFault("--max-ranks 1: the collectives need 2 to 64 ranks.", "-t", "mpich", "--max-ranks", "1", "-o", out);
        assertFault("--repetitions 0: give a number, at least 1.", "-t", "mpich", "--repetitions", "0", "-o", out);
    }

    @Test
    void sizesTakeBinarySuffixes() throws Exception {
        assertEquals(32768, CalibrateCommand.size("32K"));
        assertEquals(1 << 20, CalibrateCommand.size("1MiB"));
        assertEquals(4096, CalibrateCommand.size("4096"));
    }

    @Test
    void missingLauncherCompilerOrOutputDirectoryIsNamedBeforeMeasuring() throws IOException {
        Path out = dir.resolve("model.json");
        Path noInstall = dir.resolve("nowhere");
        assertFault("no wi4mpi launcher at " + noInstall.resolve("bin/wi4mpi")
                + " (build the install tree with 'mvn install' or give its directory with --install).",
                "-t", "openmpi", "--install", noInstall.toString(), "-o", out.toString());
        Path install = install();
        assertFault("mpicc.mpich, the compiler for -f mpich, is not installed (not found in PATH).",
                "-f", "mpich", "-t", "openmpi", "--install", install.toString(), "-o", out.toString());
        assertFault(install.resolve("bin/mpicc") + ", the compiler for -f standard, is not installed.",
                "-f", "standard", "-t", "openmpi", "--install", install.toString(), "-o", out.toString());
        Path unwritable = dir.resolve("no-such-dir/model.json");
        assertFault("cannot write the model " + unwritable + ": " + unwritable.getParent() + " is not a writable directory.",
                "-t", "openmpi", "--install", install.toString(), "-o", unwritable.toString());
    }
}
