package org.wi4mpi.gen.cli;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.ProbeException;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.DictionaryException;
import org.wi4mpi.gen.difftest.DriverModel;
import org.wi4mpi.gen.difftest.DriverModelBuilder;
import org.wi4mpi.gen.difftest.EdgeTable;
import org.wi4mpi.gen.difftest.EdgeTableException;
import org.wi4mpi.gen.render.Renderer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** Writes the differential tester's C driver of one family (tests/differential, docs/differential.md). */
@Command(name = "difftest", mixinStandardHelpOptions = true,
        description = "Generate the differential tester's driver: every function of a family's func_list called "
                + "with the edge values of its arguments' roles, every output logged normalised by role.")
public final class DifftestCommand implements Callable<Integer> {

    @Option(names = "--family", required = true, description = "openmpi, mpich or standard.")
    String family;

    @Mixin
    SourceOptions sources;

    @Option(names = "--edges", defaultValue = "tests/differential/edges.json",
            description = "The role -> edge values table (default: ${DEFAULT-VALUE}).")
    Path edges;

    @Option(names = "--functions", split = ",", description = "Only these functions (comma-separated).")
    List<String> functions = new ArrayList<>();

    @Option(names = {"-o", "--out"}, required = true, description = "Output directory: difftest_<family>.c goes there.")
    Path out;

    @Override
    public Integer call() throws Exception {
        Path descriptor = sources.dictionaries.resolve("abi").resolve(family + ".json");
        if (!Files.isRegularFile(descriptor)) {
            System.err.println("wi4mpi-gen: there is no ABI descriptor " + descriptor + " for the family '" + family + "'.");
            return 2;
        }
        DriverModel model;
        try {
            Dictionaries dict = Dictionaries.load(sources.dictionaries);
            AbiDescriptor abi = AbiDescriptor.read(descriptor);
            EdgeTable table = EdgeTable.load(edges);
            Set<String> only = new LinkedHashSet<>(functions);
            for (String f : only) {
                if (!dict.funcList(family).contains(f)) {
                    System.err.println("wi4mpi-gen: --functions " + f + " is not in func_list_" + family + ".txt.");
                    return 2;
                }
            }
            model = new DriverModelBuilder(dict, abi, table, removedHandles(family)).build(only);
        } catch (DictionaryException | ProbeException | EdgeTableException | IllegalArgumentException e) {
            System.err.println("wi4mpi-gen: " + e.getMessage());
            return 2;
        }
        try {
            new Renderer(sources.templates).renderBuild("difftest/driver.c.ftl", Map.of("d", model),
                    out.resolve("difftest_" + family + ".c"));
        } catch (freemarker.template.TemplateException e) {
            System.err.println("wi4mpi-gen: template error: " + e.getMessageWithoutStackTop());
            return 3;
        }
        return 0;
    }

    /** probe.json's removed_handles of the family: recorded in the descriptor, not defined by its mpi.h. */
    private Set<String> removedHandles(String family) throws java.io.IOException {
        Path probe = sources.dictionaries.resolve("abi").resolve("probe.json");
        Set<String> names = new LinkedHashSet<>();
        if (Files.isRegularFile(probe)) {
            var root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(probe.toFile());
            root.path("families").path(family).path("removed_handles").fieldNames().forEachRemaining(names::add);
        }
        return names;
    }
}
