package org.wi4mpi.gen.trace.calibrate;

/**
 * Ordinary least-squares regressions of y on one variable (y = a + b·x) or two (y = a + b·x1 + c·x2),
 * computed on centred data. Input a fit cannot be determined from (a variable that does not vary,
 * two variables that vary together) gets one sentence.
 */
public final class LeastSquares {

    private LeastSquares() {
    }

    /** y = a + b·x; the fit's c is 0. */
    public static Fit line(double[] x, double[] y, String xName) throws CalibrationException {
        check(x, y);
        double mx = mean(x);
        double my = mean(y);
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < x.length; i++) {
            sxx += (x[i] - mx) * (x[i] - mx);
            sxy += (x[i] - mx) * (y[i] - my);
        }
        requireSpread(sxx, x, xName);
        double b = sxy / sxx;
        double a = my - b * mx;
        return new Fit(a, b, 0, rSquared(y, i -> a + b * x[i]), x.length);
    }

    /** y = a + b·x1 + c·x2. */
    public static Fit plane(double[] x1, double[] x2, double[] y, String x1Name, String x2Name) throws CalibrationException {
        check(x1, y);
        check(x2, y);
        double m1 = mean(x1);
        double m2 = mean(x2);
        double my = mean(y);
        double s11 = 0;
        double s22 = 0;
        double s12 = 0;
        double s1y = 0;
        double s2y = 0;
        for (int i = 0; i < y.length; i++) {
            double d1 = x1[i] - m1;
            double d2 = x2[i] - m2;
            double dy = y[i] - my;
            s11 += d1 * d1;
            s22 += d2 * d2;
            s12 += d1 * d2;
            s1y += d1 * dy;
            s2y += d2 * dy;
        }
        requireSpread(s11, x1, x1Name);
        requireSpread(s22, x2, x2Name);
        double det = s11 * s22 - s12 * s12;
        // Cauchy-Schwarz: det >= 0, and 0 exactly when one centred variable is a multiple of the other
        if (det <= 1e-12 * s11 * s22) {
            throw new CalibrationException("the " + y.length + " points cannot separate " + x1Name + " from " + x2Name
                    + ": the two vary together (measure more combinations of them).");
        }
        double b = (s1y * s22 - s2y * s12) / det;
        double c = (s2y * s11 - s1y * s12) / det;
        double a = my - b * m1 - c * m2;
        return new Fit(a, b, c, rSquared(y, i -> a + b * x1[i] + c * x2[i]), y.length);
    }

    private interface Model {
        double at(int i);
    }

    /** 1 - residual sum of squares / total sum of squares; 1 when all y are equal and fitted exactly. */
    private static double rSquared(double[] y, Model model) {
        double my = mean(y);
        double residual = 0;
        double total = 0;
        for (int i = 0; i < y.length; i++) {
            double e = y[i] - model.at(i);
            residual += e * e;
            total += (y[i] - my) * (y[i] - my);
        }
        if (total == 0) {
            return residual == 0 ? 1 : 0;
        }
        return 1 - residual / total;
    }

    private static void check(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " values of x for " + y.length + " of y");
        }
    }

    private static void requireSpread(double sumOfSquares, double[] x, String name) throws CalibrationException {
        if (x.length < 2 || sumOfSquares == 0) {
            throw new CalibrationException("a fit on " + name + " needs points with at least two different " + name
                    + (x.length == 0 ? ", and there are none." : ", and all " + x.length + " have " + name + " = " + format(x[0]) + "."));
        }
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return values.length == 0 ? 0 : sum / values.length;
    }
}
