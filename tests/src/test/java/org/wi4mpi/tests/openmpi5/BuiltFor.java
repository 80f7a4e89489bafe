package org.wi4mpi.tests.openmpi5;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.wi4mpi.tests.MpiFamily;

/**
 * The MPI a program of the version matrix is built with (and, but for {@link #STANDARD}, runs natively
 * on): Open MPI 5.0.7 from the cache, Debian's Open MPI 4.1 and MPICH 4.0 (the main suite's families), or
 * wi4mpi's own mpi.h (interface mode). The tests/c programs use all four, the tests/fortran ones the
 * first three.
 */
enum BuiltFor {
    OPENMPI5("openmpi5", null),
    OPENMPI("openmpi", MpiFamily.OPENMPI),
    MPICH("mpich", MpiFamily.MPICH),
    STANDARD("standard", null);

    private final String id;
    private final MpiFamily family;

    BuiltFor(String id, MpiFamily family) {
        this.id = id;
        this.family = family;
    }

    /** The launcher's name for it: -t openmpi5, the pair labels' openmpi5→mpich. */
    String id() {
        return id;
    }

    /** The main suite's family, whose builder and binary directory the matrix shares; null for the others. */
    MpiFamily family() {
        return family;
    }

    /** The C compiler wrapper. */
    String mpicc(OpenMpi5Build build, Path install) {
        return switch (this) {
            case OPENMPI5 -> build.mpicc().toString();
            case STANDARD -> install.resolve("bin/mpicc").toString();
            default -> family.compiler();
        };
    }

    /** The Fortran compiler wrapper (tests/fortran programs are built with the three MPIs only). */
    String mpifort(OpenMpi5Build build) {
        return switch (this) {
            case OPENMPI5 -> build.prefix().resolve("bin/mpifort").toString();
            case STANDARD -> throw new IllegalStateException("the Fortran runs of the matrix build with an MPI's own mpifort");
            default -> family.fortranCompiler();
        };
    }

    /**
     * Options of this MPI's mpirun for {@code ranks} ranks on a 2-core machine: Open MPI's
     * --oversubscribe; MPICH's -bind-to none, so that its busy-polling ranks are not bound to one core.
     */
    List<String> launcherOptions() {
        return this == MPICH ? MpiFamily.MPICH.launcherOptions() : List.of("--oversubscribe");
    }

    /** {@code mpirun <options> -np N} of this MPI, without wi4mpi. */
    List<String> nativeLauncher(OpenMpi5Build build, int ranks) {
        if (this == STANDARD)
            throw new IllegalStateException("interface-mode programs have no MPI of their own");
        List<String> command = new ArrayList<>();
        command.add(this == OPENMPI5 ? build.mpirun().toString() : family.launcher());
        command.addAll(launcherOptions());
        command.addAll(List.of("-np", Integer.toString(ranks)));
        return command;
    }
}
