package org.wi4mpi.gen.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.AbiProbe;
import org.wi4mpi.gen.abi.ProbeConfig;
import org.wi4mpi.gen.abi.ProbeException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Extracts each family's ABI descriptor from its installed header and libraries. */
@Command(name = "probe", mixinStandardHelpOptions = true,
        description = "Extract the ABI descriptors (dictionaries/abi/<family>.json) from the installed MPI headers and libraries.")
public final class ProbeCommand extends HeaderCommand {

    @Option(names = "--family", defaultValue = "all",
            description = "Family to probe, as named in the configuration, or 'all' (default: ${DEFAULT-VALUE}).")
    String family;

    @Option(names = "--out", defaultValue = "dictionaries/abi",
            description = "Directory the descriptors are written to (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--config", defaultValue = "dictionaries/abi/probe.json",
            description = "Where each family's header and libraries are (default: ${DEFAULT-VALUE}).")
    Path config;

    @Override
    int run(PrintWriter out) {
        ProbeConfig probeConfig = ProbeConfig.read(config);
        List<String> families = selectedFamilies(probeConfig);
        AbiProbe probe = new AbiProbe(libclang());
        for (String name : families) {
            ProbeConfig.Family entry = probeConfig.families().get(name);
            if ("all".equals(family) && entry.absentOnDemandBuild()) {
                out.printf("%s: skipped, %s is absent (built by %s)%n", name, entry.header(), entry.builtBy());
                continue;
            }
            AbiDescriptor descriptor = probe.probe(name, entry);
            Path target = this.out.resolve(name + ".json");
            descriptor.write(target);
            out.printf("%s: %s, %d functions, %d constants, %d exports -> %s%n",
                    name, descriptor.version(), descriptor.functions().size(),
                    descriptor.constants().size(), descriptor.exports().size(), target);
        }
        return 0;
    }

    private List<String> selectedFamilies(ProbeConfig probeConfig) {
        if ("all".equals(family)) {
            return List.copyOf(probeConfig.families().keySet());
        }
        if (!probeConfig.families().containsKey(family)) {
            throw new ProbeException("unknown family '" + family + "' for --family; " + config + " has: "
                    + String.join(", ", probeConfig.families().keySet()) + ".");
        }
        return List.of(family);
    }
}
