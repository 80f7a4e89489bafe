package org.wi4mpi.tests.openmpi5;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.wi4mpi.tests.MpiFamily;

/**
 * An MPI a tests/fortran program is built with and run on natively: Open MPI 5.0.7 (the cached build),
 * Debian's Open MPI 4.1 or MPICH 4.0. The id is the launcher's family name.
 */
enum FortranOrigin {
    OPENMPI5("openmpi5"),
    OPENMPI("openmpi"),
    MPICH("mpich");

    private final String id;

    FortranOrigin(String id) {
        this.id = id;
    }

    String id() {
        return id;
    }

    /** The Fortran compiler wrapper: the build's bin/mpifort, mpifort.openmpi, mpifort.mpich. */
    String fortranCompiler(Path prefix) {
        return this == OPENMPI5 ? prefix.resolve("bin/mpifort").toString() : family().fortranCompiler();
    }

    /** The C compiler wrapper, for the C part of a mixed program. */
    String cCompiler(Path prefix) {
        return this == OPENMPI5 ? prefix.resolve("bin/mpicc").toString() : family().compiler();
    }

    /** mpirun of this MPI with the options 2 ranks on 2 shared cores need, up to {@code -np}. */
    List<String> mpirun(Path prefix) {
        List<String> command = new ArrayList<>();
        if (this == OPENMPI5) {
            command.addAll(List.of(prefix.resolve("bin/mpirun").toString(), "--oversubscribe"));
        } else {
            command.add(family().launcher());
            command.addAll(family().launcherOptions());
        }
        return command;
    }

    /** Options of this MPI's mpirun when wi4mpi runs it as the target's (a bare mpirun). */
    List<String> launcherOptions() {
        return this == OPENMPI5 ? List.of("--oversubscribe") : family().launcherOptions();
    }

    /** Debian's package of this MPI (Open MPI 5 has none: only its own prefix is read for it). */
    private MpiFamily family() {
        return this == MPICH ? MpiFamily.MPICH : MpiFamily.OPENMPI;
    }
}
