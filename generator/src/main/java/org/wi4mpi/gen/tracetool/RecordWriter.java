package org.wi4mpi.gen.tracetool;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.wi4mpi.gen.dict.ArgSpec;
import org.wi4mpi.gen.dict.FunctionSpec;
import org.wi4mpi.gen.dict.LengthExpression;
import org.wi4mpi.gen.trace.CallLayout;
import org.wi4mpi.gen.trace.FieldKind;
import org.wi4mpi.gen.wrap.WrapFunction;
import org.wi4mpi.gen.wrap.WrapParam;

/**
 * The C statements recording one labelled function's DUMPI fields, in the order of the field table
 * (dumpi-calls.txt), each value taken where dumpi-fields.txt (or the field's own name) says and
 * converted as the argument's role in functions.json says. Scalars are kept in {@code f_<field>}
 * variables, which root-only guards and array lengths read.
 */
final class RecordWriter {

    private final WrapFunction function;
    private final CallLayout layout;
    private final FunctionSpec spec;
    private final FieldSourceTable sources;
    private final List<String> declarations = new ArrayList<>();
    private final List<String> entry = new ArrayList<>();
    private final List<String> fields = new ArrayList<>();
    private final Set<String> scalars = new HashSet<>();
    /** Scalar fields that are a parameter passed by value: field → parameter (read before the call too). */
    private final java.util.Map<String, String> byValue = new java.util.HashMap<>();
    private int slots;
    /** While set, lengths are read before the call: fields are replaced by their by-value parameter. */
    private boolean entryLength;

    RecordWriter(WrapFunction function, CallLayout layout, FunctionSpec spec, FieldSourceTable sources) {
        this.function = function;
        this.layout = layout;
        this.spec = spec;
        this.sources = sources;
    }

    List<String> declarations() { return declarations; }
    List<String> entry() { return entry; }
    List<String> fields() { return fields; }

    RecordWriter write() {
        for (CallLayout.Field field : layout.fields()) {
            String guard = field.guardLeft() == null ? null : "f_" + field.guardLeft() + " == f_" + field.guardRight();
            List<String> out = new ArrayList<>();
            write(field, out);
            if (guard == null) {
                fields.addAll(out);
            } else {
                // Scalars stay visible after the block: a later guard or length may read them.
                List<String> inside = new ArrayList<>();
                for (String s : out) {
                    if (s.startsWith("const int64_t f_")) {
                        String var = s.substring("const int64_t ".length(), s.indexOf(" = "));
                        fields.add("int64_t " + var + " = 0;");
                        inside.add(s.substring("const int64_t ".length()));
                    } else {
                        inside.add(s);
                    }
                }
                fields.add("if (" + guard + ") {");
                inside.forEach(s -> fields.add("    " + s));
                fields.add("}");
            }
        }
        return this;
    }

