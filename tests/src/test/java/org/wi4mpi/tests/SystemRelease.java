package org.wi4mpi.tests;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The MPI release behind a family's compiler wrapper on this machine, asked once per run:
 * {@code mpicc.openmpi --showme:version} ("mpicc: Open MPI 5.0.7 (Language: C)") and {@code mpichversion}
 * or {@code mpicc.mpich -v} ("MPICH Version: 4.0.2").
 */
final class SystemRelease {

    private static final Map<MpiFamily, String> CACHE = new EnumMap<>(MpiFamily.class);
    private static final Pattern OPEN_MPI = Pattern.compile("Open MPI (\\d+\\.\\d+\\.\\d+)");
    private static final Pattern MPICH = Pattern.compile("MPICH [Vv]ersion:?\\s+(\\d+\\.\\d+(\\.\\d+)?)");

    private SystemRelease() {}

    static synchronized String of(MpiFamily family) {
        if (!CACHE.containsKey(family))
            CACHE.put(family, ask(family));
        return CACHE.get(family);
    }

    private static String ask(MpiFamily family) {
        List<String> command = family == MpiFamily.OPENMPI
                ? List.of(family.compiler(), "--showme:version")
                : List.of(family.compiler(), "-v");
        ProcessResult r;
        try {
            r = ProcessRunner.run(command, java.nio.file.Path.of("."), Map.of(), Duration.ofSeconds(30));
        } catch (RuntimeException e) {
            return null; // not installed: the command cannot start
        }
        String text = r.stdout() + r.stderr();
        Matcher m = (family == MpiFamily.OPENMPI ? OPEN_MPI : MPICH).matcher(text);
        if (!m.find())
            return null;
        return (family == MpiFamily.OPENMPI ? "Open MPI " : "MPICH ") + m.group(1);
    }
}
