package org.wi4mpi.gen.abi;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;

/**
 * dictionaries/abi/probe.json: for each family, where its header and libraries are installed and which
 * sonames its fake libraries stand in for.
 */
public record ProbeConfig(SortedMap<String, Family> families) {

    /**
     * One family. {@code include} defaults to the header's directory; {@code fake} lists every soname an
     * application of the family may have in DT_NEEDED, including vendors' names not installed here.
     * {@code removed_handles}: predefined handles removed in MPI-3.0 that the header no longer defines
     * but whose objects the library still exports (Open MPI's MPI_LB, MPI_UB): what the other family's
     * applications still pass is then translated to them. {@code support}: the sonames of {@code fake}
     * that are the implementation's support libraries, not MPI libraries a program is built against
     * (Open MPI's libopen-pal). {@code marker}: a symbol the C library defines and no other family's
     * does. {@code built_by}: the command that builds an MPI the system does not install (Open MPI 5:
     * bin/wi4mpi-build-mpi); probing every family skips such a family while its header is absent.
     */
    public record Family(
            String header,
            List<String> include,
            @JsonProperty("c_library") String cLibrary,
            @JsonProperty("fortran_library") String fortranLibrary,
            List<String> fake,
            List<String> support,
            String marker,
            @JsonProperty("removed_handles") java.util.Map<String, RemovedHandle> removedHandles,
            @JsonProperty("built_by") String builtBy) {

        /** The sonames of fake that are MPI libraries, in fake's order. */
        public List<String> mpiSonames() {
            return fake.stream().filter(soname -> support == null || !support.contains(soname)).toList();
        }

        /** The removed handles, none when absent. */
        public java.util.Map<String, RemovedHandle> removedHandlesOrNone() {
            return removedHandles == null ? java.util.Map.of() : removedHandles;
        }

        /** Built on demand and not built here: nothing to probe. */
        public boolean absentOnDemandBuild() {
            return builtBy != null && !Files.isRegularFile(headerPath());
        }

        public Path headerPath() {
            return Path.of(header);
        }

        public List<Path> includeDirs() {
            if (include == null || include.isEmpty()) {
                Path parent = headerPath().toAbsolutePath().getParent();
                return List.of(parent);
            }
            return include.stream().map(Path::of).toList();
        }
    }

    /** A removed predefined handle: its handle type and the object the library exports for it. */
    public record RemovedHandle(String type, String symbol) {}

    public static ProbeConfig read(Path path) {
        if (!Files.isRegularFile(path)) {
            throw new ProbeException("probe configuration not found: " + path + ".");
        }
        ProbeConfig config;
        try {
            config = new ObjectMapper()
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .readValue(path.toFile(), ProbeConfig.class);
        } catch (JsonProcessingException e) {
            throw new ProbeException("probe configuration " + path + " is not valid: "
                    + e.getOriginalMessage() + ".", e);
        } catch (IOException e) {
            throw new ProbeException("cannot read probe configuration " + path + ": " + e.getMessage() + ".", e);
        }
        if (config.families() == null || config.families().isEmpty()) {
            throw new ProbeException("probe configuration " + path + " lists no families.");
        }
        config.families().forEach((name, family) -> {
            require(path, name, "header", family.header());
            require(path, name, "c_library", family.cLibrary());
            require(path, name, "fortran_library", family.fortranLibrary());
            require(path, name, "marker", family.marker());
            if (family.fake() == null || family.fake().isEmpty()) {
                throw new ProbeException("probe configuration " + path + ": family " + name
                        + " has no \"fake\" sonames.");
            }
            if (family.support() != null && !family.fake().containsAll(family.support())) {
                throw new ProbeException("probe configuration " + path + ": family " + name
                        + " has \"support\" sonames that are not among its \"fake\" ones.");
            }
        });
        return config;
    }

    private static void require(Path path, String family, String key, String value) {
        if (value == null || value.isBlank()) {
            throw new ProbeException("probe configuration " + path + ": family " + family
                    + " has no \"" + key + "\".");
        }
    }
}
