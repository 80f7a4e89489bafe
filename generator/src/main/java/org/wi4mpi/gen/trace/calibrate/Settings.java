package org.wi4mpi.gen.trace.calibrate;

import java.util.List;
import java.util.stream.IntStream;

/**
 * How a calibration measures: round trips per timed block of the ping-pong (collectives run a tenth as
 * many calls per block), timed blocks per size, the largest ping-pong and collective sizes, and the
 * rank counts the collectives run with.
 */
public record Settings(int repetitions, int blocks, long maxBytes, long maxCollectiveBytes, int maxRanks) {

    /** Collectives stop at this size per rank (an all-to-all of 4 ranks then sends 256 KiB per rank and call). */
    public static final long COLLECTIVE_BYTES_CAP = 64 * 1024;
    public static final int BLOCKS = 10;

    public static Settings of(int repetitions, long maxBytes, int maxRanks) {
        return new Settings(repetitions, BLOCKS, maxBytes, Math.min(maxBytes, COLLECTIVE_BYTES_CAP), maxRanks);
    }

    public List<Integer> rankCounts() {
        return IntStream.rangeClosed(2, maxRanks).boxed().toList();
    }
}
