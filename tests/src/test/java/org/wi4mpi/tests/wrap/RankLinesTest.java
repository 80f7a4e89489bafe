package org.wi4mpi.tests.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.wi4mpi.tests.ProcessResult;

/** Rank lines as MPICH's launcher may forward them: glued to another rank's output before their newline. */
class RankLinesTest {

    private static RankLines of(String stdout) {
        return RankLines.of(new ProcessResult(List.of("mpirun"), 0, stdout, "", Duration.ZERO, false));
    }

    @Test
    void aLineGluedToTheClosingOkKeepsItsName() {
        RankLines lines = of("wrap_ring rank 0: size=2 sum=3\nwrap_ring: okcount_time rank 1: MPI_Init=1 MPI_Send=5\n"
                + "count_time rank 0: MPI_Init=1 MPI_Send=5\n");
        assertEquals(Map.of("wrap_ring 0", "size=2 sum=3", "count_time 0", "MPI_Init=1 MPI_Send=5",
                "count_time 1", "MPI_Init=1 MPI_Send=5"), lines.lines());
    }

    @Test
    void aLineGluedBeforeAnotherLinesNewlineEndsAtItsLastValue() {
        RankLines lines = of("count_time rank 0: MPI_Init=1count_time_seconds rank 1: MPI_Init=0.5\n");
        assertEquals(Map.of("count_time 0", "MPI_Init=1", "count_time_seconds 1", "MPI_Init=0.5"), lines.lines());
    }
}
