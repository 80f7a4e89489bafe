package org.wi4mpi.tests.openmpi5;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import org.wi4mpi.tests.InterfaceRunTest;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;
import org.wi4mpi.tests.openmpi5.Expectation.Kind;

/**
 * The version matrix's cases that cannot give the native result, each with its reason, as measured on
 * this machine (Open MPI 5.0.7 built by bin/wi4mpi-build-mpi, Debian 12's Open MPI 4.1.4 and MPICH 4.0.2).
 * Every other case must give what the program built for the target gives natively there.
 */
final class OpenMpi5Expectations {

    /**
     * A failure of a tests/c program on Open MPI 5.0.7 as the target: what its output shows ({@code io.c:566}
     * for a failed check), why, and the builds of the program it happens to.
     */
    record Failure(String marker, String reason, Set<BuiltFor> builtFor) {
    }

    private static final Set<BuiltFor> EVERY_BUILD = EnumSet.allOf(BuiltFor.class);
    private static final Set<BuiltFor> MPICH_AND_STANDARD = EnumSet.of(BuiltFor.MPICH, BuiltFor.STANDARD);
    private static final String DATAREP = "MPI_Register_datarep with conversion functions returns MPI_ERR_OTHER on"
            + " Open MPI 5.0.7 (class 16; 15 in MPICH's numbering), MPI_ERR_CONVERSION on 4.1.4 and MPICH";

    /**
     * Behaviour of Open MPI 5.0.7 that differs from 4.1.4's and MPICH's, which the programs' checks were
     * written against: on 5 as the target, these builds of the program fail, natively too where the program
     * is built with 5 (translated runs must then fail at the same checks as the native run).
     */
    static final Map<String, Failure> FAILS_ON_OPENMPI5 = Map.of(
            "io", new Failure("io.c:566", DATAREP, EVERY_BUILD),
            "large_count", new Failure("large_count.c:312", DATAREP, MPICH_AND_STANDARD),
            "lifecycle", new Failure("lifecycle.c:173", "Open MPI 5.0.7's MPI_Wtime before MPI_Init counts from"
                    + " the boot (32434.48 s measured), after it from MPI_Init (0.05 s): the clock goes back; 4.1.4's"
                    + " returns 0 before MPI_Init (the timers are checked in Open MPI builds only)",
                    EnumSet.of(BuiltFor.OPENMPI5, BuiltFor.OPENMPI)),
            "mpi_t", new Failure("mpi_t.c:204", "Open MPI 5.0.7 has a control variable of type MPI_UINT64_T"
                    + " (threads_pthreads_nanosleep_time), a type the program's element_size() does not know",
                    EVERY_BUILD),
            "mpi4", new Failure("mpi4.c:142", "Open MPI 5.0.7's MPI_Request_free refuses the request of an"
                    + " MPI_Isendrecv_replace to MPI_PROC_NULL with MPI_ERR_REQUEST, natively too (4.1 has no"
                    + " MPI_Isendrecv: wi4mpi computes it)", MPICH_AND_STANDARD),
            "datatypes", new Failure("An error occurred in MPI_Type_create_struct", "the MPICH build's MPI-1"
                    + " MPI_LB/MPI_UB markers: Open MPI 5.0.7's library no longer has them, so wi4mpi passes"
                    + " MPI_DATATYPE_NULL (dictionaries/substitutes.json) and MPI_Type_create_struct fails with"
                    + " MPI_ERR_TYPE under MPI_ERRORS_ARE_FATAL", EnumSet.of(BuiltFor.MPICH)),
            "split_hardware", new Failure("split_hardware.c:91", "Open MPI 5.0.7's MPI_COMM_TYPE_HW_GUIDED gives"
                    + " MPI_COMM_NULL for the resource names package, numa and machine, natively too (a program built"
                    + " with 5 asking for each); the program expects a communicator from an Open MPI runtime, and its"
                    + " build with 5 makes no such split (5's mpi.h has MPI_COMM_TYPE_HW_GUIDED as an enumerator, not a"
                    + " macro)", MPICH_AND_STANDARD));

    /** C functions an MPICH-only program calls that Open MPI 5.0.7's mpi.h lacks (its mpicc: implicit declaration). */
    static final Map<String, String> NOT_IN_OPENMPI5_HEADER = Map.of(
            "large_count", "MPI_Allgatherv_c, MPI_Gatherv_c and the other large-count v/w functions",
            "mpi4", "MPI_Isendrecv_c and MPI_Isendrecv_replace_c");

    /**
     * Cases that fail through a defect of wi4mpi still open, {@code "<program> <from>→<to>"} → what the run
     * showed: the full matrix runs them and shows them failing, the CI subset leaves them out, saying so,
     * until fixed. Empty: the 13 programs built with Open MPI 5 that failed on 4.1 (Debian 4.1's components
     * bound to the program's copies of 5's predefined objects) left it when the runtime of the 4.1↔5 pairs
     * got a link-map namespace of its own, and threads (the namespace's character-class tables unset in
     * the program's threads) when those were set up on demand (docs/openmpi5.md, Pairs).
     */
    static final Map<String, String> KNOWN_DEFECTS = Map.of();

    private OpenMpi5Expectations() {
    }

    /** What {@code program} must give through {@code pair}. */
    static Expectation of(MpiTestProgram program, MatrixPair pair) {
        String notBuilt = notBuilt(program, pair.from());
        if (notBuilt != null)
            return new Expectation(Kind.NOT_BUILT, notBuilt);
        Failure failure = failureOnOpenMpi5(program, pair);
        if (failure != null)
            return new Expectation(Kind.FAILS_ON_OPENMPI5, failure.reason());
        String defect = KNOWN_DEFECTS.get(program.name() + " " + pair.label());
        if (defect != null)
            return new Expectation(Kind.KNOWN_DEFECT, "known defect: " + defect);
        return Expectation.AS_NATIVELY;
    }

    /** The listed failure of {@code program} through {@code pair}, or null. */
    static Failure failureOnOpenMpi5(MpiTestProgram program, MatrixPair pair) {
        Failure failure = FAILS_ON_OPENMPI5.get(program.name());
        return pair.to() == BuiltFor.OPENMPI5 && failure != null && failure.builtFor().contains(pair.from()) ? failure : null;
    }

    /** Why {@code program} is not built for {@code builtFor}, or null when it is. */
    static String notBuilt(MpiTestProgram program, BuiltFor builtFor) {
        return switch (builtFor) {
            case OPENMPI5 -> program.builtWith(MpiFamily.OPENMPI) ? null : "not built with Open MPI 5:"
                    + " marked wi4mpi-test-families: " + families(program) + ", and Open MPI 5.0.7's mpi.h lacks "
                    + NOT_IN_OPENMPI5_HEADER.getOrDefault(program.name(), "what it calls");
            case STANDARD -> InterfaceRunTest.NOT_IN_STANDARD_ABI.containsKey(program.name())
                    ? "not built in interface mode: " + InterfaceRunTest.NOT_IN_STANDARD_ABI.get(program.name()) : null;
            default -> program.builtWith(builtFor.family()) ? null : "not built with " + builtFor.family().compiler()
                    + ": marked wi4mpi-test-families: " + families(program);
        };
    }

    private static String families(MpiTestProgram program) {
        return String.join(",", program.families().stream().map(MpiFamily::id).toList());
    }
}
