package org.wi4mpi.gen.render;

import freemarker.template.TemplateException;
import org.wi4mpi.gen.abi.AbiDescriptor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Interface mode's own outputs, rendered once (docs/interface.md): out/interface/include/mpi.h, the
 * header programs are compiled with, and out/interface/wi_abi_stubs.c, the source of libmpi_abi.so.1.
 */
public final class InterfaceOutputs {

    public static final String DIRECTORY = "interface";

    private InterfaceOutputs() {}

    public static void render(Renderer renderer, AbiDescriptor standard, Path out) throws IOException, TemplateException {
        Map<String, Object> model = Map.of("h", InterfaceHeader.of(standard));
        Path dir = out.resolve(DIRECTORY);
        renderer.renderBuild("mpi.h.ftl", model, dir.resolve("include").resolve("mpi.h"));
        renderer.renderBuild("wi_abi_stubs.c.ftl", model, dir.resolve("wi_abi_stubs.c"));
    }
}
