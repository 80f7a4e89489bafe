package org.wi4mpi.gen.trace.calibrate;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The MPI families calibrate knows, as the wi4mpi launcher names them: which compiler builds the
 * measuring program for an application of the family (FROM), and which launcher options its mpirun
 * needs as a target (TO).
 */
public enum Family {
    /** Open MPI's mpirun refuses more ranks than cores without --oversubscribe. */
    OPENMPI("openmpi", "mpicc.openmpi", true, List.of("--oversubscribe")),
    /** Hydra binds ranks to cores by default; oversubscribed busy-polling ranks would then share one. */
    MPICH("mpich", "mpicc.mpich", true, List.of("-bind-to", "none")),
    INTELMPI("intelmpi", null, true, List.of()),
    /** Programs built with the install tree's bin/mpicc against the MPI standard ABI; a FROM only. */
    STANDARD("standard", "bin/mpicc", false, List.of());

    private final String id;
    private final String compiler;
    private final boolean target;
    private final List<String> launcherOptions;

    Family(String id, String compiler, boolean target, List<String> launcherOptions) {
        this.id = id;
        this.compiler = compiler;
        this.target = target;
        this.launcherOptions = launcherOptions;
    }

    public String id() {
        return id;
    }

    public List<String> launcherOptions() {
        return launcherOptions;
    }

    /** The compiler command for a program of this family: a name looked up in PATH, or a file of the install tree. */
    public String compiler(Path install) {
        return this == STANDARD ? install.resolve(compiler).toString() : compiler;
    }

    public static Family source(String name) throws CalibrationException {
        Family family = byId(name, "-f");
        if (family.compiler == null) {
            throw new CalibrationException("-f " + name + ": calibrate compiles its measuring program with the family's mpicc, and there is none for "
                    + name + " here; the sources it builds are " + names(true) + ".");
        }
        return family;
    }

    public static Family target(String name) throws CalibrationException {
        Family family = byId(name, "-t");
        if (!family.target) {
            throw new CalibrationException("-t " + name + ": " + name + " is an application ABI only; the targets are " + names(false) + ".");
        }
        return family;
    }

    private static Family byId(String name, String option) throws CalibrationException {
        String id = name.toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst()
                .orElseThrow(() -> new CalibrationException(option + " " + name + ": unknown MPI family (the families are "
                        + Arrays.stream(values()).map(Family::id).collect(Collectors.joining(", ")) + ")."));
    }

    private static String names(boolean sources) {
        return Arrays.stream(values()).filter(f -> sources ? f.compiler != null : f.target).map(Family::id)
                .collect(Collectors.joining(", "));
    }
}
