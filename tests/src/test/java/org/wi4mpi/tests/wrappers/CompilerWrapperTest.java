package org.wi4mpi.tests.wrappers;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The interface-mode compiler wrappers of the install tree (bin/mpicc, bin/mpicxx, bin/mpifort) and
 * its pkg-config file: the Open MPI/MPICH wrapper options, the compiler's exit code passed through,
 * one binary (C, and Fortran) that runs on Open MPI and on MPICH by changing only {@code -t}, CMake
 * projects using {@code find_package(MPI)} and an autoconf project with the wrappers.
 */
class CompilerWrapperTest {

    private static final Duration BUILD = Duration.ofMinutes(3);
    private static final Duration RUN = Duration.ofSeconds(90);

    private final Path install = SuiteConfig.fromEnvironment().install();
    private final Path sources = SuiteConfig.fromEnvironment().sourceDirectory();

    @TempDir
    Path work;

    @BeforeEach
    void requireInstallTree() {
        // Only a missing install tree skips: anything missing inside it is a failure.
        assumeTrue(Files.isDirectory(install), () -> "install tree " + install + " does not exist");
    }

    private ProcessResult run(Path directory, Map<String, String> environment, String... command) {
        return ProcessRunner.run(List.of(command), directory, environment, BUILD);
    }

    private String mpicc() {
        return install.resolve("bin/mpicc").toString();
    }

    @Test
    void showOptionsDescribeTheInterfaceBuildAndRunNothing() throws IOException {
        ProcessResult compile = run(work, Map.of(), mpicc(), "-showme:compile");
        assertEquals(0, compile.exitCode(), compile.describe());
        assertEquals("-I" + install.resolve("include"), compile.stdout().strip());

        ProcessResult link = run(work, Map.of(), mpicc(), "-showme:link");
        assertEquals("-L" + install.resolve("lib") + " -Wl,-rpath," + install.resolve("lib") + " -lmpi_abi",
                link.stdout().strip());

        ProcessResult version = run(work, Map.of(), install.resolve("bin/mpicxx").toString(), "-showme:version");
        assertTrue(version.stdout().contains("wi4mpi interface mode (C++), MPI 5.0 standard ABI"), version.describe());

        Files.writeString(work.resolve("x.c"), "int main(void) { return 0; }\n");
        ProcessResult show = run(work, Map.of(), mpicc(), "-show", "-o", "x", "x.c");
        assertEquals(0, show.exitCode(), show.describe());
        assertEquals("cc -I" + install.resolve("include") + " -o x x.c -L" + install.resolve("lib") + " -Wl,-rpath,"
                + install.resolve("lib") + " -lmpi_abi", show.stdout().strip());
        assertFalse(Files.exists(work.resolve("x")), "-show must not compile");

        // Compiling only: no link flags.
        ProcessResult compileOnly = run(work, Map.of(), mpicc(), "-show", "-c", "x.c");
        assertEquals("cc -I" + install.resolve("include") + " -c x.c", compileOnly.stdout().strip());
    }

    /** A Fortran program using the mpi module: prints its rank and the start of the runtime's version. */
    private static final String HELLO_FORTRAN = """
            program hellof
              use mpi
              implicit none
              integer :: ierr, rank, nranks, length
              character(len=MPI_MAX_LIBRARY_VERSION_STRING) :: version
              call MPI_Init(ierr)
              call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
              call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
              call MPI_Get_library_version(version, length, ierr)
              print '(a,i0,a,i0,2a)', 'hello: rank ', rank, ' of ', nranks, ' on ', version(1:min(length, 16))
              call MPI_Finalize(ierr)
              if (rank == 0) print '(a)', 'hello: ok'
            end program hellof
            """;

    private String mpifort() {
        return install.resolve("bin/mpifort").toString();
    }

