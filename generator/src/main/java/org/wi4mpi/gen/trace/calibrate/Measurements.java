package org.wi4mpi.gen.trace.calibrate;

import java.util.ArrayList;
import java.util.List;
import org.wi4mpi.gen.trace.LatencyModel;

/**
 * What the measuring program printed in one run: the lines of the runtime's MPI_Get_library_version
 * and the samples. Lines that do not start with "calibrate " (launcher or MPI notes) are not its own
 * and are skipped; a run without the closing "calibrate done" line did not finish.
 */
public record Measurements(List<String> library, List<Sample> samples) {

    private static final String TAG = "calibrate ";

    public static Measurements parse(List<String> lines, String run) throws CalibrationException {
        List<String> library = new ArrayList<>();
        List<Sample> samples = new ArrayList<>();
        boolean done = false;
        for (String line : lines) {
            if (!line.startsWith(TAG)) {
                continue;
            }
            String rest = line.substring(TAG.length());
            if (rest.startsWith("library ")) {
                // MPICH aligns its fields with tabs
                library.add(rest.substring("library ".length()).strip().replaceAll("\\s+", " "));
            } else if (rest.equals("done")) {
                done = true;
            } else {
                samples.add(sample(rest.split(" "), line, run));
            }
        }
        if (!done) {
            throw new CalibrationException(run + " ended without its closing 'calibrate done' line.");
        }
        return new Measurements(List.copyOf(library), List.copyOf(samples));
    }

    private static Sample sample(String[] f, String line, String run) throws CalibrationException {
        try {
            if (f[0].equals("p2p") && f.length == 3) {
                return new Sample(Sample.POINT_TO_POINT, Long.parseLong(f[1]), 2, finite(f[2]));
            }
            if (f[0].equals("coll") && f.length == 5 && LatencyModel.modelsCollective(f[1])) {
                return new Sample(f[1], Long.parseLong(f[2]), Integer.parseInt(f[3]), finite(f[4]));
            }
        } catch (NumberFormatException e) {
            // reported below with the line
        }
        throw new CalibrationException(run + " printed a line the calibration does not understand: '" + line + "'.");
    }

    private static double finite(String text) {
        double value = Double.parseDouble(text);
        if (!Double.isFinite(value) || value < 0) {
            throw new NumberFormatException(text);
        }
        return value;
    }
}
