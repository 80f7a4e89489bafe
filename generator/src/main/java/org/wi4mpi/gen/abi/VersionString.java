package org.wi4mpi.gen.abi;

import java.nio.file.Path;
import java.util.Map;
import org.wi4mpi.gen.clang.Evaluation;

/** The implementation's name and version, from the version macros its header defines. */
final class VersionString {

    private VersionString() {}

    static String of(Map<String, Evaluation> macros, Path header) {
        if (macros.get("OMPI_MAJOR_VERSION") instanceof Evaluation.IntValue(long major)
                && macros.get("OMPI_MINOR_VERSION") instanceof Evaluation.IntValue(long minor)
                && macros.get("OMPI_RELEASE_VERSION") instanceof Evaluation.IntValue(long release)) {
            return "Open MPI " + major + "." + minor + "." + release;
        }
        if (macros.get("MPICH_VERSION") instanceof Evaluation.StringValue(String version)) {
            return "MPICH " + version;
        }
        if (macros.get("MPI_VERSION") instanceof Evaluation.IntValue(long version)
                && macros.get("MPI_SUBVERSION") instanceof Evaluation.IntValue(long subversion)) {
            return "MPI " + version + "." + subversion;
        }
        throw new ProbeException(header + " defines no version macro (OMPI_MAJOR_VERSION, MPICH_VERSION "
                + "or MPI_VERSION).");
    }
}
