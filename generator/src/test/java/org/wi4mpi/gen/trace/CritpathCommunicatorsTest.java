package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
 * Hand-computed graphs on communicators made by MPI_Comm_create, MPI_Cart_create and MPI_Cart_sub,
 * MPI_Intercomm_create; and the sentence when the traces do not tell a communicator's members. The
 * hand model of {@link CritpathExamplesTest}: a message costs 10 + 0.01·bytes.
 */
class CritpathCommunicatorsTest {

    static final int COMM_NULL = 1;
    static final int FIRST_USER_GROUP = 3;

    @TempDir
    Path dir;

    /*
     * Four ranks: Comm_group of the world [1,2], Group_incl of world ranks {3, 1} in that order [3,4],
     * Comm_create [5,10]: ranks 1 and 3 get the communicator, in which world 3 is rank 0. World 3 sends
     * 100 B (latency 11) to rank 1 of it [20,25], world 1 receives from its rank 0 [12,40], both
     * broadcast 10 ints on it (10 + 0.5·40 + 1·2 = 32). Ranks 0 and 2 finalize at 15. The three calls
     * before are 1 each: 3. Send = 13; Recv = max(5, 24) = 24; Bcast: world 1 arrives at 29, world 3 at
     * 18: 29 + 32 = 61; Finalize: world 3 71, world 1 66, ranks 0 and 2 8.
     */
    @Test
    void commCreateSubgroupCollectiveAndMessage() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "create", 4, true);
        int group = FIRST_USER_GROUP;
        int subgroup = FIRST_USER_GROUP + 1;
        for (int r = 0; r < 4; r++) {
            boolean member = r == 1 || r == 3;
            run.rank(r).call("MPI_Init", 0, 0)
                    .call("MPI_Comm_group", 1, 2, "comm", WORLD, "group", group)
                    .call("MPI_Group_incl", 3, 4, "group", group, "count", 2, "ranks", new int[] {3, 1}, "newgroup", subgroup)
                    .call("MPI_Comm_create", 5, 10, "oldcomm", WORLD, "group", subgroup, "newcomm", member ? 4 : COMM_NULL);
        }
        Object[] bcast = {"count", 10, "datatype", DUMPI_INT, "root", 0, "comm", 4};
        run.rank(3).call("MPI_Send", 20, 25, "count", 100, "datatype", DUMPI_BYTE, "dest", 1, "tag", 0, "comm", 4)
                .call("MPI_Bcast", 30, 60, bcast).call("MPI_Finalize", 70, 80);
        run.rank(1).call("MPI_Recv", 12, 40, "count", 100, "datatype", DUMPI_BYTE, "source", 0, "tag", 0, "comm", 4)
                .call("MPI_Bcast", 45, 60, bcast).call("MPI_Finalize", 65, 70);
        run.rank(0).call("MPI_Finalize", 15, 20);
        run.rank(2).call("MPI_Finalize", 15, 20);
        assertEquals("MPI_Init -1 1 MPI_Comm_group 3 1 MPI_Group_incl 3 1 MPI_Comm_create 3 10 MPI_Send 3 100 MPI_Recv 1 5 MPI_Bcast -1"
                + " 10 MPI_Finalize -1\n", CritpathRunner.critPath(dir, run));
    }

    /*
     * MPI-3's Comm_create with disjoint groups: ranks 0 and 1 give world {0, 1}, ranks 2 and 3 world
     * {3, 2}, making two communicators. In each, rank 0 sends to rank 1: world 0 10 B (10.1) to world 1
     * [10,11], world 3 1000 B (20) to world 2 [8,9]. The three calls before are 1 each: 3.
     * Send(w0) = 7, Recv(w1) = max(4, 17.1), Finalize 18.1; Send(w3) = 5, Recv(w2) = max(4, 25) = 25,
     * Finalize at 45: 30.
     */
    @Test
    void commCreateWithDisjointGroupsMakesOneCommunicatorEach() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "disjoint", 4, true);
        for (int r = 0; r < 4; r++) {
            run.rank(r).call("MPI_Init", 0, 0)
                    .call("MPI_Comm_group", 1, 2, "comm", WORLD, "group", FIRST_USER_GROUP)
                    .call("MPI_Group_incl", 3, 4, "group", FIRST_USER_GROUP, "count", 2, "ranks", r < 2 ? new int[] {0, 1} : new int[] {3, 2},
                            "newgroup", FIRST_USER_GROUP + 1)
                    .call("MPI_Comm_create", 5, 6, "oldcomm", WORLD, "group", FIRST_USER_GROUP + 1, "newcomm", 4);
        }
        run.rank(0).call("MPI_Send", 10, 11, "count", 10, "datatype", DUMPI_BYTE, "dest", 1, "tag", 0, "comm", 4)
                .call("MPI_Finalize", 20, 21);
        run.rank(1).call("MPI_Recv", 7, 30, "count", 10, "datatype", DUMPI_BYTE, "source", 0, "tag", 0, "comm", 4)
                .call("MPI_Finalize", 31, 32);
        run.rank(3).call("MPI_Send", 8, 9, "count", 1000, "datatype", DUMPI_BYTE, "dest", 1, "tag", 0, "comm", 4)
                .call("MPI_Finalize", 20, 21);
        run.rank(2).call("MPI_Recv", 7, 40, "count", 1000, "datatype", DUMPI_BYTE, "source", 0, "tag", 0, "comm", 4)
                .call("MPI_Finalize", 45, 46);
        assertEquals("MPI_Init -1 1 MPI_Comm_group 3 1 MPI_Group_incl 3 1 MPI_Comm_create 3 2 MPI_Send 3 1000 MPI_Recv 2 5 MPI_Finalize -1\n",
                CritpathRunner.critPath(dir, run));
    }

    /*
     * Four ranks on a 2 x 2 grid without reordering (world rank r at (r / 2, r % 2)); Cart_sub keeping
     * the first dimension makes the columns {0, 2} and {1, 3}, ranked by row. In each column rank 1
     * sends to rank 0: world 2 sends 1000 B (20) to world 0, world 3 10 B (10.1) to world 1; then each
     * column reduces 2 doubles (8 + 16 + 2·2 = 28). Cart_create [1,3], Cart_sub [4,6]: 2 everywhere.
     * Column 0: Send(w2) = 6, Recv(w0) = max(3, 26) = 26, Allreduce: w0 at 28, w2 at 14: 56;
     * Finalize: w2 66, w0 61. Column 1: Send(w3) 4, Recv(w1) 14.1, Allreduce 15.1 + 28 = 43.1,
     * Finalize 44.1.
     */
    @Test
    void cartCreateAndCartSubColumns() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "cart", 4, true);
        for (int r = 0; r < 4; r++) {
            run.rank(r).call("MPI_Init", 0, 0)
                    .call("MPI_Cart_create", 1, 3, "oldcomm", WORLD, "ndim", 2, "dims", new int[] {2, 2}, "periods", new int[] {0, 0},
                            "reorder", 0, "newcomm", 4)
                    .call("MPI_Cart_sub", 4, 6, "ndim", 2, "oldcomm", 4, "remain_dims", new int[] {1, 0}, "newcomm", 5);
        }
        Object[] allreduce = {"count", 2, "datatype", DUMPI_DOUBLE, "op", 3, "comm", 5};
        run.rank(2).call("MPI_Send", 10, 12, "count", 1000, "datatype", DUMPI_BYTE, "dest", 0, "tag", 5, "comm", 5)
                .call("MPI_Allreduce", 20, 40, allreduce).call("MPI_Finalize", 50, 60);
        run.rank(0).call("MPI_Recv", 7, 30, "count", 1000, "datatype", DUMPI_BYTE, "source", 1, "tag", 5, "comm", 5)
                .call("MPI_Allreduce", 32, 40, allreduce).call("MPI_Finalize", 45, 50);
        run.rank(3).call("MPI_Send", 8, 9, "count", 10, "datatype", DUMPI_BYTE, "dest", 0, "tag", 5, "comm", 5)
                .call("MPI_Allreduce", 10, 40, allreduce).call("MPI_Finalize", 41, 42);
        run.rank(1).call("MPI_Recv", 7, 20, "count", 10, "datatype", DUMPI_BYTE, "source", 1, "tag", 5, "comm", 5)
                .call("MPI_Allreduce", 21, 40, allreduce).call("MPI_Finalize", 41, 42);
        assertEquals("MPI_Init -1 1 MPI_Cart_create 2 1 MPI_Cart_sub 2 4 MPI_Send 2 1000 MPI_Recv 0 2 MPI_Allreduce -1 10 MPI_Finalize -1\n",
                CritpathRunner.critPath(dir, run));
    }

    /*
     * Four ranks split the world into {0, 1} and {2, 3} [1,2] and join the halves by
     * MPI_Intercomm_create (leaders: rank 0 of each half; remote leaders world 2 and 0; tag 9) [3,5]:
     * 2 everywhere. World 1 sends 100 B (11) to rank 1 of the remote group, world 3 [10,11]; world 3
     * receives from remote rank 1 [6,30]; all four enter a barrier on the intercommunicator
     * (20 + 5·4 = 40). Send = 7; Recv = max(3, 18) = 18; Barrier: arrivals 3, 8, 4 and 23 (world 3):
     * 63; Finalize: world 1 73, world 3 68, worlds 0 and 2 64.
     */
    @Test
    void intercommunicatorSendAndBarrier() throws IOException {
        SyntheticRun run = joinedHalves(dir, "inter");
        run.rank(1).call("MPI_Send", 10, 11, "count", 100, "datatype", DUMPI_BYTE, "dest", 1, "tag", 0, "comm", 5)
                .call("MPI_Barrier", 12, 80, "comm", 5).call("MPI_Finalize", 90, 95);
        run.rank(3).call("MPI_Recv", 6, 30, "count", 100, "datatype", DUMPI_BYTE, "source", 1, "tag", 0, "comm", 5)
                .call("MPI_Barrier", 35, 80, "comm", 5).call("MPI_Finalize", 85, 90);
        run.rank(0).call("MPI_Barrier", 6, 80, "comm", 5).call("MPI_Finalize", 81, 82);
        run.rank(2).call("MPI_Barrier", 7, 80, "comm", 5).call("MPI_Finalize", 81, 82);
        assertEquals("MPI_Init -1 1 MPI_Comm_split 1 1 MPI_Intercomm_create 1 5 MPI_Send 1 100 MPI_Recv 3 5 MPI_Barrier -1"
                + " 10 MPI_Finalize -1\n", CritpathRunner.critPath(dir, run));
    }

    /** Four ranks: the halves {0, 1} and {2, 3} of a split [1,2] joined by MPI_Intercomm_create [3,5] as communicator 5. */
    private static SyntheticRun joinedHalves(Path dir, String prefix) throws IOException {
        SyntheticRun run = new SyntheticRun(dir, prefix, 4, true);
        for (int r = 0; r < 4; r++) {
            run.rank(r).call("MPI_Init", 0, 0)
                    .call("MPI_Comm_split", 1, 2, "oldcomm", WORLD, "color", r / 2, "key", r, "newcomm", 4)
                    .call("MPI_Intercomm_create", 3, 5, "localcomm", 4, "localleader", 0, "remotecomm", WORLD,
                            "remoteleader", r < 2 ? 2 : 0, "tag", 9, "newcomm", 5);
        }
        return run;
    }

    /*
     * The halves above merged [6,8] with high = 1 on {0, 1}: the merged communicator is world 2, 3, 0, 1.
     * Its rank 0 (world 2) sends 100 B (11) to its rank 3 (world 1) [10,12], world 1 receives from rank
     * 0 [9,25]. Merge = 3 everywhere; Send = 5; Recv = max(4, 16) = 16; Finalize: world 1 21, world 2 13.
     */
    @Test
    void intercommMergePutsTheLowGroupFirst() throws IOException {
        SyntheticRun run = joinedHalves(dir, "merge");
        for (int r = 0; r < 4; r++) {
            run.rank(r).call("MPI_Intercomm_merge", 6, 8, "comm", 5, "high", r < 2 ? 1 : 0, "newcomm", 6);
        }
        run.rank(2).call("MPI_Send", 10, 12, "count", 100, "datatype", DUMPI_BYTE, "dest", 3, "tag", 0, "comm", 6)
                .call("MPI_Finalize", 20, 30);
        run.rank(1).call("MPI_Recv", 9, 25, "count", 100, "datatype", DUMPI_BYTE, "source", 0, "tag", 0, "comm", 6)
                .call("MPI_Finalize", 30, 35);
        run.rank(0).call("MPI_Finalize", 10, 11);
        run.rank(3).call("MPI_Finalize", 10, 11);
        assertEquals("MPI_Init -1 1 MPI_Comm_split 2 1 MPI_Intercomm_create 2 1 MPI_Intercomm_merge 2 2 MPI_Send 2 100 MPI_Recv 1 5"
                + " MPI_Finalize -1\n", CritpathRunner.critPath(dir, run));
    }

    /** A communicator made by a call without a DUMPI label: one sentence naming the call that uses it, exit 2, no output. */
    @Test
    void communicatorNoRecordedCallMadeIsNamed() throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "unknown", 2, true);
        for (int r = 0; r < 2; r++) {
            run.rank(r).unlabelled("MPI_Comm_split_type=1").call("MPI_Init", 0, 0)
                    .call("MPI_Bcast", 5, 10, "count", 1, "datatype", DUMPI_INT, "root", 0, "comm", 4);
        }
        long offset = run.rank(0).lastOffset();
        for (int r = 0; r < 2; r++) {
            run.rank(r).call("MPI_Finalize", 20, 30);
        }
        CritpathRunner result = CritpathRunner.withHandModel(dir, run);
        assertEquals(2, result.status());
        assertEquals("wi4mpi-trace critpath: " + dir.resolve("unknown-0000.bin") + ": MPI_Bcast uses communicator 4, which no call"
                + " recorded in the trace made (it lists calls it did not record, which may have made it: MPI_Comm_split_type=1)"
                + " at byte " + offset + ".\n", result.err());
        assertFalse(Files.exists(dir.resolve("critPath.out")));
    }

    /** Where rank 0's trace made the grid and sent on it. */
    private long cartOffset;
    private long sendOffset;

    private SyntheticRun reorderedGrid(Path dir, boolean commRank) throws IOException {
        SyntheticRun run = new SyntheticRun(dir, "reorder", 2, true);
        for (int r = 0; r < 2; r++) {
            run.rank(r).call("MPI_Init", 0, 0)
                    .call("MPI_Cart_create", 1, 3, "oldcomm", WORLD, "ndim", 1, "dims", new int[] {2}, "periods", new int[] {1},
                            "reorder", 1, "newcomm", 4);
            cartOffset = run.rank(0).lastOffset();
            if (commRank) {
                run.rank(r).call("MPI_Comm_rank", 4, 5, "comm", 4, "rank", 1 - r); // the MPI swapped the two ranks
            }
        }
        run.rank(0).call("MPI_Send", 10, 12, "count", 8, "datatype", DUMPI_BYTE, "dest", 0, "tag", 0, "comm", 4);
        sendOffset = run.rank(0).lastOffset();
        run.rank(0).call("MPI_Finalize", 20, 30);
        run.rank(1).call("MPI_Recv", 6, 15, "count", 8, "datatype", DUMPI_BYTE, "source", 1, "tag", 0, "comm", 4)
                .call("MPI_Finalize", 20, 30);
        return run;
    }

    /*
     * A grid the MPI may reorder: without MPI_Comm_rank records its rank order is unknown, and a message
     * on it is refused with the call that names a rank; with them (the ranks swapped) world 0 sends to
     * its grid rank 0, world 1: Cart_create 1, Comm_rank 2, Send 7, Recv max(3, 7 + 10.08) = 17.08,
     * Finalize 22.08.
     */
    @Test
    void reorderedGridNeedsCommRankRecords() throws IOException {
        CritpathRunner refused = CritpathRunner.withHandModel(dir, reorderedGrid(dir, false));
        assertEquals(2, refused.status());
        Path rank0 = dir.resolve("reorder-0000.bin");
        assertEquals("wi4mpi-trace critpath: " + rank0 + ": MPI_Send at byte " + sendOffset + " names a rank of a communicator whose"
                + " rank order the traces do not tell (" + rank0 + ": MPI_Cart_create at byte " + cartOffset + " let the MPI reorder"
                + " the ranks and not every member recorded its MPI_Comm_rank), so its messages cannot be matched.\n", refused.err());
        assertFalse(Files.exists(dir.resolve("critPath.out")));
        Path known = Files.createDirectory(dir.resolve("known"));
        assertEquals("MPI_Init -1 1 MPI_Cart_create 0 1 MPI_Comm_rank 0 5 MPI_Send 0 8 MPI_Recv 1 5 MPI_Finalize -1\n",
                CritpathRunner.critPath(known, reorderedGrid(known, true)));
    }
}
