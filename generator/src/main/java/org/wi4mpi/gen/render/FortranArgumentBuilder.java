package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.Dictionaries;
import org.wi4mpi.gen.dict.FortranArgument;
import org.wi4mpi.gen.dict.FortranDictionary;
import org.wi4mpi.gen.dict.FortranForm;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.LengthExpression;
import org.wi4mpi.gen.dict.MapperKind;
import org.wi4mpi.gen.dict.MapperSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * How each argument of one cross pair's Fortran wrappers crosses (a {@link FortranArgView}): by its
 * Fortran form where functions.json gives one, otherwise by its role's mapper kind and its C type.
 */
final class FortranArgumentBuilder {

    private final AbiDescriptor app;
    private final Dictionaries dict;
    private final FortranDictionary fortran;
    private final PairModel pair;
    private final FortranSymbols symbols;
    private final FortranDictionary.Sentinels sentinels;

    FortranArgumentBuilder(AbiDescriptor app, Dictionaries dict, FortranDictionary fortran, PairModel pair,
                           FortranSymbols symbols, FortranDictionary.Sentinels sentinels) {
        this.app = app;
        this.dict = dict;
        this.fortran = fortran;
        this.pair = pair;
        this.symbols = symbols;
        this.sentinels = sentinels;
    }

    FortranArgView argument(FunctionSpec f, ArgSpec a) throws FortranUnexpressible {
        if (!a.fortran().crossesByRole()) {
            return byForm(f, a);
        }
        String type = a.type().trim();
        String cType = CTypes.application(type);
        String name = a.name();
        boolean pointer = type.endsWith("*") || type.contains("(*)");
        ArgSpec sized = f.args().stream().filter(x -> x.fortran().is(FortranForm.RETURNED_STRING)
                && name.equals(x.fortran().count())).findFirst().orElse(null);
        if (sized != null) {
            // The length of a returned string: Fortran's excludes the NUL, C's includes it, on entry and on return.
            return FortranArgView.of(a, FortranConversion.RETURNED_LEN, FortranParameter.INT, cType).withLength(sized.name());
        }
        if (type.equals("char **")) {
            throw new FortranUnexpressible("argument " + name + " is an array of Fortran strings");
        }
        if (type.startsWith("char **") || type.contains("MPI_Fint")) {
            throw new FortranUnexpressible("argument " + name + " of type " + type + " has no Fortran form here");
        }
        MapperSpec m = dict.mappers().get(a.role());
        MapperKind kind = m.kind();
        if (kind == MapperKind.INT_CONSTANTS && type.equals("int") && namesPredefinedKeyvals(m)) {
            // Predefined keyvals may have other values in Fortran (MPICH): mapped back to C's.
            return FortranArgView.of(a, FortranConversion.KEYVAL, FortranParameter.INT, cType);
        }
        return switch (kind) {
            case CALLBACK -> callback(f, a, m, cType);
            case STRING_OUT -> FortranArgView.of(a, FortranConversion.STRING_OUT, FortranParameter.CHARACTER, cType)
                    .withMax(m.max());
            case HANDLE -> handle(a, m, cType);
            case STATUS -> {
                if (!statusIsIntegers()) {
                    throw new FortranUnexpressible("the " + app.family() + " Fortran status is not its C status");
                }
                FortranDictionary.ArgumentSentinels s = fortran.argumentSentinels();
                yield pointer(a, FortranParameter.INTEGER, cType, List.of(a.isArray() ? s.statuses() : s.status()));
            }
            case POINTER_CONSTANTS -> pointer ? pointer(a, FortranParameter.C_TYPE, cType, m.constants())
                    : value(a, cType, pointer);
            case ERROR_CODE -> a.isArray()
                    ? pointer(a, FortranParameter.C_TYPE, cType, List.of(fortran.argumentSentinels().errcodes()))
                    : value(a, cType, pointer);
            default -> {
                if (type.equals("char *")) {
                    throw new FortranUnexpressible("output string " + name + " is sized by another argument");
                }
                yield type.equals("const char *") ? FortranArgView.of(a, FortranConversion.STRING_IN, FortranParameter.CHARACTER, cType)
                        : value(a, cType, pointer);
            }
        };
    }

