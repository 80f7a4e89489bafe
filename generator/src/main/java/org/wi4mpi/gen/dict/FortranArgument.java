package org.wi4mpi.gen.dict;

import java.util.List;

/**
 * An argument's Fortran form (functions.json "fortran" and "fortran_count", docs/fortran.md), or
 * {@link #FROM_ROLE} for the arguments whose C type and role say how the Fortran binding passes them.
 *
 * @param form  the form, null for FROM_ROLE
 * @param count the int argument counting the array or sizing the string, null if the form has none
 */
public record FortranArgument(FortranForm form, String count) {

    public static final FortranArgument FROM_ROLE = new FortranArgument(null, null);

    public boolean fromRole() {
        return form == null;
    }

    /** Whether its type and role say how it crosses (CHOICE only says which mpi_f08 binding takes it). */
    public boolean crossesByRole() {
        return form == null || form == FortranForm.CHOICE;
    }

    public boolean is(FortranForm f) {
        return form == f;
    }

    /** The "fortran" and "fortran_count" fields of an argument, each fault recorded against it. */
    static FortranArgument read(JsonEntry entry, String type, String dir, String length) {
        String name = entry.optionalString("fortran");
        String count = entry.optionalString("fortran_count");
        if (name == null) {
            if (count != null) {
                entry.fault("has fortran_count but no fortran form");
            }
            return FROM_ROLE;
        }
        FortranForm form = FortranForm.fromJson(name).orElse(null);
        if (form == null) {
            entry.fault("has fortran '" + name + "' (expected " + FortranForm.knownNames() + ")");
            return FROM_ROLE;
        }
        if (count == null && form.count() == FortranForm.Count.REQUIRED) {
            entry.fault("has fortran " + name + " but no fortran_count naming the argument that counts or sizes it");
        } else if (count != null && form.count() == FortranForm.Count.NONE) {
            entry.fault("has fortran_count, which the fortran form " + name + " does not take");
            count = null;
        }
        if (type != null && !fits(form, type.trim(), dir, count != null, length != null)) {
            entry.fault("has fortran " + name + ", which its type '" + type.trim() + "' (dir " + dir + ") cannot take");
        }
        return new FortranArgument(form, count);
    }

    /** Whether a form can describe an argument of this C type and direction. */
    private static boolean fits(FortranForm form, String type, String dir, boolean counted, boolean array) {
        boolean pointer = type.endsWith("*");
        return switch (form) {
            case LOGICAL -> !array && (type.equals("int") || type.equals("int *"));
            case ONE_BASED -> type.equals("int *") && !"in".equals(dir);
            case INTEGER_ADDRESS -> counted ? type.equals("MPI_Aint *")
                    : type.equals("MPI_Aint") || type.equals("MPI_Aint *") && "out".equals(dir);
            case ARGV, STRINGS -> type.equals("char **");
            case ARGVS -> type.equals("char ***");
            case SIZED_STRING, RETURNED_STRING -> type.equals("char *");
            case IGNORED_OUTPUT, ATTRIBUTE, INTEGER_ATTRIBUTE, EXTRA_STATE, INTEGER_EXTRA_STATE,
                    REFERENCE_EXTRA_STATE -> pointer;
            case CHOICE -> type.replace("const ", "").equals("void *");
            case OMITTED -> true;
        };
    }

    /** Each fortran_count must name another int argument of the function (an in/out int * for a returned string). */
    static void check(String file, String function, List<ArgSpec> args, Problems problems) {
        for (ArgSpec a : args) {
            String count = a.fortran().count();
            if (count == null || a.name() == null) {
                continue;
            }
            ArgSpec counting = args.stream().filter(x -> count.equals(x.name())).findFirst().orElse(null);
            String subject = "argument '" + a.name() + "' has fortran_count '" + count + "'";
            if (counting == null || counting == a || counting.type() == null) {
                problems.add(file, function, subject + ", which is not another argument of " + function);
            } else if (a.fortran().is(FortranForm.RETURNED_STRING)
                    ? !"int *".equals(counting.type().trim()) || !"inout".equals(counting.dir())
                    : !List.of("int", "int *").contains(counting.type().trim())) {
                problems.add(file, function, subject + ", which is not " + (a.fortran().is(FortranForm.RETURNED_STRING)
                        ? "an in/out int *" : "an int or int *") + " argument");
            }
        }
    }
}
