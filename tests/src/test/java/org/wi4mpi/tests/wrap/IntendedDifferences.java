package org.wi4mpi.tests.wrap;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.wi4mpi.tests.MpiFamily;

/**
 * Where {@code wi4mpi-gen wrap} differs from wrap.py on purpose, each with its reason (docs/tools.md says the
 * same). The tests fail on a difference that is not listed and on an entry that no longer happens.
 */
final class IntendedDifferences {

    private IntendedDifferences() {
    }

    /** Functions that our generator knows and wrap.py's mpi.h parser leaves out (fnall, forallfn). */
    record OnlyOurs(String name, Pattern functions, String reason) {
    }

    /**
     * None today: wi4mpi-gen wrap applies wrap.py's rule to the descriptor (an MPI_ function returning int,
     * double or MPI_Aint, not c2f/f2c, MPI_T_ or MPI_Comm_spawn), and the descriptor, read from the same
     * mpi.h, holds every function wrap.py's parser reads, with the same prototypes.
     */
    static final List<OnlyOurs> ONLY_OURS = List.of();

    /**
     * A line of a Fortran program run with the reference's {@code -f} tool that differs from the native run
     * (ours gives the native line): the program, the line's key (the word after "rank R: ", or "statuses"),
     * the families where it shows.
     */
    record ReferenceFortranLine(String name, String program, String key, Set<MpiFamily> families, String reason) {
    }

    private static final Set<MpiFamily> BOTH = Set.of(MpiFamily.OPENMPI, MpiFamily.MPICH);

    static final List<ReferenceFortranLine> REFERENCE_FORTRAN = List.of(
            new ReferenceFortranLine("status arrays", "wrap_ring_mpif", "statuses", BOTH,
                    "wrap.py converts the statuses of MPI_WAITALL (also TESTALL, WAITSOME, TESTSOME) one MPI_Fint apart"
                            + " instead of MPI_STATUS_SIZE apart, so every status but the first lands on the wrong words"),
            new ReferenceFortranLine("MPI_Count by value", "wrap_conversions_mpif", "count_x", BOTH,
                    "wrap.py reads an MPI_Count passed by value (MPI_STATUS_SET_ELEMENTS_X's count) through an MPI_Fint"
                            + " pointer, keeping its low 32 bits; MPI_Offset values (MPI_FILE_SEEK, ...) alike"),
            new ReferenceFortranLine("MPI_Type_get_contents datatypes", "wrap_conversions_mpif", "contents", BOTH,
                    "wrap.py sizes array_of_datatypes by max_integers instead of max_datatypes, so with no integers no"
                            + " datatype handle is converted back"),
            new ReferenceFortranLine("MPI_Message handles", "wrap_conversions_mpif", "message", Set.of(MpiFamily.OPENMPI),
                    "wrap.py does not know MPI_Message as a handle and passes the Fortran INTEGER's address as an"
                            + " MPI_Message *: Open MPI stores its C pointer there (MPICH's C handles are the Fortran"
                            + " integers, so it works there)"),
            new ReferenceFortranLine("MPI-1 address arguments", "wrap_conversions_mpif", "address", Set.of(MpiFamily.MPICH),
                    "wrap.py passes the default INTEGER of MPI_TYPE_EXTENT (also MPI_ADDRESS, MPI_TYPE_HVECTOR, ...) as an"
                            + " MPI_Aint *, so 8 bytes are written into 4; ours widens and narrows it (Open MPI 4.1's mpi.h"
                            + " declares none of these functions, so neither generator wraps them there)"),
            new ReferenceFortranLine("CHARACTER arguments", "wrap_conversions_mpif", "strings", BOTH,
                    "wrap.py passes a Fortran CHARACTER as a char * and drops its hidden length: an input name is read"
                            + " past its blanks up to some NUL, an output one comes back NUL-terminated instead of"
                            + " blank-padded; ours trims input strings and pads output ones"),
            new ReferenceFortranLine("datatype arrays of MPI_Alltoallw", "wrap_conversions_mpif", "alltoallw",
                    Set.of(MpiFamily.OPENMPI),
                    "wrap.py does not see const MPI_Datatype arrays as handles and passes the Fortran integers as C"
                            + " handles: Open MPI's are pointers, and the program crashes (MPICH's are the integers)"));

    /** Whether the reference's Fortran wrappers are listed as giving {@code line} ("<what> <R>") wrongly. */
    static boolean referenceFortranDiffers(MpiFamily family, String line) {
        String what = line.substring(0, line.lastIndexOf(' '));
        return REFERENCE_FORTRAN.stream().anyMatch(d -> what.equals(d.program() + " " + d.key()) && d.families().contains(family));
    }
}
