package org.wi4mpi.gen.trace.calibrate;

/**
 * One measured latency in microseconds: of a point-to-point message (function "pointToPoint", ranks 2)
 * or of a collective, with the bytes critpath would take as the fit's x for that call.
 */
public record Sample(String function, long bytes, int ranks, double micros) {

    public static final String POINT_TO_POINT = "pointToPoint";

    public boolean pointToPoint() {
        return function.equals(POINT_TO_POINT);
    }
}