    @Test
    void theFortranWrapperAddsTheFortranLibraryAndUsesGfortran() throws IOException {
        ProcessResult link = run(work, Map.of(), mpifort(), "-showme:link");
        assertEquals(0, link.exitCode(), link.describe());
        assertEquals("-L" + install.resolve("lib") + " -Wl,-rpath," + install.resolve("lib")
                + " -lmpifort_abi -lmpi_abi", link.stdout().strip());
        assertEquals("mpifort_abi mpi_abi", run(work, Map.of(), mpifort(), "-showme:libs").stdout().strip());
        ProcessResult show = run(work, Map.of(), mpifort(), "-show", "-c", "x.f90");
        assertEquals("gfortran -I" + install.resolve("include") + " -c x.f90", show.stdout().strip());
        ProcessResult other = run(work, Map.of("WI4MPI_FC", "gfortran-12"), mpifort(), "-show", "-c", "x.f90");
        assertEquals("gfortran-12 -I" + install.resolve("include") + " -c x.f90", other.stdout().strip());
        ProcessResult version = run(work, Map.of(), mpifort(), "-showme:version");
        assertTrue(version.stdout().contains("wi4mpi interface mode (Fortran), MPI 5.0 standard ABI"), version.describe());
        // The headers and module a Fortran program needs are there.
        for (String file : List.of("mpif.h", "mpi.mod")) {
            assertTrue(Files.isRegularFile(install.resolve("include").resolve(file)), file);
        }
    }

    /** One Fortran binary, built once with bin/mpifort, on each MPI by changing only -t. */
    @ParameterizedTest(name = "built with bin/mpifort, run with -t {0}")
    @CsvSource({"openmpi,Open MPI", "mpich,MPICH"})
    void oneFortranBinaryRunsOnEitherMpi(String target, String banner) throws IOException {
        Files.writeString(work.resolve("hello.f90"), HELLO_FORTRAN);
        ProcessResult fc = run(work, Map.of(), mpifort(), "-Wall", "-Werror", "-o", "hellof", "hello.f90");
        assertEquals(0, fc.exitCode(), fc.describe());
        assertRunsOn(target, banner, work.resolve("hellof"));
    }

    /** Without a target, a Fortran program stops at its first MPI call with the same sentence as C. */
    @Test
    void aFortranBinaryWithoutTargetStopsWithOneSentence() throws IOException {
        Files.writeString(work.resolve("hello.f90"), HELLO_FORTRAN);
        ProcessResult fc = run(work, Map.of(), mpifort(), "-o", "hellof", "hello.f90");
        assertEquals(0, fc.exitCode(), fc.describe());
        ProcessResult alone = ProcessRunner.run(List.of("timeout", "60", "./hellof"), work, Map.of(), RUN);
        assertEquals(1, alone.exitCode(), alone.describe());
        assertEquals("wi4mpi: this program uses the MPI standard ABI; choose an MPI with wi4mpi -t openmpi|mpich,"
                + " or set WI4MPI_TO / WI4MPI_WRAPPER_LIB\n", alone.stderr(), alone.describe());
    }

    /** FindMPI's Fortran component through bin/mpifort: mpif.h, the mpi module and both libraries. */
    @Test
    void aCMakeFortranProjectBuildsWithTheWrapperAndRunsOnBothTargets() throws IOException {
        Path project = work.resolve("fproject");
        Files.createDirectories(project);
        Files.writeString(project.resolve("hello.f90"), HELLO_FORTRAN);
        String cache = buildCMakeProject(project, "Fortran", "hello.f90", mpifort());
        assertTrue(cache.contains("MPI_Fortran_MODULE_DIR:PATH=" + install.resolve("include")), "FindMPI found our mpi module");
        assertTrue(cache.contains("MPI_Fortran_LIB_NAMES:STRING=mpifort_abi;mpi_abi"), "FindMPI links both libraries");
        assertRunsOn("openmpi", "Open MPI", project.resolve("build/hello"));
        assertRunsOn("mpich", "MPICH", project.resolve("build/hello"));
    }

