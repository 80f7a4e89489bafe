package org.wi4mpi.tests.library;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProcessRunner;
import org.wi4mpi.tests.SuiteConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The install tree is relocatable: a copy elsewhere (the original moved away) translates on its own. */
class RelocatedInstallTest {

    @TempDir
    Path work;

    @Test
    void copiedInstallTreeRunsAnOpenMpiProgramOnMpich() throws Exception {
        MpiFamily.assumeInstalled("openmpi", "mpich");
        Path install = SuiteConfig.fromEnvironment().install();
        assertTrue(Files.isRegularFile(install.resolve("bin/wi4mpi")), install + " is not built");
        Path copy = work.resolve("elsewhere/wi4mpi");
        Files.createDirectories(copy.getParent());
        ProcessResult cp = ProcessRunner.run(List.of("cp", "-a", install.toString(), copy.toString()), work, Map.of(),
                Duration.ofSeconds(60));
        assertEquals(0, cp.exitCode(), cp.describe());

        Path source = SuiteConfig.fromEnvironment().sourceDirectory().resolve("hello.c");
        ProcessResult cc = ProcessRunner.run(List.of("mpicc.openmpi", "-o", "hello", source.toString()), work,
                Map.of(), Duration.ofSeconds(120));
        assertEquals(0, cc.exitCode(), cc.describe());

        // --env names only the copy.
        ProcessResult env = ProcessRunner.run(List.of(copy.resolve("bin/wi4mpi").toString(), "-f", "openmpi", "-t",
                "mpich", "--env", "./hello"), work, Map.of(), Duration.ofSeconds(30));
        assertEquals(0, env.exitCode(), env.describe());
        assertTrue(env.stdout().contains(copy.resolve("lib/libwi4mpi_openmpi_mpich.so").toString()), env.stdout());
        assertFalse(env.stdout().contains(install.toString() + "/"), env.stdout());

        List<String> run = new ArrayList<>(List.of("timeout", "60", copy.resolve("bin/wi4mpi").toString(), "-f",
                "openmpi", "-t", "mpich", "mpirun", "-np", "2"));
        run.addAll(MpiFamily.MPICH.launcherOptions());
        run.add("./hello");
        ProcessResult hello = ProcessRunner.run(run, work, MpiFamily.launcherEnvironment(), Duration.ofSeconds(90));
        assertEquals(0, hello.exitCode(), hello.describe());
        assertTrue(hello.stdout().contains("hello: rank 0 of 2 on MPICH"), hello.describe());
        assertTrue(hello.stdout().contains("hello: ok"), hello.describe());
    }
}
