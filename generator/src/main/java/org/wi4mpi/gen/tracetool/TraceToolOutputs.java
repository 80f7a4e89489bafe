package org.wi4mpi.gen.tracetool;

import freemarker.template.TemplateException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.render.Renderer;
import org.wi4mpi.gen.trace.CallLayout;

/**
 * Writes the tracing tools' sources under out/trace/: one wi_trace_tool.c (C entry points) and
 * wi_trace_fortran.c (mpif.h / use mpi entry points) per application family,
 * the label table shared by all, and trace.cmake listing the families and their mpi.h directories
 * for native/trace.cmake.
 */
public final class TraceToolOutputs {

    private TraceToolOutputs() {}

    /**
     * One family's tool sources, the directories where an mpi.h to compile them against may be (its
     * descriptor's first, then the other families': on Debian 13 the system Open MPI's is 5's) and the
     * version its descriptor was probed from ("Open MPI 4.1.4"; empty for the standard ABI, whose
     * mpi.h is ours and the only candidate).
     */
    public record Family(String name, TraceToolModel model, List<String> includeDirs, String version) {
        public String getName() { return name; }
        public List<String> getIncludeDirs() { return includeDirs; }
        public String getVersion() { return version; }
        public boolean isFortran() { return model.fortran() != null; }
    }

    /**
     * The tools of abis (family → descriptor); the standard ABI's mpi.h is the one generated under
     * out/interface/include. Fails with a TraceToolException before anything is written.
     */
    public static List<Family> build(Map<String, AbiDescriptor> abis, Dictionaries dict, FortranDictionary fortran,
                                     Path out) {
        FieldSourceTable sources = FieldSourceTable.load();
        ConstantTable constants = ConstantTable.load();
        List<Family> families = new ArrayList<>();
        for (var e : abis.entrySet()) {
            TraceToolModel model = new TraceToolBuilder(e.getValue(), dict, sources, constants, fortran).build();
            boolean standard = e.getKey().equals("standard");
            List<String> includes = new ArrayList<>();
            if (standard) {
                includes.add(out.resolve("interface").resolve("include").toAbsolutePath().toString());
            } else {
                includes.add(headerDirectory(e.getValue()));
                abis.forEach((other, abi) -> {
                    if (!other.equals("standard") && !includes.contains(headerDirectory(abi)))
                        includes.add(headerDirectory(abi));
                });
            }
            families.add(new Family(e.getKey(), model, List.copyOf(includes), standard ? "" : e.getValue().version()));
        }
        sources.requireAllUsed();
        return families;
    }

    private static String headerDirectory(AbiDescriptor abi) {
        return Path.of(abi.header()).getParent().toString();
    }

    /** Writes out/trace/: the label table, each family's wi_trace_tool.c and trace.cmake. */
    public static void render(Renderer renderer, List<Family> families, Path out) throws IOException, TemplateException {
        Path dir = out.resolve("trace");
        List<CallLayout> labels = new ArrayList<>(TraceToolBuilder.labelledFunctions().values());
        renderer.renderBuild("trace_labels.c.ftl", Map.of("labels", labels), dir.resolve("wi_trace_labels.c"));
        for (Family f : families) {
            renderer.renderBuild("trace_tool.c.ftl", Map.of("tool", f.model()),
                    dir.resolve(f.name()).resolve("wi_trace_tool.c"));
            if (f.model().fortran() != null) {
                renderer.renderBuild("trace_fortran.c.ftl", Map.of("tool", f.model()),
                        dir.resolve(f.name()).resolve("wi_trace_fortran.c"));
            }
        }
        renderer.renderBuild("trace.cmake.ftl", Map.of("families", families), dir.resolve("trace.cmake"));
    }
}
