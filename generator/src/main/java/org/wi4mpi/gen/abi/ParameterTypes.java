package org.wi4mpi.gen.abi;

import org.wi4mpi.gen.clang.Type;

/**
 * Spells a parameter's type the way the function really receives it. libclang reports a parameter
 * declared as an array with its written array type ({@code const int []}); C passes a pointer
 * ({@code const int *}), and the descriptor records that.
 */
final class ParameterTypes {

    private ParameterTypes() {}

    static String decayedSpelling(Type type) {
        if (!type.kind().isArray()) {
            return type.spelling();
        }
        Type element = type.elementType();
        String spelling = element.spelling();
        if (element.kind().isArray()) {
            // pointer to array: "int [3]" becomes "int (*)[3]"
            int bracket = spelling.indexOf('[');
            return spelling.substring(0, bracket).stripTrailing() + " (*)" + spelling.substring(bracket);
        }
        return spelling.endsWith("*") ? spelling + "*" : spelling + " *";
    }
}
