package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wi4mpi.gen.trace.DumpiTestWriter.DUMPI_DOUBLE;
import static org.wi4mpi.gen.trace.DumpiTestWriter.WORLD;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** More hand-computed graphs: a Sendrecv ring on a duplicated communicator, the default fit, the DOT file. */
class CritpathMoreExamplesTest {

    @TempDir
    Path dir;

    /*
     * Three ranks shift one double (8 B, latency 10.08) around a ring with MPI_Sendrecv on a duplicate of
     * MPI_COMM_WORLD. Each message leaves its Sendrecv on entry. Rank r: Comm_dup [10,20], Sendrecv
     * entered at 30, 60, 40 and left at 100, Finalize 110. Entries: 10 + 10 = 20 (after the dup),
     * 10 + 40 = 50, 10 + 20 = 30. Sendrecv0 receives from 2: max(20, 30 + 10.08) = 40.08; Sendrecv1
     * from 0: max(50, 20 + 10.08) = 50; Sendrecv2 from 1: max(30, 50 + 10.08) = 60.08. Finalize:
     * 60.08 + 10 through rank 2, whose message came from rank 1's entry.
     */
    @Test
    void sendrecvRingOnADuplicate() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "shift", 3, true);
        double[] entry = {30, 60, 40};
        for (int r = 0; r < 3; r++) {
            run.rank(r).call("MPI_Init", 0, 0)
                    .call("MPI_Comm_dup", 10, 20, "oldcomm", WORLD, "newcomm", 4)
                    .call("MPI_Sendrecv", entry[r], 100, "sendcount", 1, "sendtype", DUMPI_DOUBLE, "dest", (r + 1) % 3, "sendtag", 0,
                            "recvcount", 1, "recvtype", DUMPI_DOUBLE, "source", (r + 2) % 3, "recvtag", 0, "comm", 4)
                    .call("MPI_Finalize", 110, 120);
        }
        CritpathRunner result = CritpathRunner.withHandModel(dir, run);
        assertEquals(0, result.status(), result.err());
        assertEquals("MPI_Init -1 10 MPI_Comm_dup 1 40 MPI_Sendrecv 1 8 MPI_Sendrecv 2 10 MPI_Finalize -1\n", result.critPathOut(dir));
        assertTrue(result.out().startsWith("critical path: 70.080 us over 5 vertices (1 message, 0 collectives;"), result.out());
    }

    /*
     * Four ranks split MPI_COMM_WORLD by parity with key -rank, so the even communicator is {2, 0} and
     * the odd one {3, 1} (ordered by key): in each, rank 0 sends 1000 B (latency 20) to rank 1, then
     * both broadcast one int (10 + 2 + 2 = 14). Split = 10 everywhere. Even: Send(w2) = 90;
     * Recv(w0) = max(15, 110) = 110; Bcast: w0 arrives at 120, w2 at 95: 134; Finalize via w0: 144.
     * Odd: Send(w3) = 30, Recv(w1) = 50, Bcast 74, Finalize 84.
     */
    @Test
    void commSplitRanksAreJoinedAcrossFiles() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "split", 4, true);
        for (int r = 0; r < 4; r++) {
            run.rank(r).call("MPI_Init", 0, 0).call("MPI_Comm_split", 10, 20, "oldcomm", WORLD, "color", r % 2, "key", -r, "newcomm", 4);
        }
        Object[] bcast = {"count", 1, "datatype", DumpiTestWriter.DUMPI_INT, "root", 0, "comm", 4};
        run.rank(0).call("MPI_Recv", 25, 200, "count", 1000, "datatype", DumpiTestWriter.DUMPI_BYTE, "source", 0, "tag", 0, "comm", 4)
                .call("MPI_Bcast", 210, 220, bcast).call("MPI_Finalize", 230, 240);
        run.rank(2).call("MPI_Send", 100, 110, "count", 1000, "datatype", DumpiTestWriter.DUMPI_BYTE, "dest", 1, "tag", 0, "comm", 4)
                .call("MPI_Bcast", 115, 220, bcast).call("MPI_Finalize", 225, 230);
        run.rank(1).call("MPI_Recv", 30, 60, "count", 1000, "datatype", DumpiTestWriter.DUMPI_BYTE, "source", 0, "tag", 0, "comm", 4)
                .call("MPI_Bcast", 70, 80, bcast).call("MPI_Finalize", 90, 95);
        run.rank(3).call("MPI_Send", 40, 50, "count", 1000, "datatype", DumpiTestWriter.DUMPI_BYTE, "dest", 1, "tag", 0, "comm", 4)
                .call("MPI_Bcast", 55, 80, bcast).call("MPI_Finalize", 85, 90);
        CritpathRunner result = CritpathRunner.withHandModel(dir, run);
        assertEquals(0, result.status(), result.err());
        assertEquals("MPI_Init -1 10 MPI_Comm_split 2 80 MPI_Send 2 1000 MPI_Recv 0 10 MPI_Bcast -1 10 MPI_Finalize -1\n",
                result.critPathOut(dir));
        assertTrue(result.out().startsWith("critical path: 144.000 us over 6 vertices"), result.out());
    }

    /*
     * The ping-pong of CritpathExamplesTest with the default fit: a message of 800 B costs
     * 0.13 + 0.00014 * 800 = 0.242. Recv1 = max(10, 50.242); Send1 = 70.242; Recv0 = 70.484;
     * Finalize = 120.484. The records of an instrumented user function are no vertices.
     */
    @Test
    void defaultFitWithoutModel() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "pingpong", 2, true);
        run.rank(0).call("MPI_Init", 0, 100)
                .call("DUMPI_Function_enter", 150, 150, "fn", 0x401000L)
                .call("MPI_Send", 150, 160, "count", 100, "datatype", DUMPI_DOUBLE, "dest", 1, "tag", 7, "comm", WORLD)
                .call("DUMPI_Function_exit", 160, 160, "fn", 0x401000L)
                .call("MPI_Recv", 160, 400, "count", 100, "datatype", DUMPI_DOUBLE, "source", 1, "tag", 7, "comm", WORLD)
                .call("MPI_Finalize", 450, 460);
        run.rank(1).call("MPI_Init", 0, 120)
                .call("MPI_Recv", 130, 300, "count", 100, "datatype", DUMPI_DOUBLE, "source", 0, "tag", 7, "comm", WORLD)
                .call("MPI_Send", 320, 330, "count", 100, "datatype", DUMPI_DOUBLE, "dest", 0, "tag", 7, "comm", WORLD)
                .call("MPI_Finalize", 340, 350);
        Path traces = run.write();
        Path out = dir.resolve("critPath.out");
        CritpathRunner result = CritpathRunner.run("critpath", traces.toString(), "-o", out.toString());
        assertEquals(0, result.status(), result.err());
        assertEquals("MPI_Init -1 50 MPI_Send 0 800 MPI_Recv 1 20 MPI_Send 1 800 MPI_Recv 0 50 MPI_Finalize -1\n", Files.readString(out));
        assertTrue(result.out().startsWith("critical path: 120.484 us over 6 vertices (2 messages, 0 collectives; latencies from the default fit)"),
                result.out());
    }

    /*
     * The ping-pong of CritpathExamplesTest, whose ranks also made calls without a DUMPI label: the path
     * is the same, and the summary names those calls with their counts summed over the ranks.
     */
    @Test
    void callsWithoutALabelAreNamedInTheSummary() throws IOException {
        SyntheticRun run = CritpathExamplesTest.pingPong(dir);
        run.rank(0).unlabelled("MPI_Ibarrier=2 MPI_Mprobe=1");
        run.rank(1).unlabelled("MPI_Ibarrier=2");
        CritpathRunner result = CritpathRunner.withHandModel(dir, run);
        assertEquals(0, result.status(), result.err());
        assertEquals("MPI_Init -1 50 MPI_Send 0 800 MPI_Recv 1 20 MPI_Send 1 800 MPI_Recv 0 50 MPI_Finalize -1\n", result.critPathOut(dir));
        assertTrue(result.out().contains("\n  not in the graph: 5 calls without a DUMPI label, counted by 2 ranks but not recorded:"
                + " MPI_Ibarrier 4, MPI_Mprobe 1\n"), result.out());
    }

    @Test
    void aMalformedUnlabelledListIsNamed() throws IOException {
        SyntheticRun run = CritpathExamplesTest.pingPong(dir);
        run.rank(1).unlabelled("MPI_Ibarrier=two");
        CritpathRunner result = CritpathRunner.withHandModel(dir, run);
        assertEquals(2, result.status());
        assertTrue(result.err().startsWith("wi4mpi-trace critpath: " + dir.resolve("pingpong-0001.bin")
                + ": the keyval entry wi4mpi.unlabelled holds 'MPI_Ibarrier=two', not name=count at byte "), result.err());
        assertFalse(Files.exists(dir.resolve("critPath.out")));
    }

    @Test
    void dotHasAClusterPerRankAndThePathInRed() throws IOException {
        Path dot = dir.resolve("graph.dot");
        CritpathRunner result = CritpathRunner.withHandModel(dir, CritpathExamplesTest.figureTwo(dir), "--dot", dot.toString());
        assertEquals(0, result.status(), result.err());
        List<String> lines = Files.readAllLines(dot);
        for (int r = 0; r < 3; r++) {
            assertTrue(lines.contains("  subgraph cluster_rank" + r + " {"), "cluster of rank " + r);
        }
        String red = ", color=red, fontcolor=red, penwidth=2.5";
        assertTrue(lines.contains("    r0_1 [label=\"MPI_Send 0\"" + red + "];"), String.join("\n", lines));
        assertTrue(lines.contains("    r2_1 [label=\"MPI_Send 2\"" + red + "];"));
        assertTrue(lines.contains("  c0 [label=\"MPI_Barrier -1\"" + red + "];"));
        assertTrue(lines.contains("  r0_1 -> r1_0 [label=\"(400)\", style=dashed" + red + "];"));
        assertTrue(lines.contains("  r1_0 -> c0 [label=\"100\"" + red + "];"));
        // off the path: rank 0's own edge into the barrier, and rank 2's path to Finalize
        assertTrue(lines.contains("  r0_1 -> c0 [label=\"5\"];"));
        assertTrue(lines.contains("  r2_1 -> finalize [label=\"5\"];"));
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("    r1_0 ") && l.contains("red") && !l.contains("MPI_Recv 1")));
    }
}
