package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wi4mpi.gen.trace.DumpiTestWriter.DUMPI_BYTE;
import static org.wi4mpi.gen.trace.DumpiTestWriter.DUMPI_DOUBLE;
import static org.wi4mpi.gen.trace.DumpiTestWriter.DUMPI_INT;
import static org.wi4mpi.gen.trace.DumpiTestWriter.WORLD;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Small programs with hand-computed task graphs (times in microseconds): critpath must give exactly
 * the critical path worked out in each comment. The model used: a message costs 10 + 0.01·bytes; a
 * barrier 20 + 5·ranks; a broadcast 10 + 0.5·bytes + 1·ranks; an allreduce 8 + 1·bytes + 2·ranks;
 * other collectives the default collective fit.
 */
class CritpathExamplesTest {

    static final String MODEL = """
            {"format": 1, "unit": "us", "machine": "hand", "mpi": "hand",
             "pointToPoint": {"a": 10, "b": 0.01, "r2": 1},
             "collectives": {
               "MPI_Barrier": {"a": 20, "b": 0, "c": 5, "r2": 1},
               "MPI_Bcast": {"a": 10, "b": 0.5, "c": 1, "r2": 1},
               "MPI_Allreduce": {"a": 8, "b": 1, "c": 2, "r2": 1}}}
            """;

    @TempDir
    Path dir;

    private String critPath(SyntheticRun run) throws IOException {
        return CritpathRunner.critPath(dir, run);
    }

    /*
     * Rank 0: Init ends 100, Send 800 B to 1 [150,160], Recv from 1 [160,400], Finalize at 450.
     * Rank 1: Init ends 120, Recv from 0 [130,300], Send 800 B to 0 [320,330], Finalize at 340.
     * Latency 10 + 8 = 18. Send0 = 50; Recv1 = max(10, 50 + 18) = 68; Send1 = 68 + 20 = 88;
     * Recv0 = max(50 + 0, 88 + 18) = 106; Finalize = max(106 + 50, 88 + 10) = 156.
     */
    @Test
    void pingPong() throws IOException {
        assertEquals("MPI_Init -1 50 MPI_Send 0 800 MPI_Recv 1 20 MPI_Send 1 800 MPI_Recv 0 50 MPI_Finalize -1\n", critPath(pingPong(dir)));
    }

