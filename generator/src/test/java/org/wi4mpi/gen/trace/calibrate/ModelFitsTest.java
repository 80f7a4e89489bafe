package org.wi4mpi.gen.trace.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which variables each fit uses, from what the samples vary. */
class ModelFitsTest {

    private static List<Sample> allreduce(int... rankCounts) {
        List<Sample> samples = new ArrayList<>();
        for (int ranks : rankCounts) {
            for (long bytes = 4; bytes <= 4096; bytes *= 4) {
                samples.add(new Sample("MPI_Allreduce", bytes, ranks, 1 + 0.001 * bytes + 0.5 * ranks));
            }
        }
        return samples;
    }

    @Test
    void collectiveOverSizesAndRankCountsFitsBothVariables() throws Exception {
        List<ModelFits.Named> fits = ModelFits.collectives(allreduce(2, 3, 4));
        assertEquals(1, fits.size());
        ModelFits.Named fit = fits.get(0);
        assertEquals("MPI_Allreduce", fit.function());
        assertEquals(EnumSet.of(Variable.BYTES, Variable.RANKS), fit.variables());
        assertEquals(1, fit.fit().a(), 1e-9);
        assertEquals(0.001, fit.fit().b(), 1e-12);
        assertEquals(0.5, fit.fit().c(), 1e-9);
        assertEquals(18, fit.fit().points());
    }

    @Test
    void oneRankCountLeavesTheRankTermAtZero() throws Exception {
        ModelFits.Named fit = ModelFits.collectives(allreduce(2)).get(0);
        assertEquals(EnumSet.of(Variable.BYTES), fit.variables());
        assertEquals(2, fit.fit().a(), 1e-9);
        assertEquals(0.001, fit.fit().b(), 1e-12);
        assertEquals(0, fit.fit().c());
    }

    @Test
    void barrierFitsRanksOnlyOrItsOneValue() throws Exception {
        List<Sample> barriers = List.of(new Sample("MPI_Barrier", 0, 2, 0.5), new Sample("MPI_Barrier", 0, 3, 2),
                new Sample("MPI_Barrier", 0, 4, 3.5));
        ModelFits.Named fit = ModelFits.collectives(barriers).get(0);
        assertEquals(EnumSet.of(Variable.RANKS), fit.variables());
        assertEquals(-2.5, fit.fit().a(), 1e-12);
        assertEquals(0, fit.fit().b());
        assertEquals(1.5, fit.fit().c(), 1e-12);
        ModelFits.Named one = ModelFits.collectives(List.of(new Sample("MPI_Barrier", 0, 2, 0.5))).get(0);
        assertEquals(EnumSet.noneOf(Variable.class), one.variables());
        assertEquals(new Fit(0.5, 0, 0, 1, 1), one.fit());
    }

    @Test
    void pointToPointIgnoresCollectivesAndNamesItselfInFaults() throws Exception {
        List<Sample> samples = new ArrayList<>(allreduce(2));
        samples.add(new Sample(Sample.POINT_TO_POINT, 4, 2, 1.5));
        samples.add(new Sample(Sample.POINT_TO_POINT, 1004, 2, 2.5));
        ModelFits.Named p2p = ModelFits.pointToPoint(samples);
        assertEquals(1.496, p2p.fit().a(), 1e-12);
        assertEquals(0.001, p2p.fit().b(), 1e-15);
        assertEquals(2, p2p.fit().points());
        CalibrationException e = assertThrows(CalibrationException.class,
                () -> ModelFits.pointToPoint(List.of(new Sample(Sample.POINT_TO_POINT, 4, 2, 1.5))));
        assertEquals("pointToPoint: a fit on bytes needs points with at least two different bytes, and all 1 have bytes = 4.",
                e.getMessage());
    }
}
