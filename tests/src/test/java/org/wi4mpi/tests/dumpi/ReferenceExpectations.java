package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.wi4mpi.tests.MpiFamily;

/**
 * What libdumpi records for each traced program, as dumpi2ascii prints it. Predefined objects appear as
 * DUMPI's constants ({@code 2 (MPI_COMM_WORLD)}, {@code 9 (MPI_INT)}, {@code 3 (MPI_SUM)}) whatever the
 * MPI; ranks are recorded as the program passed them, MPI_ANY_SOURCE and MPI_ROOT mapped, MPI_PROC_NULL
 * not: it keeps its native value (Open MPI -2, which reads as DUMPI's MPI_ROOT; MPICH -1, which reads
 * as MPI_ANY_SOURCE in a source). MPI-3 functions have no DUMPI label and are not recorded
 * (hello's MPI_Get_library_version).
 */
final class ReferenceExpectations {

    /** One rank's calls in a run of {@code np} ranks. */
    record RankView(int rank, int np, List<DumpiCall> calls) {

        List<String> functions() {
            return calls.stream().map(DumpiCall::function).toList();
        }

        /** The calls of one function, in order. */
        List<DumpiCall> of(String function) {
            return calls.stream().filter(c -> c.function().equals(function)).toList();
        }

        /** The only call of {@code function} whose argument {@code tag} has that value. */
        DumpiCall tagged(String function, int tag) {
            List<DumpiCall> found = of(function).stream().filter(c -> c.value("tag").equals(Integer.toString(tag))).toList();
            assertEquals(1, found.size(), () -> function + " with tag " + tag + ": " + found);
            return found.getFirst();
        }

        int right() {
            return (rank + 1) % np;
        }

        int left() {
            return (rank + np - 1) % np;
        }
    }

    private static final String WORLD = "2 (MPI_COMM_WORLD)";
    private static final String INT = "9 (MPI_INT)";

    private ReferenceExpectations() {
    }

    static void check(String program, MpiFamily family, RankView view, String where) {
        switch (program) {
            case "hello" -> hello(view, where);
            case "p2p" -> p2p(family, view, where);
            case "collective_calls" -> collectives(view, where);
            default -> throw new IllegalArgumentException("no expectations for " + program);
        }
    }

    private static void hello(RankView view, String where) {
        // MPI_Get_library_version (MPI-3.0) is called between Comm_size and Allreduce but has no label.
        assertEquals(List.of("MPI_Init", "MPI_Comm_rank", "MPI_Comm_size", "MPI_Allreduce", "MPI_Comm_rank",
                "MPI_Finalize"), view.functions(), where);
        DumpiCall init = view.calls().getFirst();
        assertEquals("1", init.value("argc"), where + init);
        assertTrue(init.value("argv[1]").matches("\\[\".*/hello\"\\]"), where + init);
        DumpiCall rank = view.calls().get(1);
        assertEquals(List.of(new DumpiArgument("MPI_Comm", "comm", WORLD),
                new DumpiArgument("int", "rank", Integer.toString(view.rank()))), rank.arguments(), where);
        assertEquals(Integer.toString(view.np()), view.calls().get(2).value("size"), where);
        assertEquals(List.of(new DumpiArgument("int", "count", "1"), new DumpiArgument("MPI_Datatype", "datatype", INT),
                new DumpiArgument("MPI_Op", "op", "3 (MPI_SUM)"), new DumpiArgument("MPI_Comm", "comm", WORLD)),
                view.calls().get(3).arguments(), where);
    }

