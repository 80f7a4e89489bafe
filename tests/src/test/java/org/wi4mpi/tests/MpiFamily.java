package org.wi4mpi.tests;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An MPI ABI family as installed on the test machine: its compiler wrapper and its launcher, Debian's
 * {@code .openmpi} and {@code .mpich} alternatives. Which release those are is the machine's: where the
 * system Open MPI is 5 (Debian 13), the {@code openmpi} family (4.1) is not installed
 * ({@link #installed()}), and Open MPI 5 is tested as the {@code openmpi5} family (tests/.../openmpi5).
 */
public enum MpiFamily {
    OPENMPI("openmpi", "mpicc.openmpi", "mpirun.openmpi", List.of("--oversubscribe"), "Open MPI 4."),
    // Hydra binds ranks to cores by default; with more ranks than cores busy-polling ranks then share one.
    MPICH("mpich", "mpicc.mpich", "mpirun.mpich", List.of("-bind-to", "none"), "MPICH ");

    private final String id;
    private final String compiler;
    private final String launcher;
    private final List<String> launcherOptions;
    private final String releasePrefix;

    MpiFamily(String id, String compiler, String launcher, List<String> launcherOptions, String releasePrefix) {
        this.id = id;
        this.compiler = compiler;
        this.launcher = launcher;
        this.launcherOptions = launcherOptions;
        this.releasePrefix = releasePrefix;
    }

    /** What the family's compiler wrapper says it is, e.g. "Open MPI 4.1.4", "MPICH 4.0.2"; null when absent. */
    public String release() {
        return SystemRelease.of(this);
    }

    /**
     * Whether this machine's {@link #compiler()} is a release of this family: the openmpi family's
     * descriptor is Open MPI 4.1's, so mpicc.openmpi of Open MPI 5 (Debian 13) is not it.
     */
    public boolean installed() {
        String release = release();
        return release != null && release.startsWith(releasePrefix);
    }

    /** Why the family is not installed, or null when it is. */
    public String absence() {
        if (installed())
            return null;
        String release = release();
        return release == null ? compiler + " is not installed"
                : compiler + " is " + release + ", not a release of the " + id + " family (" + releasePrefix.strip() + "x)";
    }

    /**
     * The launcher's name for this machine's MPI of this kind, for tests that only need "the system Open
     * MPI" as a target (interface mode): openmpi where it is 4.1, openmpi5 where the system Open MPI is 5
     * (Debian 13); null when there is none.
     */
    public String systemTarget() {
        if (installed())
            return id;
        String release = release();
        return this == OPENMPI && release != null && release.startsWith("Open MPI 5.") ? "openmpi5" : null;
    }

    /** The family whose launcher options a {@link #systemTarget()} takes: openmpi5's mpirun takes Open MPI's. */
    public static MpiFamily ofTarget(String target) {
        return fromId(target.equals("openmpi5") ? "openmpi" : target);
    }

    /** Skips the calling test, saying why, where this family is not installed (Debian 13: no Open MPI 4). */
    public void assumeInstalled() {
        org.junit.jupiter.api.Assumptions.assumeTrue(installed(), this::absence);
    }

    /** Skips the calling test where a family named by id (openmpi, mpich) is not installed. */
    public static void assumeInstalled(String... ids) {
        for (String id : ids)
            if (!installed(id))
                fromId(id).assumeInstalled();
    }

    /**
     * Whether the MPI a launcher name stands for is on this machine: a family by {@link #installed()};
     * standard (wi4mpi's own ABI) and openmpi5 (told apart by its own tests) are not families here.
     */
    public static boolean installed(String id) {
        return id.equals("standard") || id.equals("openmpi5") || fromId(id).installed();
    }

    /** The installed families, in declaration order. */
    public static List<MpiFamily> installedValues() {
        return Arrays.stream(values()).filter(MpiFamily::installed).toList();
    }

    /** The name the wi4mpi launcher and the configuration use: {@code openmpi}, {@code mpich}. */
    public String id() {
        return id;
    }

    public String compiler() {
        return compiler;
    }

    /** The Fortran compiler wrapper: mpifort.openmpi, mpifort.mpich. */
    public String fortranCompiler() {
        return compiler.replace("mpicc", "mpifort");
    }

    /** The C++ compiler wrapper: mpicxx.openmpi, mpicxx.mpich. */
    public String cxxCompiler() {
        return compiler.replace("mpicc", "mpicxx");
    }

    /** The wrapper that builds the program: by its language. */
    public String compilerFor(MpiTestProgram program) {
        return program.fortran() ? fortranCompiler() : program.cxx() ? cxxCompiler() : compiler;
    }

    public String launcher() {
        return launcher;
    }

    /** Options this family's mpirun needs to run up to 4 ranks on a 2-core machine. */
    public List<String> launcherOptions() {
        return launcherOptions;
    }

    /**
     * Environment every run of a launcher needs: Open MPI refuses root without the first two, and
     * Open MPI 4.1.4's PMIx shared-memory store (gds ds21) lets a spawned child hang in PMIx_Init now
     * and then, natively too; the hash store does not (docs/launcher.md, vendor issues).
     */
    public static Map<String, String> launcherEnvironment() {
        return Map.of("OMPI_ALLOW_RUN_AS_ROOT", "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1",
                "PMIX_MCA_gds", "hash");
    }

    public static MpiFamily fromId(String id) {
        return Arrays.stream(values())
                .filter(f -> f.id.equals(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown MPI family '" + id + "', expected one of "
                        + Arrays.stream(values()).map(MpiFamily::id).collect(Collectors.joining(", "))));
    }
}