    private void write(CallLayout.Field field, List<String> out) {
        FieldSource src = sources.sourceOf(function.name(), field.name());
        String cond = src.condition() == null ? null : condition(src.condition(), src);
        String sizedWhen = null;
        if (src.sizedOnly()) {
            sizedWhen = cond;
            cond = null;
        }
        if (src.derived() != null) {
            writeDerived(field, src, cond, out);
            return;
        }
        String name = src.paramIn(function.argNames()).orElseThrow(() -> fault(field, src.params().size() == 1
                ? "no parameter '" + src.params().get(0) + "' (" + src.origin() + ")"
                : "none of the parameters " + String.join(", ", src.params()) + " (" + src.origin() + ")"));
        WrapParam param = function.namedParams().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
        Optional<ArgSpec> arg = argSpec(param);
        String base = param.baseType().replace("const ", "").strip();
        Conversion conv = src.conversion() != null ? src.conversion()
                : arg.map(a -> Conversion.ofRole(a.role())).orElseGet(() -> Conversion.ofHandleType(base));
        boolean output = arg.map(a -> a.dir().equals("out")).orElse(false);
        switch (field.kind()) {
            case I8, I16, I32, I64 -> writeScalar(field, src, param, arg, base, conv, output, cond, sizedWhen, out);
            case A8, A16, A32 -> writeArray(field, src, param, arg, base, conv, output, cond, out);
            case A32X2 -> out.add("wi_tool_ranges(r, " + guarded(cond, length(field, src, arg, param)) + ", " + name + ");");
            case STATUS -> {
                String n = param.pointers().isEmpty() ? "0" : arg.filter(ArgSpec::isArray).isPresent() || src.length() != null
                        ? length(field, src, arg, param) : "1";
                if (arg.map(a -> !a.dir().equals("out")).orElse(false)) {
                    // A status the call reads (MPI_Status_set_cancelled's): recorded as it was passed.
                    declarations.add("int e_" + field.name() + " = 0;");
                    entry.add("e_" + field.name() + " = wi_tool_statuses_before(" + n + ", " + name + ");");
                    out.add("wi_tool_statuses_after(r, " + guarded(cond, "e_" + field.name()) + ");");
                } else {
                    out.add("wi_tool_statuses(r, " + guarded(cond, n) + ", " + name + ");");
                }
            }
            case STR -> out.add("wi_trace_chars(r, " + (cond == null ? name : "(" + cond + ") ? " + name + " : NULL") + ");");
            case STR2 -> {
                String n = src.length() != null || arg.filter(ArgSpec::isArray).isPresent() ? length(field, src, arg, param) : "-1";
                out.add("wi_trace_strings(r, " + guarded(cond, n) + ", (const char *const *)" + name + ");");
            }
            case STR3 -> out.add("wi_trace_string_arrays(r, " + guarded(cond, length(field, src, arg, param))
                    + ", (const char *const *const *)" + name + ");");
        }
    }

    /**
     * The functions.json argument of a parameter: by position, since families spell some names
     * differently (Open MPI's MPI_Type_commit(MPI_Datatype *type)); empty when the entry is missing.
     */
    private Optional<ArgSpec> argSpec(WrapParam param) {
        List<WrapParam> params = function.namedParams();
        if (spec == null || spec.args().size() != params.size()) {
            return Optional.empty();
        }
        return Optional.of(spec.args().get(params.indexOf(param)));
    }

    private void writeDerived(CallLayout.Field field, FieldSource src, String cond, List<String> out) {
        switch (src.derived()) {
            case ARGC -> scalar(field, "e_argc", false, out);
            case ARGV -> {
                if (field.kind() != FieldKind.STR2) {
                    throw fault(field, "@argv fills string arrays only (" + src.origin() + ")");
                }
                out.add("wi_trace_strings(r, e_argc, (const char *const *)e_argv);");
            }
            default -> {
                List<String> args = new ArrayList<>();
                for (String a : src.derivedArgs()) {
                    args.add(derivedArgument(field, a, src));
                }
                scalar(field, guarded(cond, src.derived().function() + "(" + String.join(", ", args) + ")"), false, out);
            }
        }
        if (src.derived() == FieldSource.Derived.ARGC || src.derived() == FieldSource.Derived.ARGV) {
            if (!function.argNames().containsAll(List.of("argc", "argv"))) {
                throw fault(field, "@argc and @argv need parameters argc and argv (" + src.origin() + ")");
            }
            if (!declarations.contains("int e_argc = 0;")) {
                declarations.add("int e_argc = 0;");
                declarations.add("char **e_argv = NULL;");
                entry.add("if (argc != NULL && argv != NULL && *argv != NULL) {");
                entry.add("    e_argc = *argc;");
                entry.add("    e_argv = *argv;");
                entry.add("}");
            }
        }
    }

