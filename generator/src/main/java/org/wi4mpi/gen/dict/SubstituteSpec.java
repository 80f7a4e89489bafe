package org.wi4mpi.gen.dict;

/**
 * One way to give the runtime an object for a predefined handle of the application's ABI that the
 * runtime lacks (substitutes.json): the runtime's own predefined handle {@code alias}, or a datatype
 * of wi4mpi's, {@code contiguous} elements of the runtime's predefined datatype {@code of}, created
 * once the runtime is initialized. Exactly one of alias and of is set.
 */
public record SubstituteSpec(String alias, int contiguous, String of) {

    public boolean isAlias() {
        return alias != null;
    }

    /** The runtime constant this alternative needs. */
    public String base() {
        return alias != null ? alias : of;
    }
}
