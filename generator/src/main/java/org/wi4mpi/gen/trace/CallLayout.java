package org.wi4mpi.gen.trace;

import java.util.List;

/**
 * The stream layout of one DUMPI function label: its index, its MPI name and its arguments in the
 * order libdumpi writes them.
 */
public record CallLayout(int label, String name, List<Field> fields) {

    /** One argument; when guardLeft is set, the argument is present only if those two fields are equal. */
    public record Field(String name, FieldKind kind, String guardLeft, String guardRight) {
        boolean guarded() {
            return guardLeft != null;
        }
    }

    /** Position of the named field in {@link #fields()}, or -1. */
    public int indexOf(String fieldName) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(fieldName)) {
                return i;
            }
        }
        return -1;
    }
}
