package org.wi4mpi.tests.openmpi5;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;

/**
 * Which tests/fortran program runs where in {@link OpenMpi5FortranTest}, with the reason for every
 * program or case left out of a set. The full set: each program built with Open MPI 5's mpifort runs
 * natively on 5 and through wi4mpi on MPICH 4.0 and Open MPI 4.1; each built with mpifort.openmpi
 * (4.1) or mpifort.mpich runs on 5; 1 and 2 ranks. The CI subset is a few of those cases.
 */
final class FortranCases {

    /** The system property that selects the full set. */
    static final String FULL_PROPERTY = "wi4mpi.tests.openmpi5.full";

    /** Programs Open MPI 5's mpifort does not build or that fail natively on 5, with the reason. */
    static final Map<String, String> NOT_BUILT_WITH_5 = Map.of(
            "large_count_f08", "Open MPI 5.0.7's mpi_f08 module has no large-count procedures"
                    + " (MPI_Isend with an INTEGER(MPI_COUNT_KIND) count: no specific subroutine)",
            "info_string_mpif", "Open MPI 5.0.7's own mpif.h MPI_Info_get_string fails natively: buflen 0"
                    + " returns flag .FALSE. and buflen 0 instead of asking the value's length");

    /**
     * Cases that fail through a defect being fixed elsewhere, kept out of the CI subset (the full set
     * runs them, so they fail there, saying so, until fixed): {@code "<program> <from>→<to> np=<n>"} →
     * why. Empty: p2p_mpi (np 1 and 2) and attributes_mpif (np 2) built with 5 failed on Open MPI 4.1
     * until the runtime of the 4.1↔5 pairs got a link-map namespace of its own (docs/openmpi5.md).
     */
    static final Map<String, String> KNOWN_DEFECTS = Map.of();

    /** The CI subset: the mpi_f08 program and a mixed C/Fortran one, every direction, 1 and 2 ranks. */
    static final Set<String> CI_PROGRAMS = Set.of("f08_mpi", "c2f_mpif");

    static final List<Integer> RANKS = List.of(1, 2);

    /** A program built with {@code from} run on {@code to} with {@code ranks} ranks (from == to: natively). */
    record Case(MpiTestProgram program, BuiltFor from, BuiltFor to, int ranks) {
        String key() {
            return program.name() + " " + from.id() + "→" + to.id() + " np=" + ranks;
        }

        String name() {
            return program.name() + " [" + (from == to ? from.id() + " native" : from.id() + "→" + to.id()) + "] np=" + ranks;
        }
    }

    private FortranCases() {
    }

    /** Whether {@code origin}'s compiler builds {@code program}. */
    static boolean builtWith(BuiltFor origin, MpiTestProgram program) {
        return switch (origin) {
            case OPENMPI5 -> !NOT_BUILT_WITH_5.containsKey(program.name());
            case OPENMPI -> program.builtWith(MpiFamily.OPENMPI);
            case MPICH -> program.builtWith(MpiFamily.MPICH);
            case STANDARD -> false;
        };
    }

    /** Every case of the full set, in program order: from 5 (native, →mpich, →openmpi), then to 5. */
    static List<Case> all(List<MpiTestProgram> programs) {
        BuiltFor[][] directions = {
                {BuiltFor.OPENMPI5, BuiltFor.OPENMPI5}, {BuiltFor.OPENMPI5, BuiltFor.MPICH},
                {BuiltFor.OPENMPI5, BuiltFor.OPENMPI}, {BuiltFor.OPENMPI, BuiltFor.OPENMPI5},
                {BuiltFor.MPICH, BuiltFor.OPENMPI5}};
        List<Case> out = new ArrayList<>();
        for (MpiTestProgram program : programs) {
            for (BuiltFor[] d : directions) {
                // Where the system Open MPI is 5 (Debian 13) there is no 4.1 to build with or run on.
                boolean needs41 = d[0] == BuiltFor.OPENMPI || d[1] == BuiltFor.OPENMPI;
                if (needs41 && !MpiFamily.OPENMPI.installed())
                    continue;
                if (builtWith(d[0], program)) {
                    for (int np : RANKS) {
                        out.add(new Case(program, d[0], d[1], np));
                    }
                }
            }
        }
        return out;
    }

    /** Why {@code c} is not in the CI subset, or null when it is. */
    static String notInCi(Case c) {
        String defect = knownDefect(c);
        if (defect != null) {
            return defect;
        }
        return CI_PROGRAMS.contains(c.program().name()) ? null : "not in the CI subset (-D" + FULL_PROPERTY + "=true runs it)";
    }

    /** "known defect: why" for a case of {@link #KNOWN_DEFECTS}, or null. */
    static String knownDefect(Case c) {
        String why = KNOWN_DEFECTS.get(c.key());
        return why == null ? null : "known defect, fails until the runtime is fixed: " + why;
    }
}
