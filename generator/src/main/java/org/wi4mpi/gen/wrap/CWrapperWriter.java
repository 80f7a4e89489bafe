package org.wi4mpi.gen.wrap;

/**
 * The C side of the output: the preamble, each wrapper's skeleton around its body, and what
 * {{callfn}} expands to.
 */
final class CWrapperWriter {

    /** The variable holding the PMPI function's result in every wrapper ({{ret_val}}). */
    static final String RETURN_VALUE = "_wrap_py_return_val";

    private static final String INCLUDES = """

            #include <mpi.h>
            #include <stdio.h>
            #include <stdlib.h>

            /* Wrappers have C linkage when the output is compiled as C++. */
            #ifndef _EXTERN_C_
            #ifdef __cplusplus
            #define _EXTERN_C_ extern "C"
            #else
            #define _EXTERN_C_
            #endif
            #endif

            /* The Fortran PMPI_Init of each mangling. A shared library (-DPIC) takes the one the program's
               MPI defines, so they are weak there; a static one calls the mangling chosen at generation. */
            #ifdef PIC
            #pragma weak PMPI_INIT
            #pragma weak pmpi_init
            #pragma weak pmpi_init_
            #pragma weak pmpi_init__
            #endif

            _EXTERN_C_ void PMPI_INIT(MPI_Fint *ierr);
            _EXTERN_C_ void pmpi_init(MPI_Fint *ierr);
            _EXTERN_C_ void pmpi_init_(MPI_Fint *ierr);
            _EXTERN_C_ void pmpi_init__(MPI_Fint *ierr);

            """;

    private static final String GUARD_FLAG = "static int in_wrapper = 0;\n";

    private static final String DEPRECATION_MACROS = """

            /* {{callfn}} calls deprecated MPI functions too: these silence the warnings around it
               (GCC 4.6 and later, clang; other compilers get empty macros). */
            #if defined(__clang__)
            #define WRAP_MPI_CALL_PREFIX \\
              _Pragma("clang diagnostic push"); \\
              _Pragma("clang diagnostic ignored \\"-Wdeprecated-declarations\\"");
            #define WRAP_MPI_CALL_POSTFIX _Pragma("clang diagnostic pop");
            #elif defined(__GNUC__) && (__GNUC__ > 4 || (__GNUC__ == 4 && __GNUC_MINOR__ >= 6))
            #define WRAP_MPI_CALL_PREFIX \\
              _Pragma("GCC diagnostic push"); \\
              _Pragma("GCC diagnostic ignored \\"-Wdeprecated-declarations\\"");
            #define WRAP_MPI_CALL_POSTFIX _Pragma("GCC diagnostic pop");
            #else
            #define WRAP_MPI_CALL_PREFIX
            #define WRAP_MPI_CALL_POSTFIX
            #endif

            """;

    private final WrapOptions options;
    private final String fortranInteger;

    /** {@code fortranInteger}: the C type of a Fortran INTEGER in the family's mpi.h (MPI_Fint; int in the standard ABI). */
    CWrapperWriter(WrapOptions options, String fortranInteger) {
        this.options = options;
        this.fortranInteger = fortranInteger;
    }

    /** What precedes the first file's output: includes and declarations unless -s, the -w macros with -w. */
    String preamble() {
        StringBuilder out = new StringBuilder();
        if (!options.skipHeaders()) {
            out.append(INCLUDES.replace("MPI_Fint", fortranInteger));
            if (options.guards()) {
                out.append(GUARD_FLAG);
            }
        }
        if (options.quietDeprecated()) {
            out.append(DEPRECATION_MACROS);
        }
        return out.toString();
    }

    /** The PMPI call of {{callfn}}: the result stored in {{ret_val}}, the arguments of {{args}}. */
    String call(WrapFunction f) {
        String call = RETURN_VALUE + " = P" + f.name() + "(" + String.join(", ", f.argNames()) + ");";
        return options.quietDeprecated() ? "WRAP_MPI_CALL_PREFIX\n" + call + "\nWRAP_MPI_CALL_POSTFIX" : call;
    }

    /**
     * {{callfn}} of MPI_Init when Fortran bindings are written: a program that entered through a
     * Fortran MPI_Init has its MPI initialised by the Fortran PMPI_Init (its Fortran runtime needs it).
     */
    String fortranAwareInitCall(WrapFunction init) {
        String rv = "&" + RETURN_VALUE;
        StringBuilder out = new StringBuilder();
        out.append("    if (fortran_init) {\n");
        out.append("#ifdef PIC\n");
        String chosen = "        ";
        for (PmpiInitBinding b : PmpiInitBinding.values()) {
            out.append(chosen).append("if (fortran_init == ").append(b.flag()).append(" && ").append(b.symbol)
                    .append(") ").append(b.symbol).append("(").append(rv).append(");\n");
            chosen = "        else ";
        }
        for (PmpiInitBinding b : PmpiInitBinding.values()) {
            out.append("        else if (").append(b.symbol).append(") ").append(b.symbol).append("(").append(rv)
                    .append(");\n");
        }
        out.append("        else {\n");
        out.append("            fprintf(stderr, \"ERROR: no Fortran pmpi_init function was found; link the tool"
                + " statically instead.\\n\");\n");
        out.append("            exit(1);\n");
        out.append("        }\n");
        out.append("#else\n");
        out.append("        ").append(options.pmpiInit().symbol).append("(").append(rv).append(");\n");
        out.append("#endif\n");
        out.append("    } else {\n");
        out.append("        ").append(call(init)).append("\n");
        out.append("    }\n");
        return out.toString();
    }

    /** The PMPI prototype and the wrapper of {@code f}, its body written by {@code body}. */
    void wrapper(StringBuilder out, WrapFunction f, Runnable body) {
        out.append("/* ================== C Wrappers for ").append(f.name()).append(" ================== */\n");
        out.append("_EXTERN_C_ ").append(f.prototype("P" + f.name())).append(";\n");
        out.append("_EXTERN_C_ ").append(f.prototype(f.name())).append(" { \n");
        out.append("    ").append(f.returnType()).append(" ").append(RETURN_VALUE).append(" = 0;\n");
        if (options.guards()) {
            out.append("    if (in_wrapper) return P").append(f.name()).append("(")
                    .append(String.join(", ", f.argNames())).append(");\n");
            out.append("    in_wrapper = 1;\n");
        }
        body.run();
        if (options.guards()) {
            out.append("    in_wrapper = 0;\n");
        }
        out.append("    return ").append(RETURN_VALUE).append(";\n");
        out.append("}\n\n");
    }
}
