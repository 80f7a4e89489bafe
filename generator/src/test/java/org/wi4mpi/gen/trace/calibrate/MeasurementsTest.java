package org.wi4mpi.gen.trace.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The measuring program's output as calibrate reads it. */
class MeasurementsTest {

    @Test
    void readsLibraryLinesAndSamplesAndSkipsOtherOutput() throws Exception {
        Measurements m = Measurements.parse(List.of(
                "calibrate library MPICH Version:    \t4.0.2",
                "calibrate library MPICH Device: ch4:ucx",
                "some note from the launcher",
                "calibrate p2p 4 0.123",
                "calibrate coll MPI_Alltoall 12 3 4.5",
                "calibrate done"), "the run");
        assertEquals(List.of("MPICH Version: 4.0.2", "MPICH Device: ch4:ucx"), m.library());
        assertEquals(List.of(new Sample(Sample.POINT_TO_POINT, 4, 2, 0.123), new Sample("MPI_Alltoall", 12, 3, 4.5)), m.samples());
    }

    @Test
    void aRunWithoutItsClosingLineDidNotFinish() {
        CalibrationException e = assertThrows(CalibrationException.class,
                () -> Measurements.parse(List.of("calibrate p2p 4 0.1"), "the run with 2 ranks"));
        assertEquals("the run with 2 ranks ended without its closing 'calibrate done' line.", e.getMessage());
    }

    @Test
    void unknownOrMalformedLinesAreNamed() {
        for (String line : List.of("calibrate coll MPI_Send 4 2 1.0", "calibrate p2p 4 fast", "calibrate p2p 4 -1",
                "calibrate coll MPI_Bcast 4 2")) {
            CalibrationException e = assertThrows(CalibrationException.class,
                    () -> Measurements.parse(List.of(line, "calibrate done"), "the run"));
            assertEquals("the run printed a line the calibration does not understand: '" + line + "'.", e.getMessage());
        }
    }
}
