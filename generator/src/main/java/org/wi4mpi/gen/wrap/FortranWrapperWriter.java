package org.wi4mpi.gen.wrap;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.FortranForm;

/**
 * The Fortran bindings of a wrapped function (-f): a static delegate that converts the Fortran
 * arguments and calls the tool's own C wrapper MPI_X, and the four manglings a Fortran compiler may
 * call it by (MPI_X, mpi_x, mpi_x_, mpi_x__), each passing its arguments to the delegate.
 */
final class FortranWrapperWriter {

    static final String DELEGATE_SUFFIX = "_fortran_wrapper";

    /** Fortran passes these by reference with their own C type (INTEGER(KIND=MPI_ADDRESS_KIND), ...). */
    private static final Set<String> WIDE_INTEGERS = Set.of("MPI_Aint", "MPI_Count", "MPI_Offset");

    private final FortranConversions conversions;
    private final FortranStyle style;
    private final FortranStrings strings;
    private boolean commLengthWritten;
    private boolean stringsWritten;
    private boolean statusSizeWritten;

    FortranWrapperWriter(FortranConversions conversions) {
        this(conversions, FortranStyle.WRAP);
    }

    FortranWrapperWriter(FortranConversions conversions, FortranStyle style) {
        this.conversions = conversions;
        this.style = style;
        this.strings = new FortranStrings(conversions);
    }

    void write(StringBuilder out, WrapFunction f) {
        boolean init = f.name().equals("MPI_Init");
        FortranCall call = convertingCall(f);
        List<String> formals = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<WrapParam> params = f.namedParams();
        for (int i = 0; i < params.size(); i++) {
            if (!omitted(conversions.spec(f, i))) {
                formals.add(formal(params.get(i), integerAddress(conversions.spec(f, i))));
                names.add(params.get(i).name());
            }
        }
        if (f.returnsErrorCode()) {
            formals.add(conversions.fortranInteger() + " *ierr");
            names.add("ierr");
        }
        for (WrapParam p : params) {
            if (FortranStrings.isString(p)) {
                formals.add("int " + FortranStrings.lengthName(p));
                names.add(FortranStrings.lengthName(p));
            }
        }
        helpers(out, call);
        String delegate = f.name() + DELEGATE_SUFFIX;
        out.append("static ").append(prototype(f, delegate, formals)).append(" { \n");
        out.append(call.body(f.returnType(), f.name()));
        out.append(f.returnsErrorCode() ? "    *ierr = " : "    return ").append(CWrapperWriter.RETURN_VALUE)
                .append(";\n}\n\n");
        List<String> manglings = style.symbols().apply(f.name());
        for (int m = 0; m < manglings.size(); m++) {
            out.append("_EXTERN_C_ ").append(prototype(f, manglings.get(m), formals)).append(" { \n");
            if (init && style.rememberInit()) {
                out.append("    fortran_init = ").append(m + 1).append(";\n");
            }
            out.append("    ").append(f.returnsErrorCode() ? "" : "return ").append(delegate).append("(")
                    .append(String.join(", ", names)).append(");\n}\n\n");
        }
    }

    /** The arguments the Fortran binding does not have (MPI_Init's argc and argv): the delegate passes empty ones. */
    private static boolean omitted(Optional<ArgSpec> spec) {
        return spec.filter(s -> s.fortran().is(FortranForm.OMITTED)).isPresent();
    }

    /** An empty value for an omitted argument: 0, NULL, or the address of a local holding 0 or NULL. */
    private static void omittedArgument(FortranCall call, WrapParam p) {
        String local = "omitted_" + p.name();
        if (!p.byAddress()) {
            call.arguments.add("0");
        } else if (p.pointers().equals("*") && !p.baseType().contains("char")) {
            call.locals.add(p.baseType().replace("const ", "") + " " + local + " = 0;");
            call.arguments.add("&" + local);
        } else if (p.pointers().length() > 1) {
            String pointee = p.baseType().replace("const ", "") + " " + p.pointers().substring(1);
            call.locals.add(pointee + local + " = NULL;");
            call.arguments.add("&" + local);
        } else {
            call.arguments.add("NULL");
        }
    }

    private String prototype(WrapFunction f, String name, List<String> formals) {
        String returns = f.returnsErrorCode() ? "void" : f.returnType();
        return returns + " " + name + "(" + (formals.isEmpty() ? "void" : String.join(", ", formals)) + ")";
    }

    /** The MPI-1 address arguments (MPI_Address, MPI_Type_hvector, ...) that Fortran passes as default INTEGERs. */
    private static boolean integerAddress(Optional<ArgSpec> spec) {
        return spec.filter(s -> s.fortran().is(FortranForm.INTEGER_ADDRESS)).isPresent();
    }

