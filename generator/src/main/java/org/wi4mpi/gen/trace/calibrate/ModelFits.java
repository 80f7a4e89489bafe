package org.wi4mpi.gen.trace.calibrate;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The fits of a calibration: point-to-point latency on bytes, and for each collective latency on bytes
 * and ranks. A collective fit uses only the variables its samples vary: with one rank count measured
 * (two ranks on a two-core machine) c stays 0, and MPI_Barrier, which moves no data, has b = 0.
 */
public final class ModelFits {

    /** One fit and the variables it was fitted on (the others' coefficients are 0). */
    public record Named(String function, Fit fit, Set<Variable> variables) {
    }

    private ModelFits() {
    }

    public static Named pointToPoint(List<Sample> samples) throws CalibrationException {
        List<Sample> own = samples.stream().filter(Sample::pointToPoint).toList();
        try {
            return new Named(Sample.POINT_TO_POINT, LeastSquares.line(bytes(own), micros(own), "bytes"), EnumSet.of(Variable.BYTES));
        } catch (CalibrationException e) {
            throw new CalibrationException("pointToPoint: " + e.getMessage());
        }
    }

    /** One fit per collective, in the order the samples first name them. */
    public static List<Named> collectives(List<Sample> samples) throws CalibrationException {
        Map<String, List<Sample>> byFunction = new LinkedHashMap<>();
        for (Sample s : samples) {
            if (!s.pointToPoint()) {
                byFunction.computeIfAbsent(s.function(), f -> new ArrayList<>()).add(s);
            }
        }
        List<Named> fits = new ArrayList<>();
        for (Map.Entry<String, List<Sample>> entry : byFunction.entrySet()) {
            try {
                fits.add(collective(entry.getKey(), entry.getValue()));
            } catch (CalibrationException e) {
                throw new CalibrationException("collectives." + entry.getKey() + ": " + e.getMessage());
            }
        }
        return fits;
    }

    static Named collective(String function, List<Sample> samples) throws CalibrationException {
        double[] bytes = bytes(samples);
        double[] ranks = samples.stream().mapToDouble(Sample::ranks).toArray();
        double[] micros = micros(samples);
        boolean bytesVary = varies(bytes);
        boolean ranksVary = varies(ranks);
        if (bytesVary && ranksVary) {
            return new Named(function, LeastSquares.plane(bytes, ranks, micros, "bytes", "ranks"), EnumSet.allOf(Variable.class));
        }
        if (bytesVary) {
            return new Named(function, LeastSquares.line(bytes, micros, "bytes"), EnumSet.of(Variable.BYTES));
        }
        if (ranksVary) {
            Fit line = LeastSquares.line(ranks, micros, "ranks");
            return new Named(function, new Fit(line.a(), 0, line.b(), line.r2(), line.points()), EnumSet.of(Variable.RANKS));
        }
        if (samples.isEmpty()) {
            throw new CalibrationException("no samples.");
        }
        // one point, or repeats of one: the latency is their mean (which explains nothing of their spread)
        Fit constant = new Fit(mean(micros), 0, 0, varies(micros) ? 0 : 1, samples.size());
        return new Named(function, constant, EnumSet.noneOf(Variable.class));
    }

    private static boolean varies(double[] values) {
        for (double v : values) {
            if (v != values[0]) {
                return true;
            }
        }
        return false;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    private static double[] bytes(List<Sample> samples) {
        return samples.stream().mapToDouble(Sample::bytes).toArray();
    }

    private static double[] micros(List<Sample> samples) {
        return samples.stream().mapToDouble(Sample::micros).toArray();
    }
}