    private static void p2p(MpiFamily family, RankView view, String where) {
        assertEquals("MPI_Init", view.functions().getFirst(), where);
        assertEquals("MPI_Finalize", view.functions().getLast(), where);
        // The four send modes around the ring, tags 10 to 13.
        List<String> modes = List.of("MPI_Send", "MPI_Bsend", "MPI_Ssend", "MPI_Rsend");
        for (int mode = 0; mode < modes.size(); mode++)
            assertEquals(List.of(new DumpiArgument("int", "count", "5"), new DumpiArgument("MPI_Datatype", "datatype", INT),
                    new DumpiArgument("int", "dest", Integer.toString(view.right())),
                    new DumpiArgument("int", "tag", Integer.toString(10 + mode)),
                    new DumpiArgument("MPI_Comm", "comm", WORLD)),
                    view.tagged(modes.get(mode), 10 + mode).arguments(), where + modes.get(mode));

        DumpiCall wildcard = view.of("MPI_Recv").getFirst();
        assertEquals("-1 (MPI_ANY_SOURCE)", wildcard.value("source"), where + wildcard);
        assertEquals("-1 (MPI_ANY_TAG)", wildcard.value("tag"), where + wildcard);

        // Isend of 3 ints received as up to 5 from the left neighbour: the status holds what arrived.
        DumpiCall recv = view.tagged("MPI_Recv", 30);
        assertEquals(List.of(new DumpiArgument("int", "count", "5"), new DumpiArgument("MPI_Datatype", "datatype", INT),
                new DumpiArgument("int", "source", Integer.toString(view.left())), new DumpiArgument("int", "tag", "30"),
                new DumpiArgument("MPI_Comm", "comm", WORLD)),
                recv.arguments().subList(0, 5), where);
        // The status's MPI_ERROR is recorded as the program's memory holds it: MPI_Recv does not set it
        // (MPICH leaves what the stack held, Open MPI happens to hold 0 there), so it is not compared.
        assertTrue(recv.value("status").matches("\\[\\{bytes=12, cancelled=0, source=" + view.left()
                + ", tag=30, error=-?\\d+}]"), where + recv);
        assertEquals("3", view.tagged("MPI_Isend", 30).value("count"), where);

        // MPI_PROC_NULL keeps the application's own value.
        String procNullDest = family == MpiFamily.OPENMPI ? "-2 (MPI_ROOT)" : "-1";
        String procNullSource = family == MpiFamily.OPENMPI ? "-2 (MPI_ROOT)" : "-1 (MPI_ANY_SOURCE)";
        assertEquals(procNullDest, view.tagged("MPI_Send", 50).value("dest"), where);
        assertEquals(procNullDest, view.tagged("MPI_Ssend", 50).value("dest"), where);
        assertEquals(procNullSource, view.tagged("MPI_Recv", 50).value("source"), where);
    }

    private static void collectives(RankView view, String where) {
        assertEquals(List.of("MPI_Init", "MPI_Comm_rank", "MPI_Comm_size", "MPI_Barrier", "MPI_Bcast", "MPI_Reduce",
                "MPI_Allreduce", "MPI_Gather", "MPI_Scatter", "MPI_Allgather", "MPI_Alltoall", "MPI_Gatherv",
                "MPI_Allgatherv", "MPI_Scan", "MPI_Barrier", "MPI_Comm_rank", "MPI_Finalize"), view.functions(), where);
        String root = Integer.toString(view.np() - 1);
        assertEquals(List.of(new DumpiArgument("int", "count", "1"), new DumpiArgument("MPI_Datatype", "datatype", INT),
                new DumpiArgument("int", "root", root), new DumpiArgument("MPI_Comm", "comm", WORLD)),
                view.of("MPI_Bcast").getFirst().arguments(), where);
        DumpiCall allreduce = view.of("MPI_Allreduce").getFirst();
        assertEquals("14 (MPI_DOUBLE)", allreduce.value("datatype"), where);
        assertEquals("1 (MPI_MAX)", allreduce.value("op"), where);
        // Rooted collectives also record the caller's rank in the communicator.
        DumpiCall gather = view.of("MPI_Gather").getFirst();
        assertEquals(Integer.toString(view.rank()), gather.value("commrank"), where + gather);
        assertEquals(root, gather.value("root"), where + gather);

        // The counts and displacements of a v collective: at the root only; elsewhere not read.
        DumpiCall gatherv = view.of("MPI_Gatherv").getFirst();
        String counts = "recvcounts[" + view.np() + "]";
        String displs = "displs[" + view.np() + "]";
        if (view.rank() == 0) {
            assertEquals(view.np() == 1 ? "[3]" : "[3, 3]", gatherv.value(counts), where + gatherv);
            assertEquals(view.np() == 1 ? "[0]" : "[0, 3]", gatherv.value(displs), where + gatherv);
            assertEquals(INT, gatherv.value("recvtype"), where + gatherv);
        } else {
            assertEquals("<IGNORED>", gatherv.value(counts), where + gatherv);
            assertEquals("<IGNORED>", gatherv.value(displs), where + gatherv);
            assertEquals("0 (MPI_DATATYPE_ERROR)", gatherv.value("recvtype"), where + gatherv);
        }
        DumpiCall allgatherv = view.of("MPI_Allgatherv").getFirst();
        assertEquals(view.np() == 1 ? "[3]" : "[3, 3]", allgatherv.value(counts), where + allgatherv);
    }
}
