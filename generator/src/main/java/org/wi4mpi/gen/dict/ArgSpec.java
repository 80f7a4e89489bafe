package org.wi4mpi.gen.dict;

import java.util.Map;

/**
 * One argument: its C type as the headers spell it (arrays decayed), its role (a key of mappers.json),
 * its direction (in, out, inout), for arrays the expression giving the element count, and, for
 * arguments the standard says are ignored when a buffer is MPI_IN_PLACE (Alltoallw's sendtypes), the
 * name of that buffer: they are then neither read nor converted. {@code nullOk}: an output the caller
 * may pass as NULL (the MPI_T get_info functions ignore NULL outputs): NULL is passed on, nothing is
 * written back. {@code familyTypes}: the families whose mpi.h declares another integer type than
 * {@code type} (MPICH 4.0.2's MPI_Count count of MPI_Psend_init, the standard's int), family → type;
 * empty for almost every argument. {@code largeOnly}: an argument of a large-count function its int
 * form does not have (MPI_Type_get_envelope_c's num_large_counts): where the function calls the
 * runtime's int form it is not passed, and a single output is written 0. {@code fortran}: how the
 * Fortran binding passes it where its type and role do not say it (FortranArgument.FROM_ROLE otherwise).
 */
public record ArgSpec(String name, String type, String role, String dir, String length, String unusedIfInPlace,
                      boolean nullOk, Map<String, String> familyTypes, boolean largeOnly,
                      FortranArgument fortran) {

    public ArgSpec {
        familyTypes = familyTypes == null ? Map.of() : Map.copyOf(familyTypes);
        fortran = fortran == null ? FortranArgument.FROM_ROLE : fortran;
    }

    public boolean isArray() { return length != null; }

    /** The parsed {@code length} (the loader has checked it), or null for a single value. */
    public LengthExpression lengthExpression() {
        return length == null ? null : LengthExpression.of(length);
    }

    public boolean reads() { return dir.equals("in") || dir.equals("inout"); }
    public boolean writes() { return dir.equals("out") || dir.equals("inout"); }

    /** The type the family's mpi.h declares: {@code type} unless the family has its own. */
    public String typeFor(String family) {
        return familyTypes.getOrDefault(family, type);
    }
}