    /**
     * Configures and builds, in {@code project}/build, a CMake project of one {@code language} source
     * that finds MPI through {@code compiler}; returns its CMakeCache.txt.
     */
    private String buildCMakeProject(Path project, String language, String source, String compiler) throws IOException {
        Files.writeString(project.resolve("CMakeLists.txt"), """
                cmake_minimum_required(VERSION 3.10)
                project(hello %1$s)
                find_package(MPI REQUIRED COMPONENTS %1$s)
                add_executable(hello %2$s)
                target_link_libraries(hello PRIVATE MPI::MPI_%1$s)
                """.formatted(language, source));
        Path build = project.resolve("build");
        ProcessResult configure = run(work, Map.of(), "cmake", "-S", project.toString(), "-B", build.toString(),
                "-DMPI_" + language + "_COMPILER=" + compiler);
        assertEquals(0, configure.exitCode(), configure.describe());
        ProcessResult make = run(work, Map.of(), "cmake", "--build", build.toString());
        assertEquals(0, make.exitCode(), make.describe());
        return Files.readString(build.resolve("CMakeCache.txt"));
    }

    @Test
    void theCompilersExitCodeAndDiagnosticsPassThrough() throws IOException {
        Files.writeString(work.resolve("bad.c"), "int main(void) { return undeclared_name; }\n");
        ProcessResult bad = run(work, Map.of(), mpicc(), "-c", "bad.c");
        assertEquals(1, bad.exitCode(), bad.describe());
        assertTrue(bad.stderr().contains("undeclared_name"), bad.describe());

        ProcessResult unknown = run(work, Map.of(), mpicc(), "-showme:nonsense");
        assertEquals(2, unknown.exitCode(), unknown.describe());
        assertTrue(unknown.stderr().contains("unknown option -showme:nonsense"), unknown.describe());
    }

    /** One binary, built once with bin/mpicc, on each MPI by changing only -t. */
    @ParameterizedTest(name = "built with bin/mpicc, run with -t {0}")
    @CsvSource({"openmpi,Open MPI", "mpich,MPICH"})
    void oneBinaryRunsOnEitherMpi(String target, String banner) throws IOException {
        Path binary = work.resolve("hello");
        ProcessResult cc = run(work, Map.of(), mpicc(), "-Wall", "-Wextra", "-Werror", "-I" + sources,
                "-o", binary.toString(), sources.resolve("hello.c").toString());
        assertEquals(0, cc.exitCode(), cc.describe());
        assertRunsOn(target, banner, binary);
    }

    @Test
    void theCxxWrapperBuildsACxxProgramAgainstTheSameHeader() throws IOException {
        Files.writeString(work.resolve("hello.cc"), """
                #include <mpi.h>
                #include <iostream>
                int main(int argc, char **argv)
                {
                    MPI_Init(&argc, &argv);
                    int rank = -1, size = -1;
                    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
                    MPI_Comm_size(MPI_COMM_WORLD, &size);
                    if (rank == 0)
                        std::cout << "hello: ok from C++ with " << size << " ranks" << std::endl;
                    MPI_Finalize();
                    return 0;
                }
                """);
        ProcessResult cxx = run(work, Map.of(), install.resolve("bin/mpicxx").toString(), "-Wall", "-Wextra",
                "-Werror", "-o", "hello_cxx", "hello.cc");
        assertEquals(0, cxx.exitCode(), cxx.describe());
        ProcessResult job = launch("mpich", work.resolve("hello_cxx"));
        assertEquals(0, job.exitCode(), job.describe());
        assertTrue(job.stdout().contains("hello: ok from C++ with 2 ranks"), job.describe());
    }

    @Test
    void pkgConfigGivesTheSameFlags() {
        Map<String, String> env = Map.of("PKG_CONFIG_PATH", install.resolve("lib/pkgconfig").toString());
        ProcessResult flags = run(work, env, "pkg-config", "--cflags", "--libs", "mpi");
        assertEquals(0, flags.exitCode(), flags.describe());
        assertTrue(flags.stdout().contains("/include"), flags.describe());
        assertTrue(flags.stdout().contains("-lmpi_abi"), flags.describe());
        ProcessResult version = run(work, env, "pkg-config", "--modversion", "mpi");
        assertEquals("5.0", version.stdout().strip());
    }

