package org.wi4mpi.gen.render;

import java.util.Locale;

/**
 * One MPI type of a side of a pair as its descriptor defines it (TypesModel): the template declares it
 * under the side's prefix (A_MPI_Comm, R_MPI_Comm).
 *
 * @param name   the MPI name (MPI_Comm)
 * @param bits   the width of an INTEGER, 0 otherwise
 * @param signed whether an INTEGER is signed
 */
public record SideType(String name, Shape shape, int bits, boolean signed) {

    /** What the type is in C. Templates compare the lower-case name. */
    public enum Shape {
        /** A handle the family represents as a pointer (Open MPI's struct pointers). */
        POINTER,
        /** A handle the family represents as an int (MPICH), or a 4-byte enum (MPICH's MPI_T enums). */
        INT,
        /** An integer of a given width and signedness (MPI_Aint, MPI_Count, MPI_Fint). */
        INTEGER,
        /** A function type, declared opaque (MPI_User_function): only pointers to it are passed. */
        FUNCTION;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
