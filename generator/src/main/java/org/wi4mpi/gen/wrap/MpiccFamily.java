package org.wi4mpi.gen.wrap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The family of the mpicc found in PATH, wrap's default ABI (wrap.py read the mpi.h of that mpicc):
 * Open MPI's wrapper answers -showme:version with "Open MPI", wi4mpi's interface-mode wrapper with
 * "wi4mpi interface mode" (the standard ABI), MPICH's -show prints a command linking an MPICH library
 * and its -v starts with "mpicc for MPICH".
 */
public final class MpiccFamily {

    private static final long TIMEOUT_SECONDS = 20;

    private MpiccFamily() {}

    /** The first executable mpicc of a PATH value, if any. */
    public static Optional<Path> find(String pathVariable) {
        return find("mpicc", pathVariable);
    }

    /** A compiler wrapper by name: a path if it holds a '/', else the first executable of that name in PATH. */
    public static Optional<Path> find(String name, String pathVariable) {
        if (name.contains("/")) {
            Path p = Path.of(name);
            return Files.isRegularFile(p) && Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
        }
        if (pathVariable == null) {
            return Optional.empty();
        }
        for (String dir : pathVariable.split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** openmpi, mpich or standard, or empty when the wrapper's answers name none of them. */
    public static Optional<String> of(Path mpicc) {
        String version = answer(mpicc, "-showme:version");
        if (version.contains("Open MPI")) {
            return Optional.of("openmpi");
        }
        if (version.contains("wi4mpi interface mode")) {
            return Optional.of("standard");
        }
        String show = answer(mpicc, "-show").toLowerCase(Locale.ROOT);
        if (show.contains("mpich")) {
            return Optional.of("mpich");
        }
        if (show.contains("-lmpi_abi")) {
            return Optional.of("standard");
        }
        if (show.contains("openmpi") || show.contains("open-mpi")) {
            return Optional.of("openmpi");
        }
        if (answer(mpicc, "-v").contains("MPICH")) {
            return Optional.of("mpich");
        }
        return Optional.empty();
    }

    /** What the wrapper prints (output and errors) for one option; "" if it cannot be run or does not end. */
    private static String answer(Path mpicc, String option) {
        List<String> command = new ArrayList<>(List.of(mpicc.toString(), option));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            byte[] bytes = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
