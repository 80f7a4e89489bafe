package org.wi4mpi.tests.debian;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;

/**
 * An unmodified MPI program shipped by Debian, linked against one MPI family. NetPIPE's MPI module is
 * packaged once per MPI: {@code NPopenmpi} (netpipe-openmpi) and {@code NPmpich2} (netpipe-mpich2, which
 * despite its name is built against MPICH 4 on Debian 12).
 */
public enum DebianMpiBinary {
    NETPIPE_OPENMPI("netpipe-openmpi", Path.of("/usr/bin/NPopenmpi"), MpiFamily.OPENMPI, "libmpi.so.40"),
    NETPIPE_MPICH("netpipe-mpich2", Path.of("/usr/bin/NPmpich2"), MpiFamily.MPICH, "libmpich.so.12");

    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern NEEDED = Pattern.compile("\\(NEEDED\\)\\s+Shared library: \\[([^]]+)]");

    private final String debianPackage;
    private final Path binary;
    private final MpiFamily family;
    private final String soname;

    DebianMpiBinary(String debianPackage, Path binary, MpiFamily family, String soname) {
        this.debianPackage = debianPackage;
        this.binary = binary;
        this.family = family;
        this.soname = soname;
    }

    public String debianPackage() {
        return debianPackage;
    }

    public Path binary() {
        return binary;
    }

    /** The MPI family the binary was linked against. */
    public MpiFamily family() {
        return family;
    }

    /** The family's C library soname the binary must have in its DT_NEEDED. */
    public String soname() {
        return soname;
    }

    /**
     * Fails, naming the package to install, unless dpkg reports the package installed and the binary
     * exists. A missing package is an environment error, not a reason to skip: CI installs it.
     */
    public void requireInstalled() {
        ProcessResult query = ProcessRunner.run(
                List.of("dpkg-query", "-W", "-f=${db:Status-Abbrev}", debianPackage), Path.of("/"), Map.of(),
                TOOL_TIMEOUT);
        if (query.exitCode() != 0 || !query.stdout().startsWith("ii"))
            fail("Debian package " + debianPackage + " is not installed (it provides " + binary + ");"
                    + " install it with `apt-get install " + debianPackage + "` or run bin/wi4mpi-setup-debian\n"
                    + query.describe());
        assertTrue(Files.isExecutable(binary), () -> "package " + debianPackage + " is installed but " + binary
                + " is missing or not executable; reinstall it with `apt-get install --reinstall " + debianPackage + "`");
    }

    /** The binary's DT_NEEDED entries, in order, as {@code readelf -d} lists them. */
    public List<String> neededLibraries() {
        ProcessResult readelf = ProcessRunner.run(List.of("readelf", "-d", binary.toString()), Path.of("/"), Map.of(),
                TOOL_TIMEOUT);
        assertFalse(readelf.timedOut(), () -> "readelf timed out\n" + readelf.describe());
        assertEquals(0, readelf.exitCode(), () -> "readelf failed\n" + readelf.describe());
        Matcher matcher = NEEDED.matcher(readelf.stdout());
        List<String> needed = matcher.results().map(m -> m.group(1)).toList();
        assertFalse(needed.isEmpty(), () -> "readelf lists no DT_NEEDED for " + binary + "\n" + readelf.describe());
        return needed;
    }

    @Override
    public String toString() {
        return binary.getFileName() + " (" + debianPackage + ")";
    }
}
