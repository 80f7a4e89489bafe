package org.wi4mpi.gen.trace;

import java.util.Arrays;

/** A growable list of longs, so that per-call data of long traces stays compact. */
final class LongList {

    private long[] values = new long[64];
    private int size;

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    long get(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        return values[i];
    }

    void set(int i, long value) {
        if (i >= size) {
            throw new IndexOutOfBoundsException(i);
        }
        values[i] = value;
    }

    int size() {
        return size;
    }
}