    /** An argument functions.json gives a Fortran form. */
    private FortranArgView byForm(FunctionSpec f, ArgSpec a) {
        String type = a.type().trim();
        String cType = CTypes.application(type);
        String name = a.name();
        FortranArgument form = a.fortran();
        boolean pointer = type.endsWith("*") || type.contains("(*)");
        FortranDictionary.ArgumentSentinels s = fortran.argumentSentinels();
        return switch (form.form()) {
            // CHARACTER*(*) arrays, converted to C string arrays; MPI_ARGV(S)_NULL recognised by address.
            case ARGV -> FortranArgView.of(a, FortranConversion.STRING_ARGV, FortranParameter.CHARACTER, cType)
                    .withSentinels(sentinels(List.of(s.argv())));
            case ARGVS -> FortranArgView.of(a, FortranConversion.STRING_ARGVS, FortranParameter.CHARACTER, cType)
                    .withSentinels(sentinels(List.of(s.argvs()))).withElements(argument(form.count()));
            case STRINGS -> FortranArgView.of(a, FortranConversion.STRING_STRINGS, FortranParameter.CHARACTER, cType)
                    .withElements(argument(form.count()));
            // C's request index counts from 0, Fortran's from 1: converted after the call.
            case ONE_BASED -> form.count() != null
                    ? FortranArgView.of(a, FortranConversion.INDICES_OUT, FortranParameter.C_TYPE, cType)
                            .withLength(form.count()).asArray()
                    : FortranArgView.of(a, FortranConversion.INDEX_OUT, FortranParameter.C_TYPE, cType);
            // MPI-1 binding: an INTEGER where C has an MPI_Aint.
            case INTEGER_ADDRESS -> form.count() != null
                    ? FortranArgView.of(a, FortranConversion.AINT_INT_ARRAY, FortranParameter.INTEGER, cType)
                            .withLength(form.count()).asArray()
                    : FortranArgView.of(a, a.dir().equals("in") ? FortranConversion.AINT_INT_IN
                            : FortranConversion.AINT_INT_OUT, FortranParameter.INTEGER, cType);
            // absent in Fortran: NULL, or 0 for a count passed by value (MPI_Info_create_env's argc)
            case OMITTED -> FortranArgView.of(a, pointer ? FortranConversion.OMITTED : FortranConversion.OMITTED_VALUE,
                    FortranParameter.NONE, cType);
            // The C call writes a temporary; the Fortran argument is left alone.
            case IGNORED_OUTPUT -> FortranArgView.of(a, FortranConversion.IGNORED_OUT, FortranParameter.ADDRESS, cType);
            case ATTRIBUTE, INTEGER_ATTRIBUTE, EXTRA_STATE, INTEGER_EXTRA_STATE, REFERENCE_EXTRA_STATE -> {
                // The Fortran value is an integer: INTEGER(KIND=MPI_ADDRESS_KIND) or the MPI-1 INTEGER.
                // By reference, the vendors hand the callbacks the application's variable itself, so its
                // address is the C extra_state (MPI_Grequest_start). A value set from Fortran is boxed:
                // C code reading it gets a pointer to the integer.
                FortranParameter value = form.form().isMpi1Integer() ? FortranParameter.INTEGER
                        : FortranParameter.ADDRESS_INTEGER;
                boolean extraState = form.is(FortranForm.EXTRA_STATE) || form.is(FortranForm.INTEGER_EXTRA_STATE);
                FortranConversion conv = form.is(FortranForm.REFERENCE_EXTRA_STATE) ? FortranConversion.ATTRIBUTE_REF
                        : !a.dir().equals("in") ? FortranConversion.ATTRIBUTE_OUT
                        : extraState ? FortranConversion.ATTRIBUTE_IN : FortranConversion.ATTRIBUTE_BOX;
                yield FortranArgView.of(a, conv, value, cType);
            }
            // The C buffer holds the Fortran length + 1 (given by the length argument); see string_len.
            case RETURNED_STRING -> FortranArgView.of(a, FortranConversion.STRING_RETURNED, FortranParameter.CHARACTER, cType)
                    .withLength(form.count());
            // The C buffer holds count + 1 bytes; copied blank-padded to the Fortran length.
            case SIZED_STRING -> FortranArgView.of(a, FortranConversion.STRING_SIZED, FortranParameter.CHARACTER, cType)
                    .withLength(form.count());
            case CHOICE -> throw new IllegalStateException("a choice buffer crosses by its role");
            case LOGICAL -> FortranArgView.of(a, type.equals("int") ? FortranConversion.LOGICAL_IN
                    : FortranConversion.LOGICAL_OUT, FortranParameter.INTEGER, cType);
        };
    }

    /** The value of an int argument, as a length. */
    private static LengthExpression argument(String name) {
        return new LengthExpression(LengthExpression.Form.ARGUMENT, name, 0);
    }

