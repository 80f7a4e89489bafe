package org.wi4mpi.tests.dumpi;

/**
 * When a recorded call ran, as dumpi2ascii prints it: seconds since the trace's time bias, kept apart
 * from the call so that traces of two runs compare equal on everything else.
 */
public record DumpiTimes(String entryWall, String entryCpu, String exitWall, String exitCpu) {
}
