package org.wi4mpi.gen.wrap;

import java.util.List;

/** A function wrappers can be generated for: its name, return type and parameters from the ABI descriptor. */
public record WrapFunction(String name, String returnType, List<WrapParam> params) {

    public WrapFunction {
        params = List.copyOf(params);
    }

    /** The parameters that have names (all but a trailing {@code ...}). */
    public List<WrapParam> namedParams() {
        return params.stream().filter(p -> !p.variadic()).toList();
    }

    /** {{args}}: the argument names, {@code ...} left out. */
    public List<String> argNames() {
        return namedParams().stream().map(WrapParam::name).toList();
    }

    /** {{formals}}: the parameter declarations, {@code ...} included. */
    public List<String> formals() {
        return params.stream().map(WrapParam::formal).toList();
    }

    /** {{types}}: the parameter types, "" for {@code ...}. */
    public List<String> types() {
        return params.stream().map(WrapParam::cType).toList();
    }

    /** Whether the function returns an error code (int), as all but MPI_Wtime, MPI_Wtick and the MPI_Aint ones do. */
    public boolean returnsErrorCode() {
        return returnType.equals("int");
    }

    /** {@code int MPI_Send(const void *buf, ...)}, or with another name (the PMPI_ twin). */
    public String prototype(String asName) {
        return returnType + " " + asName + "(" + String.join(", ", formals()) + ")";
    }
}
