package org.wi4mpi.gen.abi;

import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;

/**
 * What one MPI implementation's C ABI looks like, as extracted from its mpi.h and its library's
 * dynamic symbol table, and the integer constants of its mpif.h ({@code fortran}: the Fortran values
 * of predefined handles, among others). Serialised as dictionaries/abi/&lt;family&gt;.json (see docs/abi-descriptor.md).
 */
public record AbiDescriptor(
        String family,
        String version,
        String header,
        Libraries libraries,
        SortedMap<String, TypeInfo> types,
        StatusLayout status,
        SortedMap<String, Constant> constants,
        SortedMap<String, DataObject> objects,
        SortedMap<String, Prototype> functions,
        List<String> exports,
        SortedMap<String, Long> fortran) {

    /** Reads dictionaries/abi/&lt;family&gt;.json; see {@link AbiJson} for the format guarantees. */
    public static AbiDescriptor read(Path path) {
        return AbiJson.read(path);
    }

    /** Writes this descriptor in the reproducible form described in {@link AbiJson}. */
    public void write(Path path) {
        AbiJson.write(this, path);
    }

    /**
     * Sonames: the C library, the Fortran library, and every library a fake must stand in for.
     *
     * @param mpi    the sonames of the family's MPI libraries (C, Fortran, C++ bindings): a program that
     *               needs one is built for the family (the launcher's detection, etc/families.cfg)
     * @param marker a symbol the C library defines that tells the family's library from the others'
     *               (the launcher's library check); null where no library of the family is run on
     */
    public record Libraries(String c, String fortran, List<String> fake, List<String> mpi, String marker) {}

    /**
     * kind: handle | integer | function | struct | other. A function type (a callback's typedef) has its
     * signature, {@code returns} and {@code params} (a variadic one ends with {@link PrototypePass#VARIADIC}),
     * or is another name of one, {@code alias} (MPI_Comm_errhandler_fn of MPI_Comm_errhandler_function).
     */
    public record TypeInfo(String kind, Integer size, Boolean pointer, Boolean signed, String returns,
                           List<Param> params, String alias) {

        /** A type that is no function type. */
        public TypeInfo(String kind, Integer size, Boolean pointer, Boolean signed) {
            this(kind, size, pointer, signed, null, null, null);
        }
    }

    public record StatusLayout(int size, SortedMap<String, Field> fields) {}

    public record Field(int offset, int size) {}

    /**
     * kind: int | handle | pointer | double | string. A handle is either an integer value (MPICH)
     * or the address of a data symbol (Open MPI); exactly one of value and symbol is set for handles.
     */
    public record Constant(String kind, String type, Long value, String symbol, String text) {}

    public record DataObject(long size) {}

    public record Prototype(String returns, List<Param> params) {}

    public record Param(String name, String type) {}
}
