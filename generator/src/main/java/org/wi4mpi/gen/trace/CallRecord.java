package org.wi4mpi.gen.trace;

/**
 * One call read from a DUMPI stream: its layout, thread, wall-clock entry and exit in nanoseconds since
 * the epoch (0 when the trace has no wall times), the argument values by field position (Long for
 * integers, int[] for arrays, int[][] for arrays of arrays, Status[] for statuses, null for strings,
 * which are skipped) and the file
 * offset of its label.
 */
public record CallRecord(CallLayout layout, int thread, long wallStart, long wallStop, Object[] values, long offset) {

    /** One recorded MPI_Status. */
    public record Status(int bytes, int source, int cancelled, int error, int tag) {
    }

    public String name() {
        return layout.name();
    }

    /** An integer argument; fails loudly when the layout has no such field, which is a bug of the caller. */
    public int intValue(String field) {
        Object value = values[index(field)];
        return value == null ? 0 : ((Long) value).intValue();
    }

    /** An array argument, empty when absent (root-only arguments on other ranks). */
    public int[] array(String field) {
        Object value = values[index(field)];
        return value == null ? new int[0] : (int[]) value;
    }

    /** An array-of-arrays argument (the ranges of MPI_Group_range_incl), empty when absent. */
    public int[][] arrays(String field) {
        Object value = values[index(field)];
        return value == null ? new int[0][] : (int[][]) value;
    }

    /** The recorded statuses, empty when statuses were not recorded. */
    public Status[] statuses() {
        for (int i = 0; i < values.length; i++) {
            if (layout.fields().get(i).kind() == FieldKind.STATUS) {
                return values[i] == null ? new Status[0] : (Status[]) values[i];
            }
        }
        return new Status[0];
    }

    public boolean has(String field) {
        int i = layout.indexOf(field);
        return i >= 0 && values[i] != null;
    }

    private int index(String field) {
        int i = layout.indexOf(field);
        if (i < 0) {
            throw new IllegalArgumentException(layout.name() + " has no argument " + field);
        }
        return i;
    }
}