    /** Whether an int_constants role's constants are the predefined attribute keyvals. */
    private boolean namesPredefinedKeyvals(MapperSpec m) {
        FortranDictionary.Attributes at = fortran.attributes();
        return Stream.of(at.intValues(), at.aintValues(), at.addressValues()).flatMap(List::stream)
                .anyMatch(m.constants()::contains);
    }

    private FortranArgView callback(FunctionSpec f, ArgSpec a, MapperSpec m, String cType) throws FortranUnexpressible {
        if (!fortran.callbacks().contains(m.callback())) {
            throw new FortranUnexpressible("takes a callback (" + a.name() + ") whose trampoline knows no Fortran form");
        }
        // A Fortran procedure argument arrives as the procedure's address; the predefined ones
        // (our Fortran procedures, under any of their symbols) stand for the application's C constant.
        List<FortranArgView.Sentinel> predefined = new ArrayList<>();
        boolean integer = f.args().stream().anyMatch(x -> x.fortran().is(FortranForm.INTEGER_EXTRA_STATE));
        fortran.predefinedCallbacks().forEach((constant, p) -> {
            if (p.callbacks().contains(m.callback()) && p.integer() == integer && app.constants().containsKey(constant)
                    && app.constants().containsKey(p.standsFor())) {
                predefined.add(FortranArgView.Sentinel.procedure(constant, p.standsFor()));
                for (String symbol : symbols.predefined(constant, p)) {
                    predefined.add(FortranArgView.Sentinel.symbol(constant, symbol, p.standsFor()));
                }
            }
        });
        return FortranArgView.of(a, FortranConversion.CALLBACK, FortranParameter.ADDRESS, cType).withSentinels(predefined);
    }

    private FortranArgView handle(ArgSpec a, MapperSpec m, String cType) throws FortranUnexpressible {
        HandleKind kind = pair.handles().handleKinds().stream().filter(k -> k.type().equals(m.type())).findFirst().orElse(null);
        boolean tableCalls = pair.handles().fortranHandles().stream().anyMatch(k -> k.type().equals(m.type()));
        if (kind == null || !tableCalls && kind.applicationPointer()) {
            throw new FortranUnexpressible(m.type() + " handles have no Fortran form in the " + app.family() + " family");
        }
        LengthExpression elements = a.lengthExpression();
        if (elements != null && elements.form() == LengthExpression.Form.DEREFERENCED_ARGUMENT) {
            throw new FortranUnexpressible("a handle array's length (" + a.length() + ") is known only after the call");
        }
        return FortranArgView.of(a, FortranConversion.HANDLE, FortranParameter.INTEGER, cType)
                .withHandle(new FortranArgView.Handle(m.type(), kind.table(), tableCalls, kind.nullConstant()))
                .withElements(elements);
    }

    /** Passed by reference as it is, sentinel addresses replaced by the constants they stand for. */
    private FortranArgView pointer(ArgSpec a, FortranParameter parameter, String cType, List<String> constants) {
        return FortranArgView.of(a, FortranConversion.POINTER, parameter, cType).withSentinels(sentinels(constants));
    }

    /** A pointer passed on as it is, or a scalar dereferenced. */
    private static FortranArgView value(ArgSpec a, String cType, boolean pointer) {
        return pointer ? FortranArgView.of(a, FortranConversion.POINTER, FortranParameter.C_TYPE, cType)
                : FortranArgView.of(a, FortranConversion.VALUE, FortranParameter.C_REFERENCE, cType);
    }

    private List<FortranArgView.Sentinel> sentinels(List<String> constants) {
        List<FortranArgView.Sentinel> out = new ArrayList<>();
        for (String c : constants) {
            for (Map<String, FortranDictionary.Member> places : List.of(sentinels.members(), sentinels.f08Members())) {
                FortranDictionary.Member member = places.get(c);
                if (member != null) {
                    out.add(FortranArgView.Sentinel.member(c, member.block(), member.offset()));
                }
            }
        }
        return out;
    }

    /**
     * The Fortran status is the C status seen as integers: true when MPI_STATUS_SIZE integers are the
     * C status and MPI_SOURCE/MPI_TAG/MPI_ERROR index its fields (fortran.json status_layout).
     */
    private boolean statusIsIntegers() {
        Map<String, Long> f = app.fortran();
        FortranDictionary.StatusLayout layout = fortran.statusLayout();
        if (f == null || f.get(layout.size()) == null || f.get(layout.size()) * 4 != app.status().size()) {
            return false;
        }
        for (String field : layout.fields()) {
            AbiDescriptor.Field c = app.status().fields().get(field);
            if (c == null || f.get(field) == null || (f.get(field) - 1) * 4 != c.offset()) {
                return false;
            }
        }
        return true;
    }
}
