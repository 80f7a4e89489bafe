package org.wi4mpi.gen.wrap;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.LengthExpression;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

/**
 * What the Fortran bindings convert, from the dictionaries: the handle types and their Fortran
 * conversion functions (mappers.json's handle and status roles with c2f), and for arrays of handles
 * their length (functions.json). The family's ABI descriptor says how its conversions are spelled:
 * MPI_X_f2c/MPI_X_c2f (Open MPI, MPICH) or the standard ABI's MPI_X_fromint/MPI_X_toint.
 */
final class FortranConversions {

    /** A convertible type: MPI_Comm with prefix MPI_Comm, MPI_Datatype with MPI_Type, MPI_Status. */
    record Handle(String type, String prefix, boolean status) {}

    private final Map<String, Handle> handles = new HashMap<>();
    private final Dictionaries dictionaries;
    private final boolean fromInt;
    private final String fortranInteger;
    private final boolean statusConverted;

    FortranConversions(Dictionaries dictionaries, AbiDescriptor abi) {
        this.dictionaries = dictionaries;
        this.fromInt = abi.functions().containsKey("MPI_Comm_fromint");
        this.fortranInteger = fortranInteger(abi);
        this.statusConverted = abi.functions().containsKey("MPI_Status_f2c");
        for (MapperSpec m : dictionaries.mappers().values()) {
            if (m.kind() == MapperKind.HANDLE && m.c2f() != null) {
                handles.putIfAbsent(m.type(), new Handle(m.type(), "MPI_" + m.c2f(), false));
            } else if (m.kind() == MapperKind.STATUS && m.c2f() != null && statusConverted) {
                handles.putIfAbsent("MPI_Status", new Handle("MPI_Status", "MPI_" + m.c2f(), true));
            }
        }
    }

    /** The C type of a Fortran INTEGER: MPI_Fint, or int where the ABI has no MPI_Fint (the standard ABI). */
    static String fortranInteger(AbiDescriptor abi) {
        return abi.types().containsKey("MPI_Fint") || !abi.functions().containsKey("MPI_Comm_fromint") ? "MPI_Fint" : "int";
    }

    String fortranInteger() {
        return fortranInteger;
    }

    /** The handle a parameter's type names (const and pointers aside), if it is converted. */
    Optional<Handle> handle(WrapParam p) {
        return Optional.ofNullable(handles.get(p.baseType().replace("const ", "").strip()));
    }

    /** C from Fortran: {@code MPI_Comm_f2c(x)} or {@code MPI_Comm_fromint(x)}. */
    String toC(Handle h, String fortran) {
        return h.prefix() + (fromInt ? "_fromint(" : "_f2c(") + fortran + ")";
    }

    /** Fortran from C: {@code MPI_Comm_c2f(x)} or {@code MPI_Comm_toint(x)}. */
    String toFortran(Handle h, String c) {
        return h.prefix() + (fromInt ? "_toint(" : "_c2f(") + c + ")";
    }

    /** The dictionary entry of a parameter, matched by position (families name parameters differently). */
    Optional<ArgSpec> spec(WrapFunction f, int position) {
        List<ArgSpec> args = specs(f);
        return position < args.size() ? Optional.of(args.get(position)) : Optional.empty();
    }

    private List<ArgSpec> specs(WrapFunction f) {
        if (!dictionaries.hasFunction(f.name())) {
            return List.of();
        }
        FunctionSpec spec = dictionaries.function(f.name());
        if (spec.sameAs() != null && dictionaries.hasFunction(spec.sameAs())) {
            spec = dictionaries.function(spec.sameAs());
        }
        List<ArgSpec> args = spec.args() == null ? List.of() : spec.args();
        return args.size() == f.namedParams().size() ? args : List.of();
    }

    /**
     * The C expression of an array's length inside a Fortran binding, whose parameters are the
     * function's, as pointers to Fortran integers; empty when the dictionary gives no length the
     * binding can compute.
     */
    Optional<String> length(WrapFunction f, ArgSpec array) {
        LengthExpression e = array.lengthExpression();
        if (e == null) {
            return Optional.empty();
        }
        return switch (e.form()) {
            case ARGUMENT, DEREFERENCED_ARGUMENT -> param(f, e.argument()).map(p -> "*" + p.name());
            case FIXED -> Optional.of(Integer.toString(e.fixed()));
            case COMM_SIZE, COMM_REMOTE_SIZE, COMM_PEERS, COMM_INDEGREE, COMM_OUTDEGREE -> param(f, e.argument())
                    .filter(p -> !p.byAddress())
                    .map(p -> FortranHelpers.COMM_LENGTH + "(" + toC(handles.get("MPI_Comm"), "*" + p.name()) + ", "
                            + FortranHelpers.commLengthKind(e.form()) + ")");
            default -> Optional.empty();
        };
    }

    /** The MPI_MAX_* constant sizing an output string of a string_out role (MPI_MAX_PROCESSOR_NAME, ...). */
    Optional<String> stringMax(ArgSpec spec) {
        MapperSpec m = dictionaries.mappers().get(spec.role());
        return m != null && m.kind() == MapperKind.STRING_OUT ? Optional.ofNullable(m.max()) : Optional.empty();
    }

    /** Whether the argument's role takes sentinel addresses (a buffer that may be MPI_IN_PLACE or MPI_BOTTOM). */
    boolean recognisesSentinels(ArgSpec spec) {
        MapperSpec m = dictionaries.mappers().get(spec.role());
        return m != null && m.kind() == MapperKind.POINTER_CONSTANTS;
    }

    /** Whether the argument's role is a user function the MPI calls back. */
    boolean callback(ArgSpec spec) {
        MapperSpec m = dictionaries.mappers().get(spec.role());
        return m != null && m.kind() == MapperKind.CALLBACK;
    }

    /** The conversion functions the bindings may call: MPI_Comm_f2c, MPI_Comm_c2f, ... (or _fromint, _toint). */
    List<String> functions() {
        return handles.values().stream().map(Handle::prefix).distinct().sorted()
                .flatMap(p -> fromInt ? Stream.of(p + "_fromint", p + "_toint") : Stream.of(p + "_f2c", p + "_c2f"))
                .toList();
    }

    /** Whether the length is only known once the call has returned (Waitsome's *outcount statuses). */
    static boolean knownAfterCall(ArgSpec array) {
        LengthExpression e = array.lengthExpression();
        return e != null && e.form() == LengthExpression.Form.DEREFERENCED_ARGUMENT;
    }

    /** The function's parameter at the position the dictionary gives the argument of that name. */
    private Optional<WrapParam> param(WrapFunction f, String dictionaryName) {
        List<ArgSpec> args = specs(f);
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).name().equals(dictionaryName)) {
                return Optional.of(f.namedParams().get(i));
            }
        }
        return Optional.empty();
    }
}