    static SyntheticRun pingPong(Path dir) throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "pingpong", 2, true);
        run.rank(0).call("MPI_Init", 0, 100)
                .call("MPI_Send", 150, 160, "count", 100, "datatype", DUMPI_DOUBLE, "dest", 1, "tag", 7, "comm", WORLD)
                .call("MPI_Recv", 160, 400, "count", 100, "datatype", DUMPI_DOUBLE, "source", 1, "tag", 7, "comm", WORLD)
                .call("MPI_Finalize", 450, 460);
        run.rank(1).call("MPI_Init", 0, 120)
                .call("MPI_Recv", 130, 300, "count", 100, "datatype", DUMPI_DOUBLE, "source", 0, "tag", 7, "comm", WORLD)
                .call("MPI_Send", 320, 330, "count", 100, "datatype", DUMPI_DOUBLE, "dest", 0, "tag", 7, "comm", WORLD)
                .call("MPI_Finalize", 340, 350);
        return run;
    }

    /*
     * A ring of 3 passing one int (4 B, latency 10.04). Rank 0 sends to 1 [110,115] then receives from
     * 2 [115,500]; ranks 1 and 2 receive from the left then send to the right. Send0 = 10;
     * Recv1 = 20.04; Send1 = 50.04; Recv2 = 60.08; Send2 = 100.08; Recv0 = 110.12. Finalize: rank 0
     * 120.12, rank 1 50.04 + 365 = 415.04, rank 2 105.08: the path ends on rank 1.
     */
    @Test
    void ring() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "ring", 3, true);
        run.rank(0).call("MPI_Init", 0, 100)
                .call("MPI_Send", 110, 115, "count", 1, "datatype", DUMPI_INT, "dest", 1, "tag", 0, "comm", WORLD)
                .call("MPI_Recv", 115, 500, "count", 1, "datatype", DUMPI_INT, "source", 2, "tag", 0, "comm", WORLD)
                .call("MPI_Finalize", 510, 520);
        run.rank(1).call("MPI_Init", 0, 100)
                .call("MPI_Recv", 105, 200, "count", 1, "datatype", DUMPI_INT, "source", 0, "tag", 0, "comm", WORLD)
                .call("MPI_Send", 230, 235, "count", 1, "datatype", DUMPI_INT, "dest", 2, "tag", 0, "comm", WORLD)
                .call("MPI_Finalize", 600, 610);
        run.rank(2).call("MPI_Init", 0, 100)
                .call("MPI_Recv", 102, 300, "count", 1, "datatype", DUMPI_INT, "source", 1, "tag", 0, "comm", WORLD)
                .call("MPI_Send", 340, 345, "count", 1, "datatype", DUMPI_INT, "dest", 0, "tag", 0, "comm", WORLD)
                .call("MPI_Finalize", 350, 360);
        assertEquals("MPI_Init -1 10 MPI_Send 0 4 MPI_Recv 1 30 MPI_Send 1 365 MPI_Finalize -1\n", critPath(run));
    }

    /*
     * Both ranks post Irecv, Isend 1000 B (latency 20) and Waitall both requests, which becomes two
     * MPI_Wait: the first completes the receive. Rank 0: Irecv [20,21] Isend [21,22] Waitall [22,200],
     * Finalize 210. Rank 1: Irecv [15,16] Isend [100,101] Waitall [101,150], Finalize 160.
     * Isend1 = 5 + 84 = 89; Wait0(recv) = max(10, 89 + 20) = 109; Wait0(send) = 109;
     * Finalize = max(109 + 10, 89 + 10) = 119.
     */
    @Test
    void isendWaitall() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "isend", 2, true);
        CallRecord.Status[] two = {new CallRecord.Status(1000, 1, 0, 0, 3), new CallRecord.Status(0, 0, 0, 0, 0)};
        run.rank(0).call("MPI_Init", 0, 10)
                .call("MPI_Irecv", 20, 21, "count", 1000, "datatype", DUMPI_BYTE, "source", 1, "tag", 3, "comm", WORLD, "request", 5)
                .call("MPI_Isend", 21, 22, "count", 1000, "datatype", DUMPI_BYTE, "dest", 1, "tag", 3, "comm", WORLD, "request", 6)
                .call("MPI_Waitall", 22, 200, "count", 2, "requests", new int[] {5, 6}, "statuses", two)
                .call("MPI_Finalize", 210, 220);
        run.rank(1).call("MPI_Init", 0, 10)
                .call("MPI_Irecv", 15, 16, "count", 1000, "datatype", DUMPI_BYTE, "source", 0, "tag", 3, "comm", WORLD, "request", 7)
                .call("MPI_Isend", 100, 101, "count", 1000, "datatype", DUMPI_BYTE, "dest", 0, "tag", 3, "comm", WORLD, "request", 8)
                .call("MPI_Waitall", 101, 150, "count", 2, "requests", new int[] {7, 8}, "statuses", two)
                .call("MPI_Finalize", 160, 170);
        assertEquals("MPI_Init -1 5 MPI_Irecv 1 84 MPI_Isend 1 1000 MPI_Wait 0 0 MPI_Wait 0 10 MPI_Finalize -1\n", critPath(run));
    }

    /*
     * Three ranks: Barrier (35), Bcast of 10 ints (10 + 20 + 3 = 33), Allreduce of 2 doubles
     * (8 + 16 + 6 = 30), Alltoall of one int each (default fit at 12 B, 3 ranks). Barrier: latest
     * arrival rank 2 at 35, +35 = 70; Bcast: rank 2 at 70 + 30 = 100, +33 = 133; Allreduce: rank 0 at
     * 133 + 30 = 163, +30 = 193; Alltoall: rank 0 at 203; Finalize: rank 1, 50 after the Alltoall.
     */
    @Test
    void collectives() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "coll", 3, false);
        double[][] times = {
            {0, 10, 50, 60, 70, 100, 130, 140, 150, 160},
            {0, 30, 50, 55, 90, 95, 130, 135, 150, 200},
            {5, 40, 50, 80, 95, 120, 130, 131, 150, 151}};
        for (int r = 0; r < 3; r++) {
            double[] t = times[r];
            run.rank(r).call("MPI_Init", 0, t[0])
                    .call("MPI_Barrier", t[1], t[2], "comm", WORLD)
                    .call("MPI_Bcast", t[3], t[4], "count", 10, "datatype", DUMPI_INT, "root", 0, "comm", WORLD)
                    .call("MPI_Allreduce", t[5], t[6], "count", 2, "datatype", DUMPI_DOUBLE, "op", 3, "comm", WORLD)
                    .call("MPI_Alltoall", t[7], t[8], "sendcount", 1, "sendtype", DUMPI_INT, "recvcount", 1, "recvtype", DUMPI_INT,
                            "comm", WORLD)
                    .call("MPI_Finalize", t[9], t[9] + 5);
        }
        assertEquals("MPI_Init -1 35 MPI_Barrier -1 30 MPI_Bcast -1 30 MPI_Allreduce -1 10 MPI_Alltoall -1 50 MPI_Finalize -1\n",
                critPath(run));
    }

    /*
     * The figure-2-like example: rank 0 asks its rank [1,2] and sends 100 ints (400 B, latency 14) to
     * rank 1, all meet in a barrier (35), then rank 2 sends one double (8 B, latency 10.08) to rank 0,
     * which receives it from MPI_ANY_SOURCE (the status names rank 2). Comm_rank = 1, Send0 = 99;
     * Recv1 = 113; Barrier: rank 1 arrives last at 113 + 100 = 213, + 35 = 248; Send2 = 298;
     * Recv0 = max(253, 308.08); Finalize = max(318.08, 268, 303).
     */
    @Test
    void figureTwoLike() throws IOException {
        SyntheticRun run = figureTwo(dir);
        assertEquals("MPI_Init -1 1 MPI_Comm_rank 0 98 MPI_Send 0 400 MPI_Recv 1 100 MPI_Barrier -1 50 MPI_Send 2 8 MPI_Recv 0 10 MPI_Finalize -1\n",
                critPath(run));
    }

    static SyntheticRun figureTwo(Path dir) throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "figure2", 3, true);
        run.rank(0).call("MPI_Init", 0, 0)
                .call("MPI_Comm_rank", 1, 2, "comm", WORLD, "rank", 0)
                .call("MPI_Send", 100, 105, "count", 100, "datatype", DUMPI_INT, "dest", 1, "tag", 1, "comm", WORLD)
                .call("MPI_Barrier", 110, 300, "comm", WORLD)
                .call("MPI_Recv", 305, 400, "count", 1, "datatype", DUMPI_DOUBLE, "source", -1, "tag", -1, "comm", WORLD,
                        "status", new CallRecord.Status[] {new CallRecord.Status(8, 2, 0, 0, 2)})
                .call("MPI_Finalize", 410, 420);
        run.rank(1).call("MPI_Init", 0, 0)
                .call("MPI_Recv", 20, 150, "count", 100, "datatype", DUMPI_INT, "source", 0, "tag", 1, "comm", WORLD)
                .call("MPI_Barrier", 250, 300, "comm", WORLD)
                .call("MPI_Finalize", 320, 330);
        run.rank(2).call("MPI_Init", 0, 0)
                .call("MPI_Barrier", 200, 300, "comm", WORLD)
                .call("MPI_Send", 350, 355, "count", 1, "datatype", DUMPI_DOUBLE, "dest", 0, "tag", 2, "comm", WORLD)
                .call("MPI_Finalize", 360, 370);
        return run;
    }

    @Test
    void summaryGivesLengthAndShares() throws IOException {
        CritpathRunner result = CritpathRunner.withHandModel(dir, figureTwo(dir));
        assertEquals(0, result.status(), result.err());
        // 318.08 us in all: computation 1 + 98 + 100 + 50 + 10 = 259, communication 14 + 35 + 10.08 = 59.08
        assertTrue(result.out().startsWith("critical path: 318.080 us over 8 vertices (2 messages, 1 collective;"), result.out());
        assertTrue(result.out().contains("computation   259.000 us (81.4 %)"), result.out());
        assertTrue(result.out().contains("communication 59.080 us (18.6 %)"), result.out());
    }
}
