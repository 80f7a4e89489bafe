package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wi4mpi.gen.trace.DumpiTestWriter.DUMPI_INT;
import static org.wi4mpi.gen.trace.DumpiTestWriter.WORLD;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Receives from MPI_PROC_NULL make no message, whatever MPI wrote the trace. DUMPI keeps the
 * application MPI's own MPI_PROC_NULL: -2 with Open MPI, -3 in the standard ABI, and -1 with MPICH,
 * which is also DUMPI's MPI_ANY_SOURCE; a status then tells them apart (MPICH's blocking receive
 * reports source -1, its nonblocking one source 0 and tag 0 with 0 bytes, as it also does for an
 * Open MPI program translated to MPICH). Two ranks: rank 1 receives from MPI_PROC_NULL (tag 5) in each
 * of these ways, then receives 4 B with tag 0 from rank 0 at [85,150] and finalizes at 160; rank 0
 * sends them at [90,100] (latency 10 + 0.01 * 4 = 10.04 in the hand model). Taking any of the
 * PROC_NULL receives for a receive from rank 0 would find no send with tag 5 and fail the run. Path:
 * 90 of computation to the Send, the message, Recv 1 at 100.04, 10 more to MPI_Finalize: 110.04.
 */
class CritpathProcNullTest {

    @TempDir
    Path dir;

    private static CallRecord.Status[] status(int bytes, int source, int tag) {
        return new CallRecord.Status[] {new CallRecord.Status(bytes, source, 0, 0, tag)};
    }

    /** Rank 1's receive of rank 0's message: 4 B, tag 0, entered at 85, left at 150. */
    private static final Object[] THE_MESSAGE = {"count", 1, "datatype", DUMPI_INT, "source", 0, "tag", 0, "comm", WORLD,
            "status", status(4, 0, 0)};

    /** Rank 0 sends rank 1 the 4 B message at [90,100] and finalizes at 110. */
    private static void rankZeroSendsTheMessage(SyntheticRun run) throws IOException {
        run.rank(0).call("MPI_Init", 0, 0)
                .call("MPI_Send", 90, 100, "count", 1, "datatype", DUMPI_INT, "dest", 1, "tag", 0, "comm", WORLD)
                .call("MPI_Finalize", 110, 120);
    }

    private static Object[] recv(int source, CallRecord.Status[] status) {
        return new Object[] {"count", 1, "datatype", DUMPI_INT, "source", source, "tag", 5, "comm", WORLD, "status", status};
    }

    @Test
    void receivesFromProcNullMakeNoMessage() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "procnull", 2, true);
        run.rank(1).call("MPI_Init", 0, 0)
                .call("MPI_Recv", 10, 20, recv(-2, status(0, 0, 0)))   // Open MPI's, translated to MPICH
                .call("MPI_Recv", 30, 40, recv(-1, status(0, -1, -1))) // MPICH's blocking receive
                .call("MPI_Irecv", 50, 55, "count", 1, "datatype", DUMPI_INT, "source", -1, "tag", 5, "comm", WORLD, "request", 2)
                .call("MPI_Wait", 56, 60, "request", 2, "status", status(0, 0, 0)) // MPICH's nonblocking receive
                .call("MPI_Recv", 70, 80, recv(-3, status(0, -3, -1)))  // the standard ABI's
                .call("MPI_Recv", 85, 150, THE_MESSAGE)
                .call("MPI_Finalize", 160, 170);
        rankZeroSendsTheMessage(run);
        CritpathRunner result = CritpathRunner.withHandModel(dir, run);
        assertEquals(0, result.status(), result.err());
        // one message only: rank 0's Send to rank 1's Recv
        assertTrue(result.out().contains("(1 message, 0 collectives"), result.out());
        assertEquals("MPI_Init -1 90 MPI_Send 0 4 MPI_Recv 1 10 MPI_Finalize -1\n", result.critPathOut(dir));
        assertTrue(result.out().startsWith("critical path: 110.040 us over 4 vertices (1 message"), result.out());
    }

    /*
     * MPICH's MPI_PROC_NULL is -1 like MPI_ANY_SOURCE, and a program may ignore the status: rank 1's
     * Irecv(-1) + Wait without a status, then a Recv of rank 0's message. Nothing rank 0 sent has tag 5,
     * so the first receive can only be from MPI_PROC_NULL. Same path as above.
     */
    @Test
    void anMpichProcNullReceiveWithoutAStatusMakesNoMessage() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "procnull-nostatus", 2, true);
        run.rank(1).call("MPI_Init", 0, 0)
                .call("MPI_Irecv", 50, 55, "count", 1, "datatype", DUMPI_INT, "source", -1, "tag", 5, "comm", WORLD, "request", 2)
                .call("MPI_Wait", 56, 60, "request", 2, "status", null)
                .call("MPI_Recv", 85, 150, THE_MESSAGE)
                .call("MPI_Finalize", 160, 170);
        rankZeroSendsTheMessage(run);
        CritpathRunner result = CritpathRunner.withHandModel(dir, run);
        assertEquals(0, result.status(), result.err());
        assertEquals("MPI_Init -1 90 MPI_Send 0 4 MPI_Recv 1 10 MPI_Finalize -1\n", result.critPathOut(dir));
    }

    @Test
    void anAnySourceReceiveWithoutAStatusIsStillRefused() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "anysource", 2, false);
        run.rank(0).call("MPI_Init", 0, 0)
                .call("MPI_Recv", 10, 20, "count", 1, "datatype", DUMPI_INT, "source", -1, "tag", 5, "comm", WORLD)
                .call("MPI_Finalize", 30, 40);
        run.rank(1).call("MPI_Init", 0, 0)
                .call("MPI_Send", 5, 6, "count", 1, "datatype", DUMPI_INT, "dest", 0, "tag", 5, "comm", WORLD)
                .call("MPI_Finalize", 30, 40);
        CritpathRunner result = CritpathRunner.withHandModel(dir, run);
        assertEquals(2, result.status(), result.out());
        assertTrue(result.err().contains("receives from MPI_ANY_SOURCE and the trace recorded no status"), result.err());
    }
}