    /** An argument of a derived value: a field written before, or the first parameter of a|b. */
    private String derivedArgument(CallLayout.Field field, String arg, FieldSource src) {
        if (scalars.contains(arg)) {
            return "(int)f_" + arg;
        }
        for (String p : arg.split("\\|")) {
            if (function.argNames().contains(p)) {
                return p;
            }
        }
        throw fault(field, "'" + arg + "' is neither a parameter nor a field written before it (" + src.origin() + ")");
    }

    private void writeScalar(CallLayout.Field field, FieldSource src, WrapParam param, Optional<ArgSpec> arg,
                             String base, Conversion conv, boolean output, String cond, String sizedWhen,
                             List<String> out) {
        String name = param.name();
        String read;
        if (param.byAddress()) {
            boolean before = src.entry() || (conv.handle() && arg.map(a -> a.dir().equals("inout")).orElse(false));
            if (before) {
                String var = "e_" + field.name();
                declarations.add(base + " " + var + " = {0};");
                entry.add("if (" + name + " != NULL) " + var + " = *" + name + ";");
                read = convert(conv, var, arg, src.unsized());
            } else {
                read = "(" + name + " != NULL ? " + convert(conv, "*" + name, arg, output || src.unsized()) + " : 0)";
            }
        } else if (sizedWhen != null && conv == Conversion.DATATYPE && !output && !src.unsized()) {
            // MPI reads the datatype only when sizedWhen holds (MPI_Scatterv's send type, at the root).
            read = "((" + sizedWhen + ") ? " + convert(conv, name, arg, false) + " : " + convert(conv, name, arg, true) + ")";
        } else {
            read = convert(conv, name, arg, output || src.unsized());
            if (conv == Conversion.PLAIN && cond == null) {
                byValue.put(field.name(), name);
            }
        }
        scalar(field, guarded(cond, read), base.equals("MPI_Aint"), out);
    }

    private void scalar(CallLayout.Field field, String value, boolean aint, List<String> out) {
        String var = "f_" + field.name();
        out.add("const int64_t " + var + " = " + value + ";");
        scalars.add(field.name());
        out.add(switch (field.kind()) {
            case I8 -> "wi_trace_i8(r, (int32_t)" + var + ");";
            case I16 -> "wi_trace_i16(r, (int32_t)" + var + ");";
            case I64 -> "wi_trace_i64(r, " + var + ");";
            default -> aint ? "wi_trace_aint(r, " + var + ");" : "wi_trace_i32(r, (int32_t)" + var + ");";
        });
    }

    private void writeArray(CallLayout.Field field, FieldSource src, WrapParam param, Optional<ArgSpec> arg,
                            String base, Conversion conv, boolean output, String cond, List<String> out) {
        if (!param.byAddress()) {
            throw fault(field, "parameter '" + param.name() + "' is no array");
        }
        boolean before = src.entry() || arg.map(a -> a.dir().equals("inout") && conv.handle()).orElse(false);
        entryLength = before;
        String n = length(field, src, arg, param);
        entryLength = false;
        String values;
        String name = param.name();
        if (conv == Conversion.PLAIN && base.equals("int") && !before) {
            values = "(const int32_t *)" + name;
        } else {
            int slot = slots++;
            String helper = base.equals("MPI_Aint") ? "wi_tool_aint_numbers"
                    : conv == Conversion.PLAIN ? "wi_tool_int_numbers"
                    : conv == Conversion.DATATYPE && (output || src.unsized()) ? "wi_tool_datatype_noreg_numbers"
                    : conv.function() + "_numbers";
            String call = helper + "(" + slot + ", " + n + ", " + name + ")";
            if (before) {
                String var = "e_" + field.name();
                declarations.add("const int32_t *" + var + " = NULL;");
                entry.add(var + " = " + call + ";");
                values = var;
            } else {
                values = call;
            }
        }
        String width = switch (field.kind()) {
            case A8 -> "i8";
            case A16 -> "i16";
            default -> "i32";
        };
        out.add("wi_trace_" + width + "_array(r, wi_tool_count(" + guarded(cond, n) + "), " + values + ");");
    }

