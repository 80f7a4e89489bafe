package org.wi4mpi.gen.wrap;

/**
 * What wi4mpi-gen wrap writes besides the .w files' own output.
 *
 * @param fortran        -f: Fortran bindings (four manglings) for every wrapped function
 * @param guards         -g: a wrapper entered from inside a wrapper calls the PMPI function directly
 * @param skipHeaders    -s: no preamble (includes, _EXTERN_C_, ...), and C comments are ordinary text
 * @param quietDeprecated -w: {{callfn}} silences the compiler's deprecation warnings
 * @param pmpiInit       -i: the Fortran PMPI_Init binding a library built without -DPIC calls
 */
public record WrapOptions(boolean fortran, boolean guards, boolean skipHeaders, boolean quietDeprecated,
                          PmpiInitBinding pmpiInit) {

    public static final WrapOptions DEFAULT = new WrapOptions(false, false, false, false, PmpiInitBinding.UNDERSCORE);
}
