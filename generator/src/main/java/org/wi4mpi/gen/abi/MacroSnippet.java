package org.wi4mpi.gen.abi;

import java.nio.file.Path;
import java.util.Collection;

/**
 * C source that includes the header and gives each macro an initializer libclang can evaluate: the
 * preprocessor expands the macro exactly as it would in an application, and the AST keeps the type and
 * the symbols the expansion refers to.
 */
final class MacroSnippet {

    /** Value as long long: integers, integer-valued pointers, and handles of either kind. */
    static final String VALUE_PREFIX = "__wi_v_";
    /** Value as uintptr_t: pointers the long long form could not fold. */
    static final String POINTER_PREFIX = "__wi_p_";
    static final String DOUBLE_PREFIX = "__wi_d_";
    static final String STRING_PREFIX = "__wi_s_";
    /** A macro that names a type (Open MPI's {@code #define MPI_Fint ...}). */
    static final String TYPE_PREFIX = "__wi_t_";

    private final StringBuilder text = new StringBuilder();

    MacroSnippet(Path header) {
        // NULL is used by some headers' macros (MPICH's MPI_T_ENUM_NULL) without their including stddef.h
        text.append("#include <stddef.h>\n");
        text.append("#include \"").append(header.toAbsolutePath().normalize()).append("\"\n");
    }

    MacroSnippet values(Collection<String> macros) {
        for (String macro : macros) {
            text.append("static const long long ").append(VALUE_PREFIX).append(macro)
                    .append(" = (long long)(").append(macro).append(");\n");
        }
        return this;
    }

    MacroSnippet pointers(Collection<String> macros) {
        for (String macro : macros) {
            text.append("static const __UINTPTR_TYPE__ ").append(POINTER_PREFIX).append(macro)
                    .append(" = (__UINTPTR_TYPE__)(").append(macro).append(");\n");
        }
        return this;
    }

    MacroSnippet doubles(Collection<String> macros) {
        for (String macro : macros) {
            text.append("static const double ").append(DOUBLE_PREFIX).append(macro)
                    .append(" = (").append(macro).append(");\n");
        }
        return this;
    }

    MacroSnippet strings(Collection<String> macros) {
        for (String macro : macros) {
            // a pointer initializer: libclang reports string literals only behind an array-to-pointer decay
            text.append("static const char *const ").append(STRING_PREFIX).append(macro)
                    .append(" = ").append(macro).append(";\n");
        }
        return this;
    }

    MacroSnippet types(Collection<String> macros) {
        for (String macro : macros) {
            text.append("typedef ").append(macro).append(' ').append(TYPE_PREFIX).append(macro).append(";\n");
        }
        return this;
    }

    String text() {
        return text.toString();
    }
}
