package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The reading of dumpi2ascii's call stream, on text as dumpi2ascii prints it; no MPI needed. */
class DumpiAsciiTest {

    private static final String TWO_CALLS = """
            MPI_Send entering at walltime 14054.816808110, cputime 0.036027925 seconds in thread 0.
            int count=5
            MPI_Datatype datatype=9 (MPI_INT)
            int dest=-2 (MPI_ROOT)
            MPI_Send returning at walltime 14054.816811896, cputime 0.036031730 seconds in thread 0.
            MPI_Waitall entering at walltime 14054.9, cputime 0.04 seconds in thread 1.
            MPI_Request requests[2]=[2, 3]
            MPI_Status statuses[2]=<IGNORED>
            MPI_Waitall returning at walltime 14055.0, cputime 0.05 seconds in thread 1.
            """;

    @Test
    void callsHoldTheirArgumentsAndTimesApart() {
        List<DumpiCall> calls = DumpiAscii.parse(TWO_CALLS, "text");
        assertEquals(2, calls.size());
        DumpiCall send = calls.getFirst();
        assertEquals("MPI_Send", send.function());
        assertEquals(0, send.thread());
        assertEquals(List.of(new DumpiArgument("int", "count", "5"), new DumpiArgument("MPI_Datatype", "datatype", "9 (MPI_INT)"),
                new DumpiArgument("int", "dest", "-2 (MPI_ROOT)")), send.arguments());
        assertEquals(new DumpiTimes("14054.816808110", "0.036027925", "14054.816811896", "0.036031730"), send.times());
        DumpiCall waitall = calls.get(1);
        assertEquals(1, waitall.thread());
        assertEquals("[2, 3]", waitall.value("requests[2]"));
        assertEquals("<IGNORED>", waitall.value("statuses[2]"));
        assertNull(waitall.withoutTimes().times());
        assertEquals(waitall.withoutTimes(), DumpiAscii.parse(TWO_CALLS.replace("14055.0", "99.1"), "other").get(1).withoutTimes());
    }

    @Test
    void aLineOutsideTheGrammarIsNamed() {
        String broken = TWO_CALLS.replace("int dest=-2 (MPI_ROOT)", "garbage");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DumpiAscii.parse(broken, "rank0.txt"));
        assertEquals("rank0.txt, line 4: expected an argument '<type> <name>=<value>' of MPI_Send, found 'garbage'", e.getMessage());
    }

    @Test
    void aReturnOfAnotherFunctionOrAMissingOneIsRefused() {
        String mismatched = TWO_CALLS.replace("MPI_Send returning", "MPI_Recv returning");
        assertEquals("text, line 5: expected MPI_Send's 'returning' line in thread 0, found 'MPI_Recv returning at walltime "
                        + "14054.816811896, cputime 0.036031730 seconds in thread 0.'",
                assertThrows(IllegalArgumentException.class, () -> DumpiAscii.parse(mismatched, "text")).getMessage());
        String cut = TWO_CALLS.substring(0, TWO_CALLS.indexOf("MPI_Waitall returning"));
        assertEquals("text: the stream ends inside MPI_Waitall",
                assertThrows(IllegalArgumentException.class, () -> DumpiAscii.parse(cut, "text")).getMessage());
    }
}
