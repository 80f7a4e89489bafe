package org.wi4mpi.gen.trace.calibrate;

/**
 * A least-squares fit latency = a + b·bytes + c·ranks (microseconds), its coefficient of determination
 * and the number of points it was fitted to. A variable that was not fitted has coefficient 0.
 */
public record Fit(double a, double b, double c, double r2, int points) {

    public double at(double bytes, double ranks) {
        return a + b * bytes + c * ranks;
    }
}
