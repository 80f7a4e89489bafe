package org.wi4mpi.gen.wrap;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranForm;

/**
 * The Fortran bindings of {@code wrap -f} for other generators (the tracing tools): for a function,
 * the C of a static delegate converting the Fortran arguments and calling the C {@code MPI_X}, and of
 * its symbols, in the given style. One instance writes one C file, in order: the helpers a delegate
 * needs are written once, before the first that needs them.
 */
public final class FortranBindings {

    /** Fortran forms whose conversion the bindings do not know (passed as C would be): left out. */
    private static final Set<FortranForm> UNCONVERTED = Set.of(FortranForm.ARGV, FortranForm.ARGVS,
            FortranForm.STRINGS, FortranForm.ATTRIBUTE, FortranForm.INTEGER_ATTRIBUTE, FortranForm.EXTRA_STATE,
            FortranForm.INTEGER_EXTRA_STATE, FortranForm.REFERENCE_EXTRA_STATE);

    private final FortranConversions conversions;
    private final FortranWrapperWriter writer;

    public FortranBindings(AbiDescriptor abi, Dictionaries dictionaries, FortranStyle style) {
        this.conversions = new FortranConversions(dictionaries, abi);
        this.writer = new FortranWrapperWriter(conversions, style);
    }

    /**
     * Whether every argument of {@code f} converts exactly: the dictionaries describe it, and no
     * argument is a callback, an attribute value, extra state or an array of strings (their Fortran
     * forms need what only an MPI's own Fortran layer has).
     */
    public boolean convertsExactly(WrapFunction f) {
        List<WrapParam> params = f.namedParams();
        for (int i = 0; i < params.size(); i++) {
            Optional<ArgSpec> spec = conversions.spec(f, i);
            if (spec.isEmpty() || conversions.callback(spec.get())
                    || UNCONVERTED.stream().anyMatch(form -> spec.get().fortran().is(form))) {
                return false;
            }
        }
        return f.params().stream().noneMatch(WrapParam::variadic);
    }

    /** The helpers {@code f}'s delegate needs (first use only), the delegate and its symbols. */
    public String write(WrapFunction f) {
        StringBuilder out = new StringBuilder();
        writer.write(out, f);
        return out.toString();
    }

    /** The handle conversion functions the bindings call (MPI_Comm_f2c, ...). */
    public List<String> conversionFunctions() {
        return conversions.functions();
    }

    /** The C type of a Fortran INTEGER in the family's mpi.h. */
    public static String fortranInteger(AbiDescriptor abi) {
        return FortranConversions.fortranInteger(abi);
    }
}