    /** The element count of an array field, as a C int expression. */
    private String length(CallLayout.Field field, FieldSource src, Optional<ArgSpec> arg, WrapParam param) {
        if (src.length() != null) {
            return lengthTerm(field, src.length(), src.origin());
        }
        LengthExpression e = arg.map(ArgSpec::lengthExpression).orElseThrow(() -> fault(field,
                "no element count: functions.json gives none and dumpi-fields.txt has no [length] for it"));
        return switch (e.form()) {
            case ARGUMENT -> lengthTerm(field, familyName(e.argument()), "functions.json");
            case DEREFERENCED_ARGUMENT -> lengthTerm(field, "*" + familyName(e.argument()), "functions.json");
            case FIXED -> Integer.toString(e.fixed());
            case COMM_SIZE, COMM_PEERS -> "(int)wi_tool_commsize(" + familyName(e.argument()) + ")";
            default -> throw fault(field, "functions.json's length " + e.form() + " has no C form here; give a [length] in dumpi-fields.txt");
        };
    }

    /** The family's name of the parameter functions.json calls name (same position). */
    private String familyName(String name) {
        List<WrapParam> params = function.namedParams();
        for (int i = 0; spec != null && i < spec.args().size() && i < params.size(); i++) {
            if (spec.args().get(i).name().equals(name)) {
                return params.get(i).name();
            }
        }
        return name;
    }

    private String lengthTerm(CallLayout.Field field, String term, String origin) {
        if (term.matches("-?\\d+")) {
            return term;
        }
        if (term.startsWith("*")) {
            String p = term.substring(1);
            if (!function.argNames().contains(p)) {
                throw fault(field, "length " + term + " names no parameter (" + origin + ")");
            }
            return "(" + p + " != NULL ? *" + p + " : 0)";
        }
        if (scalars.contains(term)) {
            if (entryLength) {
                String p = byValue.get(term);
                if (p == null) {
                    throw fault(field, "its length " + term + " is only known after the call, and the array is read before it (" + origin + ")");
                }
                return p;
            }
            return "(int)f_" + term;
        }
        if (function.argNames().contains(term)) {
            return term;
        }
        throw fault(field, "length " + term + " is neither a parameter nor a field written before it (" + origin + ")");
    }

    private String condition(FieldSource.Condition c, FieldSource src) {
        if (!scalars.contains(c.left())) {
            throw new TraceToolException(src.origin() + ": the condition reads '" + c.left()
                    + "', which is no field written before it in " + function.name() + ".");
        }
        String right = scalars.contains(c.right()) ? "f_" + c.right() : c.right();
        return "f_" + c.left() + (c.equal() ? " == " : " != ") + right;
    }

    private static String guarded(String cond, String value) {
        return cond == null ? value : "((" + cond + ") ? " + value + " : 0)";
    }

    /** value converted to its DUMPI number; unsized: a datatype's size is not asked. */
    private static String convert(Conversion conv, String value, Optional<ArgSpec> arg, boolean unsized) {
        if (conv == Conversion.PLAIN) {
            return value;
        }
        if (conv == Conversion.DATATYPE) {
            if (unsized) {
                return "wi_tool_datatype_noreg(" + value + ")";
            }
            String inPlace = arg.map(ArgSpec::unusedIfInPlace).orElse(null);
            if (inPlace != null) {
                // MPI does not read it: numbered, but its size is not asked (MPI_Type_size could fail).
                return "(" + inPlace + " == MPI_IN_PLACE ? wi_tool_datatype_noreg(" + value + ") : wi_tool_datatype(" + value + "))";
            }
        }
        return conv.function() + "(" + value + ")";
    }

    private TraceToolException fault(CallLayout.Field field, String why) {
        return new TraceToolException(function.name() + ": DUMPI field '" + field.name() + "' cannot be mapped: " + why + ".");
    }
}
