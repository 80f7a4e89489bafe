package org.wi4mpi.gen.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The function set and prototypes each descriptor gives, against what wrap.py reads from the same family's mpi.h. */
class WrapFunctionsTest {

    private static WrapFunctions of(String family) {
        return WrapFunctions.of(WrapFixtures.abi(family));
    }

    @Test
    void setSizesAreWrapPysForTheSameHeaders() {
        // wrap.py -d with Open MPI 4.1's and MPICH 4.0's mpicc lists 350 and 565 functions.
        assertEquals(350, of("openmpi").size());
        assertEquals(565, of("mpich").size());
        // The standard ABI's 600 such functions less its 11 MPI_X_toint conversions.
        assertEquals(589, of("standard").size());
    }

    @Test
    void exclusions() {
        WrapFunctions mpich = of("mpich");
        assertTrue(mpich.contains("MPI_Aint_add"));
        assertTrue(mpich.contains("MPI_Wtime"));
        assertFalse(mpich.contains("MPI_Comm_c2f"));
        assertFalse(mpich.contains("MPI_Comm_spawn_multiple"));
        assertFalse(mpich.contains("MPI_T_init_thread"));
        assertFalse(mpich.contains("MPIX_Comm_failure_ack"));
        assertFalse(mpich.contains("MPI_Type_f2c"));
        WrapFunctions standard = of("standard");
        assertFalse(standard.contains("MPI_Comm_toint"));
        assertFalse(standard.contains("MPI_Request_toint"));
        assertTrue(standard.contains("MPI_Comm_rank"));
    }

    @Test
    void prototypes() {
        WrapFunctions openmpi = of("openmpi");
        assertEquals("int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)",
                openmpi.get("MPI_Send").prototype("MPI_Send"));
        assertEquals("int PMPI_Cart_create(MPI_Comm old_comm, int ndims, const int *dims, const int *periods, int reorder, MPI_Comm *comm_cart)",
                openmpi.get("MPI_Cart_create").prototype("PMPI_Cart_create"));
        assertEquals("int MPI_Group_range_incl(MPI_Group group, int n, int (*ranges)[3], MPI_Group *newgroup)",
                openmpi.get("MPI_Group_range_incl").prototype("MPI_Group_range_incl"));
        assertEquals("int MPI_Init(int *argc, char ***argv)", openmpi.get("MPI_Init").prototype("MPI_Init"));
        assertEquals("double MPI_Wtime()", openmpi.get("MPI_Wtime").prototype("MPI_Wtime"));
        assertEquals("int MPI_Pcontrol(const int level, ...)", of("mpich").get("MPI_Pcontrol").prototype("MPI_Pcontrol"));
        assertEquals("MPI_Aint MPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)",
                of("mpich").get("MPI_Aint_diff").prototype("MPI_Aint_diff"));
    }

    @Test
    void allButIsSortedWithoutTheExcluded() {
        var names = of("openmpi").allBut(java.util.List.of("MPI_Abort", "MPI_Nothing"));
        assertEquals(349, names.size());
        assertEquals("MPI_Accumulate", names.getFirst());
        assertEquals(names.stream().sorted().toList(), names);
    }
}
