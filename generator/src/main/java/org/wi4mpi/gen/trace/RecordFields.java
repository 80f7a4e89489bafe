package org.wi4mpi.gen.trace;

/** Reads the arguments of one call record following its {@link CallLayout}. */
final class RecordFields {

    private RecordFields() {
    }

    static Object[] read(BinaryInput in, CallLayout layout, int statusBits) throws TraceFormatException {
        Object[] values = new Object[layout.fields().size()];
        for (int i = 0; i < values.length; i++) {
            CallLayout.Field field = layout.fields().get(i);
            if (field.guarded() && !guardHolds(layout, values, field)) {
                continue;
            }
            String what = "argument " + field.name() + " of " + layout.name();
            values[i] = switch (field.kind()) {
                case I8 -> (long) (byte) in.u8(what);
                case I16 -> (long) (short) in.u16(what);
                case I32 -> (long) in.i32(what);
                case I64 -> in.i64(what);
                case A8 -> array(in, 1, what);
                case A16 -> array(in, 2, what);
                case A32 -> array(in, 4, what);
                case A32X2 -> {
                    int[][] rows = new int[in.length(4, what)][];
                    for (int r = 0; r < rows.length; r++) {
                        rows[r] = array(in, 4, what);
                    }
                    yield rows;
                }
                case STR -> skipString(in, what);
                case STR2 -> skipStrings(in, what);
                case STR3 -> {
                    int lists = in.length(4, what);
                    for (int l = 0; l < lists; l++) {
                        skipStrings(in, what);
                    }
                    yield null;
                }
                case STATUS -> statusBits != 0 ? statuses(in, what) : null;
            };
        }
        return values;
    }

    private static boolean guardHolds(CallLayout layout, Object[] values, CallLayout.Field field) {
        Object left = values[layout.indexOf(field.guardLeft())];
        Object right = values[layout.indexOf(field.guardRight())];
        return left != null && left.equals(right);
    }

    private static int[] array(BinaryInput in, int elementBytes, String what) throws TraceFormatException {
        int n = in.length(elementBytes, what);
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            values[i] = switch (elementBytes) {
                case 1 -> (byte) in.u8(what);
                case 2 -> (short) in.u16(what);
                default -> in.i32(what);
            };
        }
        return values;
    }

    private static Object skipString(BinaryInput in, String what) throws TraceFormatException {
        in.skip(in.length(1, what), what);
        return null;
    }

    private static Object skipStrings(BinaryInput in, String what) throws TraceFormatException {
        int n = in.i32(what + " count");
        for (int i = 0; i < n; i++) {
            skipString(in, what);
        }
        return null;
    }

    private static CallRecord.Status[] statuses(BinaryInput in, String what) throws TraceFormatException {
        int n = in.length(14, what);
        CallRecord.Status[] statuses = new CallRecord.Status[n];
        for (int i = 0; i < n; i++) {
            statuses[i] = new CallRecord.Status(in.i32(what), in.i32(what), in.u8(what), in.u8(what), in.i32(what));
        }
        return statuses;
    }
}
