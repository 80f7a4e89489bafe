package org.wi4mpi.tests.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * native/header_release.cmake, which decides whether an mpi.h is the release a descriptor describes
 * before a tracing library is compiled against it: on Debian 13 the system's Open MPI header is 5.0's
 * and its MPICH header 4.2's, neither the openmpi (4.1.4) nor the mpich (4.0.2) descriptor's.
 */
class HeaderReleaseTest {

    @TempDir
    Path tmp;

    private String matches(String header, String descriptorVersion) throws Exception {
        Path script = tmp.resolve("check.cmake");
        Path module = Path.of(System.getProperty("user.dir")).resolve("../native/header_release.cmake").normalize();
        Files.writeString(script, "include(\"" + module + "\")\n"
                + "wi4mpi_header_matches(\"" + header + "\" \"" + descriptorVersion + "\" ok release)\n"
                + "message(\"${ok} ${release}\")\n");
        ProcessResult r = ProcessRunner.run(List.of("cmake", "-P", script.toString()), tmp, Map.of(), Duration.ofSeconds(30));
        assertEquals(0, r.exitCode(), r::describe);
        return r.stderr().strip();
    }

    private Path header(String name, String text) throws Exception {
        return Files.writeString(tmp.resolve(name), text);
    }

    @Test
    void openMpiReleasesAreTheirMajorAndMinorVersions() throws Exception {
        Path five = header("ompi5.h", "#define OMPI_MAJOR_VERSION 5\n#define OMPI_MINOR_VERSION 0\n#define OMPI_RELEASE_VERSION 7\n");
        assertEquals("FALSE Open MPI 5.0", matches(five.toString(), "Open MPI 4.1.4"));
        assertEquals("TRUE Open MPI 5.0", matches(five.toString(), "Open MPI 5.0.7"));
        // Another release of the same minor version is the same ABI.
        assertEquals("TRUE Open MPI 5.0", matches(five.toString(), "Open MPI 5.0.3"));
    }

    @Test
    void mpichReleasesComeFromMpichVersion() throws Exception {
        Path mpich42 = header("mpich42.h", "#define MPICH_VERSION \"4.2.1\"\n");
        assertEquals("FALSE MPICH 4.2", matches(mpich42.toString(), "MPICH 4.0.2"));
        assertEquals("TRUE MPICH 4.2", matches(mpich42.toString(), "MPICH 4.2.1"));
    }

    @Test
    void aHeaderWithoutVersionMacrosMatchesNothing() throws Exception {
        Path none = header("none.h", "int MPI_Init(int *, char ***);\n");
        assertEquals("FALSE", matches(none.toString(), "Open MPI 4.1.4"));
    }

    @Test
    void theInstalledHeadersAreTheirDescriptorsReleases() throws Exception {
        Path openmpi = Path.of("/usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h");
        Path mpich = Path.of("/usr/include/x86_64-linux-gnu/mpich/mpi.h");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(openmpi) && Files.isRegularFile(mpich),
                "Debian's Open MPI and MPICH headers are not installed");
        // Whatever the machine has: each header names a release header_release.cmake can read.
        assertEquals(true, matches(openmpi.toString(), "x").matches("FALSE Open MPI [0-9]+\\.[0-9]+"));
        assertEquals(true, matches(mpich.toString(), "x").matches("FALSE MPICH [0-9]+\\.[0-9]+"));
    }
}
