package org.wi4mpi.gen.abi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One MPI whose committed descriptor can be checked by probing it: a probe.json family, or another
 * installation of a version that shares a family's descriptor (Debian 13's packaged Open MPI 5.0.7
 * shares openmpi5.json, probed from wi4mpi-build-mpi's build).
 *
 * @param name       what it is, as the test output names it (a probe.json family: its name)
 * @param family     the descriptor it must give, dictionaries/abi/&lt;family&gt;.json
 * @param config     where its header and libraries are
 * @param obtainedBy how a machine gets it, for the reason given when it is absent
 * @param shared     true when the descriptor was probed from another installation: the descriptors
 *                   must then be equal but for the header path they record
 */
record MpiInstallation(String name, String family, ProbeConfig.Family config, String obtainedBy, boolean shared) {

    /** Where bin/wi4mpi-fetch-mpi debian13-openmpi-5.0.7 unpacks Debian 13's packages (as probe.json's paths, the default cache). */
    static final Path DEBIAN13_OPENMPI = Path.of("/root/.cache/wi4mpi/mpi/debian13-openmpi-5.0.7");

    /** Every probe.json family, then Debian 13's Open MPI 5.0.7 with the openmpi5 family's sonames and marker. */
    static List<MpiInstallation> all(ProbeConfig probeConfig) {
        List<MpiInstallation> all = new ArrayList<>();
        probeConfig.families().forEach((family, config) -> all.add(new MpiInstallation(
                family, family, config,
                config.builtBy() != null ? config.builtBy() : "bin/wi4mpi-setup-debian installs it", false)));
        ProbeConfig.Family openmpi5 = probeConfig.families().get("openmpi5");
        if (openmpi5 != null) {
            Path include = DEBIAN13_OPENMPI.resolve("usr/lib/x86_64-linux-gnu/openmpi/include");
            Path lib = DEBIAN13_OPENMPI.resolve("usr/lib/x86_64-linux-gnu");
            ProbeConfig.Family debian = new ProbeConfig.Family(include.resolve("mpi.h").toString(),
                    List.of(include.toString()), lib.resolve("libmpi.so.40").toString(),
                    lib.resolve("libmpi_mpifh.so.40").toString(), openmpi5.fake(), openmpi5.support(),
                    openmpi5.marker(), openmpi5.removedHandles(), "bin/wi4mpi-fetch-mpi debian13-openmpi-5.0.7");
            all.add(new MpiInstallation("Debian 13's Open MPI 5.0.7 packages", "openmpi5", debian,
                    debian.builtBy(), true));
        }
        return all;
    }

    /** Why it cannot be probed here (the first of its files that is absent), or empty when it can. */
    Optional<String> absence() {
        for (String file : List.of(config.header(), config.cLibrary(), config.fortranLibrary())) {
            if (!Files.isRegularFile(Path.of(file))) {
                return Optional.of(file + " is absent (" + obtainedBy + ")");
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return name;
    }
}
