package org.wi4mpi.gen.wrap;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {{fn}}, {{fnall}}, {{foreachfn}} and {{forallfn}}: the body once per function, in a scope of its own
 * holding the loop variable and the function's values ({{args}}, {{formals}}, ...); {{fn}} and {{fnall}}
 * also write the wrapper around the body, and with -f the Fortran bindings after it.
 */
final class FunctionMacros {

    private final WrapFunctions functions;
    private final String family;
    private final WrapOptions options;
    private final CWrapperWriter c;
    private final FortranWrapperWriter fortran;
    private boolean fortranInitFlagWritten;

    FunctionMacros(WrapFunctions functions, String family, WrapOptions options, CWrapperWriter c,
                   FortranWrapperWriter fortran) {
        this.functions = functions;
        this.family = family;
        this.options = options;
        this.c = c;
        this.fortran = fortran;
    }

    void register(Map<String, Macro> macros) {
        for (BodyMacro kind : BodyMacro.values()) {
            macros.put(kind.macroName, call -> loop(call, kind));
        }
    }

    private Object loop(Macro.Call call, BodyMacro kind) {
        List<String> words = new ArrayList<>();
        for (Object a : call.args()) {
            if (a instanceof List<?> items) {
                items.forEach(item -> words.add(String.valueOf(item)));
            } else {
                words.add(String.valueOf(a));
            }
        }
        if (words.isEmpty()) {
            throw call.fault("{{" + kind.macroName + "}} needs the name of its loop variable");
        }
        String variable = words.getFirst();
        List<String> listed = words.subList(1, words.size());
        List<String> names = kind.excludesListed() ? functions.allBut(listed) : listed;
        for (String name : names) {
            if (!functions.contains(name)) {
                throw call.fault("{{" + kind.macroName + "}} names " + name + ", which is not an MPI function of the "
                        + family + " ABI that wrappers can cover");
            }
        }
        for (String name : names) {
            WrapFunction f = functions.get(name);
            Scope scope = new Scope(call.scope(), name);
            scope.put(variable, name);
            declare(scope, f);
            if (kind.writesWrappers()) {
                wrap(call, f, scope);
            } else {
                call.interpreter().evaluateAll(call.chunk().children(), scope, call.out());
            }
        }
        return null;
    }

    /** The values a function's body sees, under their current and their older names. */
    static void declare(Scope scope, WrapFunction f) {
        scope.put("ret_type", f.returnType());
        scope.put("args", f.argNames());
        scope.put("nargs", f.argNames().size());
        scope.put("types", f.types());
        scope.put("formals", f.formals());
        Macro applyToType = call -> applyToType(call, f);
        scope.put("apply_to_type", applyToType);
        scope.put("applyToType", applyToType);
        scope.put("get_arg", (Macro) call -> call.interpreter().index(call.chunk(), call.scope(), f.argNames(), call.args()));
        scope.put("retType", f.returnType());
        scope.put("argList", "(" + String.join(", ", f.argNames()) + ")");
        scope.put("argTypeList", "(" + String.join(", ", f.formals()) + ")");
    }

    /**
     * {{applyToType TYPE CALLABLE}}: a line {@code CALLABLE(arg);} for each parameter of that type. TYPE is
     * spelled as {{types}} prints it ({@code const int*}, {@code int(*)[3]}); wrap.py's array spellings
     * ({@code const int[]}, {@code int[][3]}) name the same parameters.
     */
    private static Object applyToType(Macro.Call call, WrapFunction f) {
        MacroLibrary.arity(call, 2);
        String type = call.text(0).replaceAll("\\s+(?=[*\\[(])", "").replaceAll("\\[\\]\\[", "(*)[").replaceAll("\\[\\]$", "*");
        String callable = call.text(1);
        for (WrapParam p : f.params()) {
            if (p.cType().equals(type)) {
                call.out().append(callable).append("(").append(p.name()).append(");\n");
            }
        }
        return null;
    }

    private void wrap(Macro.Call call, WrapFunction f, Scope scope) {
        scope.put("ret_val", CWrapperWriter.RETURN_VALUE);
        scope.put("returnVal", CWrapperWriter.RETURN_VALUE);
        StringBuilder out = call.out();
        if (options.fortran() && f.name().equals("MPI_Init")) {
            String initCall = c.fortranAwareInitCall(f);
            scope.put("callfn", (Macro) inner -> {
                inner.out().append(initCall);
                return null;
            });
            if (!fortranInitFlagWritten) {
                out.append("static int fortran_init = 0;\n");
                fortranInitFlagWritten = true;
            }
        } else {
            scope.put("callfn", c.call(f));
        }
        c.wrapper(out, f, () -> call.interpreter().evaluateAll(call.chunk().children(), scope, out));
        if (options.fortran()) {
            out.append("/* =============== Fortran Wrappers for ").append(f.name()).append(" =============== */\n");
            fortran.write(out, f);
            out.append("/* ================= End Wrappers for ").append(f.name()).append(" ================= */\n\n\n");
        }
    }
}
