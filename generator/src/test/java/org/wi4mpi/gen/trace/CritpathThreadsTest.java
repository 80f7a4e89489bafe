package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wi4mpi.gen.trace.DumpiTestWriter.DUMPI_BYTE;
import static org.wi4mpi.gen.trace.DumpiTestWriter.DUMPI_DOUBLE;
import static org.wi4mpi.gen.trace.DumpiTestWriter.WORLD;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rank of two threads: one chain of operations per thread, calls merged by entry for matching. */
class CritpathThreadsTest {

    @TempDir
    Path dir;

    /*
     * Rank 0 runs two threads. Thread 0: Send 100 B to rank 1 (tag 1) [10,20], Recv tag 2 [30,200],
     * Finalize at 300. Thread 1: Send 1000 B (tag 3) [50,60], Recv tag 4 [70,250]. Its records come
     * first in the file, as a writer flushing thread 1's buffer at the thread's exit leaves them. Rank 1:
     * Recv tag 1 [5,40], Recv tag 3 [45,100], Send 8 B tag 4 [150,160], Send 8 B tag 2 [170,180],
     * Finalize at 190. Latencies: 100 B 11, 1000 B 20, 8 B 10.08.
     * Each thread is its own chain; thread 1 begins after Send(t0), the last call that had ended when it
     * entered its first (Recv(t0) was still running): Send(t0) = 10, Send(t1) = 10 + 30 = 40. Rank 1:
     * Recv1 = max(5, 10 + 11) = 21; Recv3 = max(21 + 5, 40 + 20) = 60; Send4 = 110; Send2 = 120.
     * Recv2(t0) = max(10 + 10, 120 + 10.08) = 130.08; Recv4(t1) = max(40 + 10, 110 + 10.08) = 120.08.
     * Finalize: thread 0 130.08 + 100, thread 1 120.08 + 50, rank 1 120 + 10: 230.08 through thread 0.
     * One chain for the whole rank in order of entry would make Send(t1) wait for Recv2(t0), which waits
     * for rank 1's Send2, which follows Recv3, which waits for Send(t1): a cycle.
     */
    @Test
    void twoThreadsOfARankAreTwoChains() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "threads", 2, true);
        run.rank(0).thread(1)
                .call("MPI_Send", 50, 60, "count", 1000, "datatype", DUMPI_BYTE, "dest", 1, "tag", 3, "comm", WORLD)
                .call("MPI_Recv", 70, 250, "count", 1, "datatype", DUMPI_DOUBLE, "source", 1, "tag", 4, "comm", WORLD)
                .thread(0)
                .call("MPI_Init_thread", 0, 0, "required", 3, "provided", 3)
                .call("MPI_Send", 10, 20, "count", 100, "datatype", DUMPI_BYTE, "dest", 1, "tag", 1, "comm", WORLD)
                .call("MPI_Recv", 30, 200, "count", 1, "datatype", DUMPI_DOUBLE, "source", 1, "tag", 2, "comm", WORLD)
                .call("MPI_Finalize", 300, 310);
        run.rank(1).call("MPI_Init_thread", 0, 0, "required", 3, "provided", 3)
                .call("MPI_Recv", 5, 40, "count", 100, "datatype", DUMPI_BYTE, "source", 0, "tag", 1, "comm", WORLD)
                .call("MPI_Recv", 45, 100, "count", 1000, "datatype", DUMPI_BYTE, "source", 0, "tag", 3, "comm", WORLD)
                .call("MPI_Send", 150, 160, "count", 1, "datatype", DUMPI_DOUBLE, "dest", 0, "tag", 4, "comm", WORLD)
                .call("MPI_Send", 170, 180, "count", 1, "datatype", DUMPI_DOUBLE, "dest", 0, "tag", 2, "comm", WORLD)
                .call("MPI_Finalize", 190, 200);
        Path dot = dir.resolve("graph.dot");
        CritpathRunner result = CritpathRunner.withHandModel(dir, run, "--dot", dot.toString());
        assertEquals(0, result.status(), result.err());
        assertEquals("MPI_Init_thread -1 10 MPI_Send 0 30 MPI_Send 0 1000 MPI_Recv 1 50 MPI_Send 1 10 MPI_Send 1 8 MPI_Recv 0 100"
                + " MPI_Finalize -1\n", result.critPathOut(dir));
        assertTrue(result.out().startsWith("critical path: 230.080 us over 8 vertices (2 messages, 0 collectives;"), result.out());
        assertTrue(result.out().contains("\n  threads (one chain each): rank 0 2\n"), result.out());
        // rank 0's slots in order of entry: Send(t0) r0_0, Recv(t0) r0_1, Send(t1) r0_2, Recv(t1) r0_3
        List<String> lines = Files.readAllLines(dot);
        assertTrue(lines.contains("  r0_0 -> r0_2 [label=\"30\", color=red, fontcolor=red, penwidth=2.5];"), String.join("\n", lines));
        assertTrue(lines.contains("  r0_2 -> r0_3 [label=\"10\"];"));
        assertTrue(lines.contains("  r0_0 -> r0_1 [label=\"10\"];"));
        assertTrue(lines.contains("  r0_3 -> finalize [label=\"50\"];"));
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("  r0_1 -> r0_2")), "no edge between the threads");
    }

    /*
     * Thread 1 of each rank duplicates the world [10,20]; thread 0 enters a barrier on the duplicate
     * [30,40]. Thread 0's records come first in the file, so read alone they use a communicator not
     * made yet: the rank is read in order of entry instead. The barrier continues from the Comm_dup
     * (ended at 20): arrival 10 + 10 = 20, + 20 + 5·2 = 50; Finalize at 50: 60 through the barrier,
     * 40 from the Comm_dup.
     */
    @Test
    void aCommunicatorMadeByAnotherThreadIsFollowed() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "dup", 2, true);
        for (int r = 0; r < 2; r++) {
            run.rank(r).call("MPI_Init_thread", 0, 0, "required", 3, "provided", 3)
                    .call("MPI_Barrier", 30, 40, "comm", 4)
                    .call("MPI_Finalize", 50, 60)
                    .thread(1)
                    .call("MPI_Comm_dup", 10, 20, "oldcomm", WORLD, "newcomm", 4);
        }
        assertEquals("MPI_Init_thread -1 10 MPI_Comm_dup 0 10 MPI_Barrier -1 10 MPI_Finalize -1\n", CritpathRunner.critPath(dir, run));
    }
}