    /** A Fortran argument arrives by reference: a pointer to the Fortran integer, to an address-sized one, to a callback. */
    private String formal(WrapParam p, boolean integerAddress) {
        String base = p.baseType().replace("const ", "").strip();
        boolean ownType = !integerAddress && (WIDE_INTEGERS.contains(base) || base.endsWith("_function"))
                || FortranStrings.isString(p);
        String type = ownType ? base : conversions.fortranInteger();
        return p.byAddress() ? p.formal(type) : type + " *" + p.name();
    }

    private FortranCall convertingCall(WrapFunction f) {
        FortranCall call = new FortranCall();
        List<WrapParam> params = f.namedParams();
        for (int i = 0; i < params.size(); i++) {
            WrapParam p = params.get(i);
            Optional<ArgSpec> spec = conversions.spec(f, i);
            Optional<FortranConversions.Handle> handle = conversions.handle(p);
            if (omitted(spec)) {
                omittedArgument(call, p);
            } else if (integerAddress(spec)) {
                integerAddress(call, f, p, spec.get());
            } else if (FortranStrings.isString(p)) {
                strings.convert(call, f, p, spec);
            } else if (!p.byAddress()) {
                call.arguments.add(handle.filter(h -> !h.status())
                        .map(h -> conversions.toC(h, "*" + p.name())).orElse("*" + p.name()));
            } else if (handle.isEmpty() && style.knowsSentinels()
                    && spec.filter(conversions::recognisesSentinels).isPresent()) {
                call.arguments.add("(" + p.castType() + ")" + style.bufferSentinels() + "(" + p.name() + ")");
            } else if (handle.isEmpty() && style.knowsSentinels() && isStatus(p)) {
                // Statuses the family passes unconverted (the standard ABI's): only the sentinels become C's.
                boolean array = spec.filter(ArgSpec::isArray).isPresent();
                call.arguments.add("(" + p.name() + " != " + (array ? style.statusesIgnore() : style.statusIgnore())
                        + " ? (" + p.castType() + ")" + p.name() + " : " + (array ? "MPI_STATUSES_IGNORE" : "MPI_STATUS_IGNORE")
                        + ")");
            } else if (handle.isEmpty()) {
                passThrough(call, p);
                spec.filter(s -> s.fortran().is(FortranForm.ONE_BASED)).ifPresent(s -> oneBased(call, f, p, s));
            } else if (spec.isPresent() && spec.get().isArray()) {
                if (!array(call, f, p, handle.get(), spec.get())) {
                    passThrough(call, p);
                }
            } else {
                // Without a dictionary entry the handle is read and written back, as wrap.py does.
                single(call, p, handle.get(), spec.map(ArgSpec::reads).orElse(true), spec.map(ArgSpec::writes).orElse(true));
            }
        }
        return call;
    }

    /** An MPI_Aint the Fortran caller holds in a default INTEGER: widened in, narrowed out. */
    private void integerAddress(FortranCall call, WrapFunction f, WrapParam p, ArgSpec spec) {
        String temp = "temp_" + p.name();
        if (!p.byAddress()) {
            call.arguments.add("(MPI_Aint) *" + p.name());
        } else if (spec.fortran().count() == null) {
            call.locals.add("MPI_Aint " + temp + " = 0;");
            call.arguments.add("&" + temp);
            call.after.add("*" + p.name() + " = (" + conversions.fortranInteger() + ") " + temp + ";");
        } else {
            ArgSpec counted = new ArgSpec(spec.name(), spec.type(), spec.role(), spec.dir(), spec.fortran().count(),
                    null, false, null, false, null);
            String n = conversions.length(f, counted).orElseThrow(() -> new IllegalStateException(
                    f.name() + "." + spec.name() + ": fortran_count names no argument"));
            call.locals.add("MPI_Aint *" + temp + " = NULL;");
            call.locals.add("int i;");
            call.before.add(temp + " = (MPI_Aint *) malloc(sizeof(MPI_Aint) * (size_t) (" + n + " > 0 ? " + n + " : 1));");
            call.before.add("for (i = 0; i < " + n + "; i++) " + temp + "[i] = (MPI_Aint) " + p.name() + "[i];");
            call.arguments.add(temp);
            call.after.add("free(" + temp + ");");
        }
    }

    private static boolean isStatus(WrapParam p) {
        return p.byAddress() && p.baseType().replace("const ", "").strip().equals("MPI_Status");
    }

    /** A pointer the C function takes as it is: Fortran's integers are C ints (or the wide integers' own types). */
    private static void passThrough(FortranCall call, WrapParam p) {
        call.arguments.add("(" + p.castType() + ")" + p.name());
    }

    /** Waitany's index and Waitsome's indices count from 1 in Fortran: incremented after the call. */
    private void oneBased(FortranCall call, WrapFunction f, WrapParam p, ArgSpec spec) {
        String count = spec.fortran().count();
        if (count == null) {
            call.after.add("if (" + CWrapperWriter.RETURN_VALUE + " == MPI_SUCCESS && *" + p.name() + " >= 0) (*"
                    + p.name() + ")++;");
            return;
        }
        ArgSpec counted = new ArgSpec(spec.name(), spec.type(), spec.role(), spec.dir(), count, null, false, null, false, null);
        conversions.length(f, counted).ifPresent(n -> {
            call.locals.add("int i;");
            call.after.add("if (" + CWrapperWriter.RETURN_VALUE + " == MPI_SUCCESS) for (i = 0; i < " + n + "; i++) "
                    + p.name() + "[i]++;");
        });
    }

