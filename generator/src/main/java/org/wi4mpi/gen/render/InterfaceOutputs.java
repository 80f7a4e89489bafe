package org.wi4mpi.gen.render;

import freemarker.template.TemplateException;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.dict.InterfaceDictionary;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Interface mode's own outputs, rendered once (docs/interface.md): out/interface/include/mpi.h and
 * include/mpif.h, the headers programs are compiled with; mpi_module.f90, the source of the mpi
 * module; wi_abi_stubs.c and wi_abi_fortran_stubs.c, the sources of libmpi_abi.so.1 and
 * libmpifort_abi.so.1.
 */
public final class InterfaceOutputs {

    public static final String DIRECTORY = "interface";

    private InterfaceOutputs() {}

    public static void render(Renderer renderer, AbiDescriptor standard, FortranDictionary fortran,
                              InterfaceDictionary spellings, Path out)
            throws IOException, TemplateException {
        InterfaceHeader header = InterfaceHeader.of(standard, spellings);
        InterfaceFortran fortranSide = InterfaceFortran.of(standard, fortran, spellings);
        Path dir = out.resolve(DIRECTORY);
        renderer.renderBuild("mpi.h.ftl", Map.of("h", header), dir.resolve("include").resolve("mpi.h"));
        renderer.renderBuild("wi_abi_stubs.c.ftl", Map.of("library", standard.libraries().c(),
                "exports", header.exports(), "pmpiStrong", true, "blocks", List.of()), dir.resolve("wi_abi_stubs.c"));
        renderer.renderBuild("mpif.h.ftl", Map.of("f", fortranSide), dir.resolve("include").resolve("mpif.h"));
        renderer.renderBuild("mpi_module.f90.ftl", Map.of("f", fortranSide), dir.resolve("mpi_module.f90"));
        renderer.renderBuild("wi_abi_stubs.c.ftl", Map.of("library", standard.libraries().fortran(),
                "exports", fortranSide.symbols(), "pmpiStrong", false,
                "blocks", fortranSide.blockSymbols()), dir.resolve("wi_abi_fortran_stubs.c"));
    }
}
