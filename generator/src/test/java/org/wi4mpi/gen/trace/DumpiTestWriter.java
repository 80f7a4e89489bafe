package org.wi4mpi.gen.trace;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes one rank's trace file byte for byte as libdumpi lays it out: lead-in magic, the stream (time
 * biases, then per call: label, mask, thread, wall times, arguments per dumpi-calls.txt), the
 * end-of-stream label, header, footer with the call counts, keyval record, performance counter
 * labels, datatype sizes, function addresses and the index record. Times are given in microseconds
 * after the wall-clock bias.
 */
final class DumpiTestWriter {

    /** Sizes of DUMPI's predefined datatypes on LP64, by index. */
    static final int[] LP64_SIZES = {0, 0, 1, 1, 1, 1, 4, 2, 2, 4, 4, 8, 8, 4, 8, 16, 8, 8, 8, 1, 0, 0, 8, 16, 16, 8, 8, 32};
    static final int DUMPI_BYTE = 5;
    static final int DUMPI_INT = 9;
    static final int DUMPI_DOUBLE = 14;
    static final int WORLD = 2;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);
    private final int wallBias;
    private final boolean statuses;
    private final int[] callCounts = new int[DumpiCalls.ALL_FUNCTIONS + 1];
    private int[] datatypeSizes = LP64_SIZES;
    private boolean sizesRecord = true;
    private String[] keyvalEntry = {"wi4mpi.test", "synthetic"};
    private int thread;
    private long lastOffset;

    DumpiTestWriter(int wallBias, boolean statuses) throws IOException {
        this.wallBias = wallBias;
        this.statuses = statuses;
        out.writeLong(DumpiFile.HEAD_MAGIC);
        out.writeInt(wallBias - 7); // CPU bias: not used by critpath, but present
        out.writeInt(wallBias);
    }

    /** Writes the file as DUMPI before 0.6.6 did: no datatype sizes, an index of seven entries. */
    DumpiTestWriter withoutSizesRecord() {
        this.sizesRecord = false;
        return this;
    }

    /** The thread id of the calls appended from now on (0 at first). */
    DumpiTestWriter thread(int id) {
        this.thread = id;
        return this;
    }

    /** The keyval record's one entry as wi4mpi's writer makes it: the calls without a DUMPI label ("MPI_Ibarrier=2 ..."). */
    DumpiTestWriter unlabelled(String list) {
        this.keyvalEntry = new String[] {"wi4mpi.unlabelled", list};
        return this;
    }

    DumpiTestWriter datatypeSizes(int[] sizes) {
        this.datatypeSizes = sizes.clone();
        return this;
    }

    /** Appends a call; args alternate field names and values (Integer, Long, int[], int[][] or Status[]). */
    DumpiTestWriter call(String function, double startUs, double stopUs, Object... args) throws IOException {
        CallLayout layout = DumpiCalls.instance().byName(function);
        Map<String, Object> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (layout.indexOf((String) args[i]) < 0) {
                throw new IllegalArgumentException(function + " has no argument " + args[i]);
            }
            values.put((String) args[i], args[i + 1]);
        }
        if (layout.label() < callCounts.length) {
            callCounts[layout.label()]++; // the footer counts MPI functions only
        }
        lastOffset = out.size();
        out.writeShort(layout.label());
        out.writeByte(DumpiFile.WALL_TIME_BIT | DumpiFile.THREAD_BIT | (statuses ? DumpiFile.STATUS_BITS : 0));
        out.writeShort(thread);
        time(startUs);
        time(stopUs);
        for (CallLayout.Field field : layout.fields()) {
            if (field.guarded() && number(values, field.guardLeft()) != number(values, field.guardRight())) {
                continue;
            }
            Object value = values.get(field.name());
            switch (field.kind()) {
                case I8 -> out.writeByte((int) number(values, field.name()));
                case I16 -> out.writeShort((int) number(values, field.name()));
                case I32 -> out.writeInt((int) number(values, field.name()));
                case I64 -> out.writeLong(number(values, field.name()));
                case A8, A16, A32 -> {
                    int[] array = value == null ? new int[0] : (int[]) value;
                    out.writeInt(array.length);
                    for (int v : array) {
                        switch (field.kind()) {
                            case A8 -> out.writeByte(v);
                            case A16 -> out.writeShort(v);
                            default -> out.writeInt(v);
                        }
                    }
                }
                case A32X2 -> {
                    int[][] rows = value == null ? new int[0][] : (int[][]) value;
                    out.writeInt(rows.length);
                    for (int[] row : rows) {
                        out.writeInt(row.length);
                        for (int v : row) {
                            out.writeInt(v);
                        }
                    }
                }
                case STR, STR2, STR3 -> out.writeInt(0);
                case STATUS -> {
                    if (statuses) {
                        CallRecord.Status[] list = value == null ? new CallRecord.Status[0] : (CallRecord.Status[]) value;
                        out.writeInt(list.length);
                        for (CallRecord.Status s : list) {
                            out.writeInt(s.bytes());
                            out.writeInt(s.source());
                            out.writeByte(s.cancelled());
                            out.writeByte(s.error());
                            out.writeInt(s.tag());
                        }
                    }
                }
            }
        }
        return this;
    }

    /** The file offset of the last call appended (where critpath's messages point). */
    long lastOffset() {
        return lastOffset;
    }

    private static long number(Map<String, Object> values, String field) {
        Object value = values.get(field);
        return value == null ? 0 : ((Number) value).longValue();
    }

    private void time(double us) throws IOException {
        long ns = Math.round(us * 1000);
        out.writeShort((int) (ns / 1_000_000_000L));
        out.writeInt((int) (ns % 1_000_000_000L));
    }

    /** Ends the stream, writes the trailing records and the index, and stores the file. */
    void write(Path file) throws IOException {
        long body = 8;
        out.writeShort(DumpiCalls.END_OF_STREAM);
        long header = out.size();
        out.writeByte(13); // the version libdumpi 13.0.0 writes
        out.writeByte(0);
        out.writeByte(0);
        out.writeLong(wallBias);
        string("localhost");
        string("tester");
        out.writeInt(0);
        out.writeInt(0);
        long footer = out.size();
        out.writeLong(DumpiFile.FOOT_MAGIC);
        for (int count : callCounts) {
            out.writeInt(count);
        }
        for (int i = 0; i < callCounts.length; i++) {
            out.writeInt(0);
        }
        long keyval = out.size();
        out.writeInt(1);
        string(keyvalEntry[0]);
        string(keyvalEntry[1]);
        long perf = out.size();
        out.writeInt(0);
        long sizes = out.size();
        if (sizesRecord) {
            out.writeInt(datatypeSizes.length);
            for (int size : datatypeSizes) {
                out.writeInt(size);
            }
        }
        long addresses = out.size();
        out.writeInt(0);
        out.writeLong(DumpiFile.HEAD_MAGIC);
        if (sizesRecord) {
            out.writeLong(sizes);
        }
        for (long offset : new long[] {addresses, perf, header, body, footer, keyval}) {
            out.writeLong(offset);
        }
        out.flush();
        Files.write(file, bytes.toByteArray());
    }

    private void string(String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeShort(b.length);
        out.write(b);
    }
}