    /** One handle or status by reference: a C temporary converted in before and out after the call. */
    private void single(FortranCall call, WrapParam p, FortranConversions.Handle h, boolean reads, boolean writes) {
        String temp = "temp_" + p.name();
        call.locals.add(h.type() + " " + temp + ";");
        if (h.status()) {
            String given = p.name() + " != " + style.statusIgnore();
            call.arguments.add("(" + given + " ? &" + temp + " : MPI_STATUS_IGNORE)");
            if (reads || style.statusesCopiedIn()) {
                call.before.add("if (" + given + ") " + h.prefix() + "_f2c(" + p.name() + ", &" + temp + ");");
            }
            if (writes) {
                call.after.add("if (" + given + ") " + h.prefix() + "_c2f(&" + temp + ", " + p.name() + ");");
            }
            return;
        }
        call.arguments.add("&" + temp);
        if (reads) {
            call.before.add(temp + " = " + conversions.toC(h, "*" + p.name()) + ";");
        }
        if (writes) {
            call.after.add("*" + p.name() + " = " + conversions.toFortran(h, temp) + ";");
        }
    }

    /** An array of handles or statuses: converted element by element into and out of a C array. */
    private boolean array(FortranCall call, WrapFunction f, WrapParam p, FortranConversions.Handle h, ArgSpec spec) {
        Optional<String> length = conversions.length(f, spec);
        Optional<String> allocated = FortranConversions.knownAfterCall(spec) ? boundOf(f) : length;
        if (length.isEmpty() || allocated.isEmpty()) {
            return false;
        }
        String temp = "temp_" + p.name();
        String n = length.get();
        call.usesCommLength |= n.contains(FortranHelpers.COMM_LENGTH);
        call.usesStatusSize |= h.status();
        call.locals.add(h.type() + " *" + temp + " = NULL;");
        call.locals.add("int i;");
        call.before.add(temp + " = (" + h.type() + " *) malloc(sizeof(" + h.type() + ") * (size_t) ("
                + allocated.get() + " > 0 ? " + allocated.get() + " : 1));");
        String given = h.status() ? "if (" + p.name() + " != " + style.statusesIgnore() + ") " : "";
        boolean copiedIn = h.status() && style.statusesCopiedIn() && !spec.reads();
        if (spec.reads() || copiedIn) {
            // Statuses copied in fill the whole allocation: a count known after the call is not known before it.
            String before = copiedIn ? allocated.get() : n;
            call.before.add(given + "for (i = 0; i < " + before + "; i++) " + (h.status()
                    ? h.prefix() + "_f2c(&" + p.name() + "[i * MPI_F_STATUS_SIZE], &" + temp + "[i]);"
                    : temp + "[i] = " + conversions.toC(h, p.name() + "[i]") + ";"));
        }
        call.arguments.add(h.status() ? "(" + p.name() + " != " + style.statusesIgnore() + " ? " + temp
                + " : MPI_STATUSES_IGNORE)" : temp);
        if (spec.writes()) {
            call.after.add(given + "for (i = 0; i < " + n + "; i++) " + (h.status()
                    ? h.prefix() + "_c2f(&" + temp + "[i], &" + p.name() + "[i * MPI_F_STATUS_SIZE]);"
                    : p.name() + "[i] = " + conversions.toFortran(h, temp + "[i]") + ";"));
        }
        call.after.add("free(" + temp + ");");
        return true;
    }

    /** The size of an array whose length is returned by the call: that of the function's request array. */
    private Optional<String> boundOf(WrapFunction f) {
        List<WrapParam> params = f.namedParams();
        for (int i = 0; i < params.size(); i++) {
            Optional<ArgSpec> s = conversions.spec(f, i);
            if (s.isPresent() && s.get().isArray() && !FortranConversions.knownAfterCall(s.get())) {
                Optional<String> n = conversions.length(f, s.get());
                if (n.isPresent()) {
                    return n;
                }
            }
        }
        return Optional.empty();
    }

    /** The helper functions and macros the delegate uses, written once before the first that needs them. */
    private void helpers(StringBuilder out, FortranCall call) {
        if (!commLengthWritten && call.usesCommLength) {
            out.append(FortranHelpers.COMM_LENGTH_FUNCTION);
            commLengthWritten = true;
        }
        if (!stringsWritten && call.usesStrings) {
            out.append(FortranHelpers.STRING_FUNCTIONS);
            stringsWritten = true;
        }
        if (!statusSizeWritten && call.usesStatusSize) {
            out.append(FortranHelpers.STATUS_SIZE);
            statusSizeWritten = true;
        }
    }
}