    /** An autoconf project configured with CC=bin/mpicc: AC_PROG_CC's probes, mpi.h and MPI_Comm_rank are found. */
    @Test
    void anAutoconfProjectConfiguresWithTheWrapperAndRunsOnBothTargets() throws IOException {
        Path project = work.resolve("autoconf");
        Files.createDirectories(project);
        Files.copy(sources.resolve("hello.c"), project.resolve("hello.c"));
        Files.copy(sources.resolve("check.h"), project.resolve("check.h"));
        Files.writeString(project.resolve("configure.ac"), """
                AC_INIT([hello], [1.0])
                AC_PROG_CC
                AC_CHECK_HEADER([mpi.h], [], [AC_MSG_ERROR([mpi.h not found])])
                AC_CHECK_FUNC([MPI_Comm_rank], [], [AC_MSG_ERROR([MPI_Comm_rank does not link])])
                AC_CONFIG_FILES([Makefile])
                AC_OUTPUT
                """);
        Files.writeString(project.resolve("Makefile.in"), "CC = @CC@\nhello: hello.c\n\t$(CC) -o hello hello.c\n");
        ProcessResult autoconf = run(project, Map.of(), "autoconf");
        assertEquals(0, autoconf.exitCode(), autoconf.describe());
        ProcessResult configure = run(project, Map.of(), "./configure", "CC=" + mpicc());
        assertEquals(0, configure.exitCode(), configure.describe());
        assertTrue(configure.stdout().contains("checking for MPI_Comm_rank... yes"), configure.describe());
        ProcessResult make = run(project, Map.of(), "make");
        assertEquals(0, make.exitCode(), make.describe());
        assertRunsOn("openmpi", "Open MPI", project.resolve("hello"));
        assertRunsOn("mpich", "MPICH", project.resolve("hello"));
    }

    /** A CMake project finds MPI through the wrapper (FindMPI asks it -showme:compile/-showme:link). */
    @Test
    void aCMakeFindMpiProjectBuildsWithTheWrapperAndRunsOnBothTargets() throws IOException {
        Path project = work.resolve("project");
        Files.createDirectories(project);
        Files.copy(sources.resolve("hello.c"), project.resolve("hello.c"));
        Files.copy(sources.resolve("check.h"), project.resolve("check.h"));
        String cache = buildCMakeProject(project, "C", "hello.c", mpicc());
        assertTrue(cache.contains("MPI_C_HEADER_DIR:PATH=" + install.resolve("include")), "FindMPI used our mpi.h");
        assertTrue(cache.contains("MPI_C_LIB_NAMES:STRING=mpi_abi"), "FindMPI links libmpi_abi");
        assertRunsOn("openmpi", "Open MPI", project.resolve("build/hello"));
        assertRunsOn("mpich", "MPICH", project.resolve("build/hello"));
    }

    private ProcessResult launch(String target, Path binary) {
        List<String> command = new ArrayList<>(List.of("timeout", "80", install.resolve("bin/wi4mpi").toString(),
                "-t", target, "mpirun", "-np", "2"));
        command.addAll(MpiFamily.ofTarget(target).launcherOptions());
        command.add(binary.toString());
        return ProcessRunner.run(command, work, new HashMap<>(MpiFamily.launcherEnvironment()), RUN);
    }

    private void assertRunsOn(String family, String banner, Path binary) {
        // The system's MPI of that kind: on Debian 13 the system Open MPI is the openmpi5 target.
        String target = MpiFamily.fromId(family).systemTarget();
        org.junit.jupiter.api.Assumptions.assumeTrue(target != null, () -> MpiFamily.fromId(family).absence());
        ProcessResult job = launch(target, binary);
        assertEquals(0, job.exitCode(), job.describe());
        assertTrue(job.stdout().contains("hello: rank 0 of 2 on " + banner), job.describe());
        assertTrue(job.stdout().contains("hello: ok"), job.describe());
        assertNotEquals(-1, job.stdout().indexOf("hello: rank 1 of 2"), job.describe());
    }
}
