package org.wi4mpi.gen.tracetool;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.render.FortranSymbols;
import org.wi4mpi.gen.wrap.FortranBindings;
import org.wi4mpi.gen.wrap.FortranStyle;
import org.wi4mpi.gen.wrap.WrapFunction;

/**
 * The Fortran entry points of a tracing tool: for every labelled function the family binds in
 * mpif.h / {@code use mpi} and whose arguments convert exactly, gen/wrap's Fortran binding (a
 * delegate converting the arguments and calling the tool's C MPI_X, which records the call), under
 * the symbols the translation exports for the family's Fortran library (FortranSymbols, without the
 * PMPI twins). Sentinels are recognised by their addresses in the family's common blocks
 * (fortran.json), as the translation's Fortran layer recognises them.
 */
final class TraceFortranBuilder {

    /** The sentinels the entry points recognise (mpif.h's; mpi_f08 has its own objects and is not covered). */
    private static final List<String> SENTINELS = List.of("MPI_STATUS_IGNORE", "MPI_STATUSES_IGNORE", "MPI_IN_PLACE",
            "MPI_BOTTOM");

    private final AbiDescriptor abi;
    private final Dictionaries dict;
    private final FortranDictionary fortran;

    TraceFortranBuilder(AbiDescriptor abi, Dictionaries dict, FortranDictionary fortran) {
        this.abi = abi;
        this.dict = dict;
        this.fortran = fortran;
    }

    /** The entry points of the {@code recorded} functions that have them; empty for a family without sentinels. */
    Optional<TraceFortranModel> build(List<WrapFunction> recorded) {
        FortranDictionary.Sentinels sentinels = fortran.sentinels().get(abi.family());
        if (sentinels == null) {
            return Optional.empty();
        }
        FortranStyle style = new FortranStyle(
                address(sentinels, "MPI_STATUS_IGNORE", fortranIntegerPointer()),
                address(sentinels, "MPI_STATUSES_IGNORE", fortranIntegerPointer()),
                "wi_tool_f_buffer", name -> FortranSymbols.withoutProfiling(name, abi.exports()), false, true);
        FortranBindings bindings = new FortranBindings(abi, dict, style);
        List<String> text = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (WrapFunction f : recorded) {
            if (!fortran.isCOnly(f.name()) && bindings.convertsExactly(f)) {
                text.add(bindings.write(f));
                names.add(f.name());
            }
        }
        String inPlace = address(sentinels, "MPI_IN_PLACE", "void *");
        String bottom = address(sentinels, "MPI_BOTTOM", "void *");
        List<String> blocks = SENTINELS.stream().map(n -> sentinels.members().get(n).block()).distinct().toList();
        return Optional.of(new TraceFortranModel(blocks, inPlace, bottom, bindings.conversionFunctions(), text, names));
    }

    private String fortranIntegerPointer() {
        return FortranBindings.fortranInteger(abi) + " *";
    }

    /** The address of a sentinel in its common block, as a C expression of the given pointer type. */
    private String address(FortranDictionary.Sentinels sentinels, String name, String type) {
        FortranDictionary.Member m = sentinels.members().get(name);
        if (m == null) {
            throw new TraceToolException("fortran.json: sentinels." + abi.family() + ".members has no " + name
                    + ", which the tracing tool's Fortran entry points recognise.");
        }
        return "((" + type + ")(" + m.block() + " + " + m.offset() + "))";
    }
}
