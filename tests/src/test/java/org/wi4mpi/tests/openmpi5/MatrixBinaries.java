package org.wi4mpi.tests.openmpi5;

import java.nio.file.Path;

import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.ProcessResult;
import org.wi4mpi.tests.ProgramBuilder;
import org.wi4mpi.tests.RunAssertions;
import org.wi4mpi.tests.SuiteConfig;

/**
 * The version matrix's binaries, built with the main suite's flags by its {@link ProgramBuilder}: those of
 * Open MPI 4.1 and MPICH in the main suite's own directories (target/mpi-bin/openmpi, .../mpich, shared
 * with it), those of Open MPI 5 and interface mode in target/openmpi5-bin/openmpi5 and .../standard.
 */
final class MatrixBinaries {

    private final OpenMpi5Build build;
    private final Path install;
    private final ProgramBuilder shared;
    private final ProgramBuilder own;
    private final Path ownRoot;

    MatrixBinaries(OpenMpi5Build build, SuiteConfig config, Path moduleDirectory) {
        this.build = build;
        this.install = config.install();
        this.shared = new ProgramBuilder(config.binaryDirectory());
        this.ownRoot = moduleDirectory.resolve("target/openmpi5-bin");
        this.own = new ProgramBuilder(ownRoot);
    }

    Path binary(BuiltFor builtFor, MpiTestProgram program) {
        return builtFor.family() != null ? shared.binary(builtFor.family(), program)
                : ownRoot.resolve(builtFor.id()).resolve(program.name());
    }

    /** Builds the binary unless it is up to date; fails with the compiler's output when it does not build cleanly. */
    void ensureBuilt(BuiltFor builtFor, MpiTestProgram program) {
        Path binary = binary(builtFor, program);
        String mpicc = builtFor.mpicc(build, install);
        ProcessResult compilation = builtFor.family() != null ? shared.build(builtFor.family(), program)
                : own.build(mpicc, mpicc, binary, program);
        RunAssertions.assertBuilt(compilation, binary);
    }
}
