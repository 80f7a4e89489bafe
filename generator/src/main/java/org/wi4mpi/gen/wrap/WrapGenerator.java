package org.wi4mpi.gen.wrap;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;

/**
 * Generates the output of a list of .w files for one family: the preamble, then each file parsed and
 * evaluated in turn. Everything is rendered in memory; a fault anywhere throws {@link WrapException}
 * and nothing is returned.
 */
public final class WrapGenerator {

    /** A .w file: the name messages give it, and its text. */
    public record Source(String name, String text) {}

    private final String family;
    private final WrapFunctions functions;
    private final WrapOptions options;
    private final CWrapperWriter c;
    private final FortranWrapperWriter fortran;

    public WrapGenerator(AbiDescriptor abi, Dictionaries dictionaries, WrapOptions options) {
        this.family = abi.family();
        this.functions = WrapFunctions.of(abi);
        this.options = options;
        this.c = new CWrapperWriter(options, FortranConversions.fortranInteger(abi));
        this.fortran = new FortranWrapperWriter(new FortranConversions(dictionaries, abi));
    }

    public WrapFunctions functions() {
        return functions;
    }

    public String generate(List<Source> sources) {
        StringBuilder out = new StringBuilder(c.preamble());
        Map<String, Macro> macros = new HashMap<>();
        new MacroLibrary().register(macros);
        new FunctionMacros(functions, family, options, c, fortran).register(macros);
        for (int fileno = 0; fileno < sources.size(); fileno++) {
            Source source = sources.get(fileno);
            List<Chunk> chunks = new WrapParser(source.name(), !options.skipHeaders()).parse(source.text());
            Scope outer = new Scope(null);
            outer.put("fileno", Integer.toString(fileno));
            macros.forEach(outer::put);
            Interpreter interpreter = new Interpreter(source.name());
            for (Chunk chunk : chunks) {
                interpreter.evaluate(chunk, new Scope(outer), out);
            }
        }
        return out.toString();
    }
}
