package org.wi4mpi.tests.tools;

import java.nio.file.Path;
import org.wi4mpi.tests.MpiFamily;

/**
 * An ABI a wrap-generated tool and the programs are built for: a family, with its own compiler wrappers,
 * or the standard ABI of interface mode, with the install tree's {@code bin/mpicc} and {@code bin/mpifort}.
 */
enum ToolAbi {
    OPENMPI(MpiFamily.OPENMPI),
    MPICH(MpiFamily.MPICH),
    STANDARD(null);

    private final MpiFamily family;

    ToolAbi(MpiFamily family) {
        this.family = family;
    }

    static ToolAbi of(MpiFamily family) {
        return family == MpiFamily.OPENMPI ? OPENMPI : MPICH;
    }

    /** The family, null for the standard ABI. */
    MpiFamily family() {
        return family;
    }

    /** What {@code wi4mpi-gen wrap --abi} and {@code wi4mpi -f} call it. */
    String id() {
        return family == null ? "standard" : family.id();
    }

    String compiler(Path install, boolean fortran) {
        if (family == null)
            return install.resolve(fortran ? "bin/mpifort" : "bin/mpicc").toString();
        return fortran ? family.fortranCompiler() : family.compiler();
    }
}
