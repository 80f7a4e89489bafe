package org.wi4mpi.gen.render;

import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Renders the FreeMarker templates of templates/ for each pair. Files are built in memory and written
 * only when their content changed, so that the native build recompiles only what a change touched.
 */
public final class Renderer {

    /** Per-pair outputs: template name → file name. */
    static final Map<String, String> PAIR_FILES = Map.of(
            "wi_abi.h.ftl", "wi_abi.h",
            "wi_convert.h.ftl", "wi_convert.h",
            "wi_r_functions.h.ftl", "wi_r_functions.h",
            "wi_constants.c.ftl", "wi_constants.c",
            "wi_chooser.S.ftl", "wi_chooser.S",
            "wi_functions.c.ftl", "wi_functions.c",
            "wi_loader.c.ftl", "wi_loader.c",
            "wi_objects.c.ftl", "wi_objects.c",
            "wi_fortran.c.ftl", "wi_fortran.c");

    private final Configuration config;

    public Renderer(Path templates) throws IOException {
        config = new Configuration(Configuration.VERSION_2_3_33);
        config.setDirectoryForTemplateLoading(templates.toFile());
        config.setDefaultEncoding("UTF-8");
        config.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        config.setLogTemplateExceptions(false);
        config.setWrapUncheckedExceptions(true);
        config.setFallbackOnNullLoopVariable(false);
    }

    /** Renders every per-pair file into out/<from>_<to>/; returns the files written or unchanged. */
    public List<Path> renderPair(PairModel pair, Path out) throws IOException, TemplateException {
        return renderPair(pair, FortranModel.none(), out);
    }

    /** The same, with the pair's Fortran layer (wi_fortran.c). */
    public List<Path> renderPair(PairModel pair, FortranModel fortran, Path out) throws IOException, TemplateException {
        Path dir = out.resolve(pair.id());
        Files.createDirectories(dir);
        List<Path> files = new java.util.ArrayList<>();
        for (var e : new java.util.TreeMap<>(PAIR_FILES).entrySet()) {
            Path file = dir.resolve(e.getValue());
            writeIfChanged(file, render(e.getKey(), Map.of("pair", pair, "fortran", fortran)));
            files.add(file);
        }
        return files;
    }

    /** Renders a template that takes the whole build (all pairs) as its model. */
    public void renderBuild(String template, Map<String, Object> model, Path file) throws IOException, TemplateException {
        writeIfChanged(file, render(template, model));
    }

    String render(String template, Map<String, Object> model) throws IOException, TemplateException {
        Template t = config.getTemplate(template);
        StringWriter w = new StringWriter();
        t.process(model, w);
        return collapseBlankLines(w.toString());
    }

    /** Readable output: no runs of blank lines left by template directives. */
    static String collapseBlankLines(String text) {
        return text.replaceAll("\n[ \t]*(\n[ \t]*)+\n", "\n\n");
    }

    static void writeIfChanged(Path file, String content) throws IOException {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        try {
            if (Files.exists(file) && java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
                return;
            }
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
