package org.wi4mpi.gen.trace.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The regressions: exact fits recovered, R² as defined, degenerate input refused with a sentence. */
class LeastSquaresTest {

    @Test
    void lineThroughExactPointsRecoversTheCoefficients() throws Exception {
        double[] bytes = {4, 8, 16, 32, 1024, 32768};
        double[] micros = new double[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            micros[i] = 0.25 + 0.0003 * bytes[i];
        }
        Fit fit = LeastSquares.line(bytes, micros, "bytes");
        assertEquals(0.25, fit.a(), 1e-12);
        assertEquals(0.0003, fit.b(), 1e-15);
        assertEquals(0, fit.c());
        assertEquals(1, fit.r2(), 1e-12);
        assertEquals(6, fit.points());
    }

    @Test
    void lineWithNoiseHasTheHandComputedFitAndR2() throws Exception {
        // x = 0 1 2 3, y = 1 3 2 4: mean x 1.5, mean y 2.5, Sxx 5, Sxy 4 -> b 0.8, a 1.3;
        // fitted 1.3 2.1 2.9 3.7, residuals -0.3 0.9 -0.9 0.3 -> SSres 1.8, SStot 5 -> R² 0.64
        Fit fit = LeastSquares.line(new double[] {0, 1, 2, 3}, new double[] {1, 3, 2, 4}, "bytes");
        assertEquals(1.3, fit.a(), 1e-12);
        assertEquals(0.8, fit.b(), 1e-12);
        assertEquals(0.64, fit.r2(), 1e-12);
    }

    @Test
    void planeThroughExactPointsRecoversTheThreeCoefficients() throws Exception {
        double[] bytes = {4, 64, 1024, 4, 64, 1024, 4, 64, 1024};
        double[] ranks = {2, 2, 2, 3, 3, 3, 4, 4, 4};
        double[] micros = new double[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            micros[i] = -0.5 + 0.002 * bytes[i] + 1.75 * ranks[i];
        }
        Fit fit = LeastSquares.plane(bytes, ranks, micros, "bytes", "ranks");
        assertEquals(-0.5, fit.a(), 1e-10);
        assertEquals(0.002, fit.b(), 1e-13);
        assertEquals(1.75, fit.c(), 1e-10);
        assertEquals(1, fit.r2(), 1e-12);
        assertEquals(9, fit.points());
        assertEquals(-0.5 + 0.002 * 100 + 1.75 * 8, fit.at(100, 8), 1e-9);
    }

    @Test
    void planeWithNoiseMatchesTheNormalEquations() throws Exception {
        // x1 = 0 1 0 1, x2 = 0 0 1 1 (a balanced 2x2 design): b = mean difference along x1, c along x2
        // y = 1 2 4 6: b = ((2-1)+(6-4))/2 = 1.5, c = ((4-1)+(6-2))/2 = 3.5, a = mean y - b/2 - c/2 = 0.75;
        // fitted 0.75 2.25 4.25 5.75, residuals 0.25 -0.25 -0.25 0.25 -> SSres 0.25, SStot 14.75
        Fit fit = LeastSquares.plane(new double[] {0, 1, 0, 1}, new double[] {0, 0, 1, 1}, new double[] {1, 2, 4, 6}, "bytes", "ranks");
        assertEquals(0.75, fit.a(), 1e-12);
        assertEquals(1.5, fit.b(), 1e-12);
        assertEquals(3.5, fit.c(), 1e-12);
        assertEquals(1 - 0.25 / 14.75, fit.r2(), 1e-12);
    }

    @Test
    void oneSizeGetsASentence() {
        CalibrationException e = assertThrows(CalibrationException.class,
                () -> LeastSquares.line(new double[] {64, 64, 64}, new double[] {1, 2, 3}, "bytes"));
        assertEquals("a fit on bytes needs points with at least two different bytes, and all 3 have bytes = 64.", e.getMessage());
    }

    @Test
    void oneRankCountGetsASentence() {
        CalibrationException e = assertThrows(CalibrationException.class,
                () -> LeastSquares.plane(new double[] {4, 16, 64}, new double[] {2, 2, 2}, new double[] {1, 2, 3}, "bytes", "ranks"));
        assertEquals("a fit on ranks needs points with at least two different ranks, and all 3 have ranks = 2.", e.getMessage());
    }

    @Test
    void variablesThatVaryTogetherGetASentence() {
        CalibrationException e = assertThrows(CalibrationException.class,
                () -> LeastSquares.plane(new double[] {8, 12, 16}, new double[] {2, 3, 4}, new double[] {1, 2, 3}, "bytes", "ranks"));
        assertEquals("the 3 points cannot separate bytes from ranks: the two vary together (measure more combinations of them).",
                e.getMessage());
    }

    @Test
    void noPointsGetASentence() {
        CalibrationException e = assertThrows(CalibrationException.class,
                () -> LeastSquares.line(new double[0], new double[0], "bytes"));
        assertEquals("a fit on bytes needs points with at least two different bytes, and there are none.", e.getMessage());
    }
}
