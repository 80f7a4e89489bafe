package org.wi4mpi.gen.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default --abi: the family an mpicc wrapper says it compiles for. */
class MpiccFamilyTest {

    /** An mpicc script answering each option as the real wrappers do. */
    private static Path mpicc(Path dir, String script) throws IOException {
        Files.createDirectories(dir);
        Path p = dir.resolve("mpicc");
        Files.writeString(p, "#!/bin/sh\n" + script);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void openMpiAnswersShowmeVersion(@TempDir Path dir) throws IOException {
        Path p = mpicc(dir, "[ \"$1\" = -showme:version ] && echo 'mpicc: Open MPI 4.1.4 (Language: C)'\n");
        assertEquals(Optional.of("openmpi"), MpiccFamily.of(p));
    }

    @Test
    void wi4mpiInterfaceWrapperIsTheStandardAbi(@TempDir Path dir) throws IOException {
        Path p = mpicc(dir, "[ \"$1\" = -showme:version ] && echo 'mpicc: wi4mpi interface mode (C), MPI 5.0 standard ABI, compiler cc'\n");
        assertEquals(Optional.of("standard"), MpiccFamily.of(p));
    }

    @Test
    void mpichShowsItsLibrary(@TempDir Path dir) throws IOException {
        Path p = mpicc(dir, """
                case "$1" in
                  -show) echo 'gcc -I/usr/include/x86_64-linux-gnu/mpich -L/usr/lib/x86_64-linux-gnu -lmpich' ;;
                  *) echo "gcc: error: unrecognized command-line option '$1'" >&2; exit 1 ;;
                esac
                """);
        assertEquals(Optional.of("mpich"), MpiccFamily.of(p));
    }

    @Test
    void anUnknownWrapperNamesNoFamily(@TempDir Path dir) throws IOException {
        Path p = mpicc(dir, "echo 'cc: no input files' >&2; exit 1\n");
        assertEquals(Optional.empty(), MpiccFamily.of(p));
    }

    @Test
    void foundInPathOrder(@TempDir Path dir) throws IOException {
        Path first = mpicc(dir.resolve("a"), "exit 0\n");
        mpicc(dir.resolve("b"), "exit 0\n");
        assertEquals(Optional.of(first), MpiccFamily.find(dir.resolve("none") + ":" + dir.resolve("a") + ":" + dir.resolve("b")));
        assertEquals(Optional.empty(), MpiccFamily.find(dir.resolve("none").toString()));
        assertEquals(Optional.of(first), MpiccFamily.find(first.toString(), null));
        assertEquals(Optional.empty(), MpiccFamily.find("mpicc.nothere", dir.resolve("a").toString()));
    }
}
