package org.wi4mpi.gen.wrap;

/**
 * One parameter of a wrapped function, spelled as the ABI descriptor spells it ({@code const int *},
 * {@code int (*)[3]}, {@code ...} for the variadic tail).
 *
 * <p>The descriptor decays array parameters to pointers, so where a header declares {@code int dims[]}
 * the formal here is {@code int *dims}: both declare the same parameter and compile against the same mpi.h.
 */
public record WrapParam(String name, String type) {

    static final String VARIADIC = "...";

    /** The {@code ...} of MPI_Pcontrol: it has a formal but no argument name. */
    public boolean variadic() {
        return type.equals(VARIADIC);
    }

    /** A pointer to arrays ({@code int (*)[3]}): its declarator wraps the name. */
    boolean arrayPointer() {
        return type.contains("(*)");
    }

    /** The type without its pointers and array part: {@code const int} of {@code const int *}. */
    public String baseType() {
        if (variadic()) {
            return "";
        }
        if (arrayPointer()) {
            return type.substring(0, type.indexOf("(*)")).strip();
        }
        return type.replaceAll("[\\s*]+$", "");
    }

    /** The stars of a plain pointer type, "" for values, arrays pointers and {@code ...}. */
    public String pointers() {
        if (variadic() || arrayPointer()) {
            return "";
        }
        return type.substring(baseType().length()).replaceAll("\\s", "");
    }

    /** Whether the parameter is passed by address (pointer or pointer to arrays). */
    public boolean byAddress() {
        return arrayPointer() || !pointers().isEmpty();
    }

    /** The declaration in a parameter list: {@code const int *dims}, {@code int (*ranges)[3]}, {@code ...}. */
    public String formal() {
        return formal(baseType());
    }

    /** The declaration with another base type (the Fortran formals' MPI_Fint). */
    String formal(String base) {
        if (variadic()) {
            return VARIADIC;
        }
        if (arrayPointer()) {
            return base + " (*" + name + ")" + type.substring(type.indexOf("(*)") + 3).strip();
        }
        return base + " " + pointers() + name;
    }

    /** The type as {{types}} lists it and {{applyToType}} compares it: {@code const int*}, {@code int(*)[3]}; "" for {@code ...}. */
    public String cType() {
        if (variadic()) {
            return "";
        }
        if (arrayPointer()) {
            return baseType() + "(*)" + type.substring(type.indexOf("(*)") + 3).strip();
        }
        return baseType() + pointers();
    }

    /** The type a cast to this parameter's type names (the Fortran wrappers cast their MPI_Fint pointers). */
    public String castType() {
        return cType();
    }
}
