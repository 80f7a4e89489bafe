package org.wi4mpi.gen.cli;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.abi.ProbeException;
import org.wi4mpi.gen.dict.AbiCheck;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.DictionaryException;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.dict.InterfaceDictionary;
import org.wi4mpi.gen.render.FortranModelBuilder;
import org.wi4mpi.gen.render.InterfaceOutputs;
import org.wi4mpi.gen.render.PairModel;
import org.wi4mpi.gen.render.PairModelBuilder;
import org.wi4mpi.gen.render.Renderer;
import org.wi4mpi.gen.tracetool.TraceToolException;
import org.wi4mpi.gen.tracetool.TraceToolOutputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** Renders the sources of every translation library (one directory per pair) and native/'s pair list. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Generate the C sources of the translation libraries from the dictionaries.")
public final class GenerateCommand implements Callable<Integer> {

    /**
     * The implementation families, each translated from and to every other. openmpi5 is Open MPI 5.0,
     * the same sonames as openmpi (4.1) but another ABI (docs/openmpi5.md): its descriptor is committed,
     * so its pairs are generated and compiled everywhere; running them needs its build.
     */
    static final List<String> FAMILIES = List.of("openmpi", "mpich", "openmpi5");

    /** Application-only family (interface mode, docs/interface.md): built when its descriptor exists. */
    static final String STANDARD = "standard";

    @Mixin
    SourceOptions sources;

    @Option(names = {"-o", "--out"}, defaultValue = "target/generated",
            description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--pair", paramLabel = "FROM:TO",
            description = "Only this pair (repeatable); default: every pair of openmpi, mpich and openmpi5, and standard to each.")
    List<String> pairs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(sources.templates)) {
            System.err.println("wi4mpi-gen: template directory " + sources.templates + " does not exist.");
            return 2;
        }
        Dictionaries dict;
        FortranDictionary fortran;
        InterfaceDictionary spellings = null;
        List<AbiDescriptor> implementations;
        Map<String, AbiDescriptor> abis = new LinkedHashMap<>();
        try {
            dict = Dictionaries.load(sources.dictionaries);
            fortran = FortranDictionary.load(sources.dictionaries.resolve("fortran.json"));
            for (String family : FAMILIES) {
                Path file = sources.dictionaries.resolve("abi").resolve(family + ".json");
                if (!Files.isRegularFile(file)) {
                    System.err.println("wi4mpi-gen: ABI descriptor " + file + " is missing; run 'wi4mpi-gen probe'.");
                    return 2;
                }
                abis.put(family, AbiDescriptor.read(file));
            }
            implementations = List.copyOf(abis.values());
            Path standardFile = sources.dictionaries.resolve("abi").resolve(STANDARD + ".json");
            if (Files.isRegularFile(standardFile)) {
                abis.put(STANDARD, AbiDescriptor.read(standardFile));
                spellings = InterfaceDictionary.load(sources.dictionaries.resolve(InterfaceDictionary.FILE));
            }
            AbiCheck.verify(dict, implementations,
                    abis.containsKey(STANDARD) ? List.of(abis.get(STANDARD)) : List.of());
        } catch (DictionaryException | ProbeException e) {
            System.err.println("wi4mpi-gen: " + e.getMessage());
            return 2;
        }
        List<String[]> selected = new ArrayList<>();
        if (pairs.isEmpty()) {
            for (String f : FAMILIES) for (String t : FAMILIES) selected.add(new String[] {f, t});
            if (abis.containsKey(STANDARD)) {
                for (String t : FAMILIES) selected.add(new String[] {STANDARD, t});
            }
        } else {
            for (String p : pairs) {
                String[] ft = p.split(":");
                if (ft.length != 2 || !abis.containsKey(ft[0]) || !FAMILIES.contains(ft[1])) {
                    System.err.println("wi4mpi-gen: --pair " + p + " is not FROM:TO with FROM among " + abis.keySet()
                            + " and TO among " + FAMILIES + ".");
                    return 2;
                }
                selected.add(ft);
            }
        }
        // The DUMPI tracing tool of each application family (docs/tracing.md), built before anything
        // is written so that a DUMPI field without a source leaves no output behind.
        List<TraceToolOutputs.Family> traceTools;
        try {
            traceTools = TraceToolOutputs.build(abis, dict, fortran, out);
        } catch (TraceToolException e) {
            System.err.println("wi4mpi-gen: " + e.getMessage());
            return 2;
        }
        Renderer renderer = new Renderer(sources.templates);
        List<PairModel> models = new ArrayList<>();
        try {
            for (String[] ft : selected) {
                PairModel model = new PairModelBuilder(abis.get(ft[0]), abis.get(ft[1]), dict).build();
                renderer.renderPair(model,
                        new FortranModelBuilder(abis.get(ft[0]), dict, fortran, model).build(), out);
                models.add(model);
            }
            renderer.renderBuild("pairs.cmake.ftl",
                    Map.of("pairs", models, "families", implementations), out.resolve("pairs.cmake"));
            // The launcher's knowledge of each family (etc/families.cfg once installed).
            renderer.renderBuild("families.cfg.ftl", Map.of("families", List.copyOf(abis.values())),
                    out.resolve("families.cfg"));
            if (abis.containsKey(STANDARD)) {
                InterfaceOutputs.render(renderer, abis.get(STANDARD), fortran, spellings, out);
            }
            TraceToolOutputs.render(renderer, traceTools, out);
        } catch (IllegalStateException e) {
            System.err.println("wi4mpi-gen: " + e.getMessage());
            return 2;
        } catch (freemarker.template.TemplateException e) {
            // The template's name, line and column, and the expression that failed.
            System.err.println("wi4mpi-gen: template error: " + e.getMessageWithoutStackTop());
            return 3;
        }
        return 0;
    }
}
