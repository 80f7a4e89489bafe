package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Group expressions evaluated to world ranks in the order the MPI standard gives them. */
class GroupDefTest {

    /** A communicator of world ranks 5, 3, 1, 0, 2, 4 in that order (as a split by key would give). */
    private static final CommDef COMM = resolved(new int[] {5, 3, 1, 0, 2, 4}, null);

    private static CommDef resolved(int[] members, String unordered) {
        CommDef def = CommDef.root(CommDef.Kind.WORLD, 0, members);
        def.unordered = unordered;
        return def;
    }

    private static GroupDef of(CommDef comm) {
        return new GroupDef(GroupDef.Kind.OF_COMM, comm, null, null, null, "t-0000.bin: MPI_Comm_group at byte 40");
    }

    private static GroupDef derived(GroupDef.Kind kind, GroupDef first, GroupDef second, int[]... ranks) {
        return new GroupDef(kind, null, first, second, ranks, "t-0000.bin: " + kind + " at byte 60");
    }

    @Test
    void inclExclAndRangesFollowTheGroupsOrder() throws Exception {
        GroupDef all = of(COMM);
        assertArrayEquals(new int[] {0, 5, 1}, derived(GroupDef.Kind.INCL, all, null, new int[] {3, 0, 2}).members());
        assertArrayEquals(new int[] {3, 0, 4}, derived(GroupDef.Kind.EXCL, all, null, new int[] {0, 2, 4}).members());
        // {0, 4, 2} and {5, 5, 1}: positions 0, 2, 4, 5
        assertArrayEquals(new int[] {5, 1, 2, 4},
                derived(GroupDef.Kind.RANGE_INCL, all, null, new int[] {0, 4, 2}, new int[] {5, 5, 1}).members());
        // a negative stride counts down: positions 5, 3, 1 are dropped
        assertArrayEquals(new int[] {5, 1, 2}, derived(GroupDef.Kind.RANGE_EXCL, all, null, new int[] {5, 1, -2}).members());
    }

    @Test
    void setOperationsKeepTheFirstGroupsOrder() throws Exception {
        GroupDef all = of(COMM);
        GroupDef a = derived(GroupDef.Kind.INCL, all, null, new int[] {4, 2, 0}); // 2, 1, 5
        GroupDef b = derived(GroupDef.Kind.INCL, all, null, new int[] {3, 2, 5}); // 0, 1, 4
        assertArrayEquals(new int[] {2, 1, 5, 0, 4}, derived(GroupDef.Kind.UNION, a, b).members());
        assertArrayEquals(new int[] {1}, derived(GroupDef.Kind.INTERSECTION, a, b).members());
        assertArrayEquals(new int[] {2, 5}, derived(GroupDef.Kind.DIFFERENCE, a, b).members());
        assertArrayEquals(new int[0], GroupDef.EMPTY.members());
    }

    @Test
    void unknownOrderAndBadRanksAreNamed() {
        GroupDef reordered = of(resolved(new int[] {0, 1}, "t-0000.bin: MPI_Cart_create at byte 20 let the MPI reorder the ranks"));
        assertEquals("t-0000.bin: MPI_Comm_group at byte 40 takes the group of a communicator whose rank order the traces do not tell"
                + " (t-0000.bin: MPI_Cart_create at byte 20 let the MPI reorder the ranks)",
                assertThrows(GroupDef.UnknownMembers.class, reordered::members).getMessage());
        assertEquals("t-0000.bin: INCL at byte 60 names rank 6 of a group of 6",
                assertThrows(GroupDef.UnknownMembers.class, () -> derived(GroupDef.Kind.INCL, of(COMM), null, new int[] {6}).members())
                        .getMessage());
    }
}
