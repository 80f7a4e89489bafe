package org.wi4mpi.gen.trace;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A DUMPI trace file of one rank, read as libdumpi writes it: lead-in magic, the index record at the
 * end, the header (for the version), the datatype sizes, then the stream of calls one record at a
 * time through {@link #next()}.
 */
public final class DumpiFile implements Closeable {

    /** {0xff, 0xaa, 0xdd, 'D', 'U', 'M', 'P', 'I'} read as one big-endian 64-bit value. */
    static final long HEAD_MAGIC = 0xffaadd44554d5049L;
    static final long FOOT_MAGIC = 0xf007fee7L;
    static final int STATUS_BITS = 0x3;
    static final int CPU_TIME_BIT = 1 << 2;
    static final int WALL_TIME_BIT = 1 << 3;
    static final int THREAD_BIT = 1 << 6;
    static final int PERF_BIT = 1 << 7;

    private final BinaryInput in;
    private final DumpiIndex index;
    private final int[] version;
    private final int[] datatypeSizes;
    private final long cpuBias;
    private final long wallBias;
    private final Map<String, String> keyvals;
    private boolean ended;

    private DumpiFile(BinaryInput in) throws TraceFormatException {
        this.in = in;
        if (in.size() < 8 || in.i64("the lead-in magic") != HEAD_MAGIC) {
            throw new TraceFormatException(in.file(), 0, "no DUMPI lead-in magic (not a DUMPI trace file)");
        }
        this.index = DumpiIndex.read(in);
        in.seek(index.header());
        this.version = new int[] {in.u8("the header version"), in.u8("the header version"), in.u8("the header version")};
        if (!atLeast(version, 0, 6, 9)) {
            throw new TraceFormatException(in.file(), index.header(), "DUMPI version " + version[0] + "." + version[1] + "."
                    + version[2] + " is older than 0.6.9, whose record layouts this reader knows");
        }
        this.datatypeSizes = readSizes(in, index.sizes());
        this.keyvals = readKeyvals(in, index.keyval());
        in.seek(index.body());
        this.cpuBias = in.i32("the CPU time bias");
        this.wallBias = in.i32("the wall time bias");
    }

    public static DumpiFile open(Path file) throws IOException, TraceFormatException {
        BinaryInput in = new BinaryInput(file);
        try {
            return new DumpiFile(in);
        } catch (TraceFormatException e) {
            in.close();
            throw e;
        }
    }

    public Path file() {
        return in.file();
    }

    public int[] version() {
        return version.clone();
    }

    /** The keyval record's entries (empty when the index gives none, as in libdumpi's files). */
    public Map<String, String> keyvals() {
        return keyvals;
    }

    /** The file offset of the keyval record, 0 when absent. */
    long keyvalOffset() {
        return index.keyval();
    }

    /** The size in bytes of a DUMPI datatype index, as recorded by the tracer, or -1 when not recorded. */
    public int datatypeSize(int datatype) {
        return datatype >= 0 && datatype < datatypeSizes.length ? datatypeSizes[datatype] : -1;
    }

    /** The next call of the stream, or null after the end-of-stream label. */
    public CallRecord next() throws TraceFormatException {
        if (ended) {
            return null;
        }
        CallRecord call = read();
        ended = call == null;
        return call;
    }

    /** The call whose record starts at an offset an earlier read gave; a file read this way is not read with next(). */
    CallRecord at(long offset) throws TraceFormatException {
        in.seekNear(offset);
        return read();
    }

    private CallRecord read() throws TraceFormatException {
        long at = in.position();
        if (at >= index.header()) {
            throw new TraceFormatException(in.file(), at, "the stream of calls runs into the header without an end-of-stream label");
        }
        int label = in.u16("a function label");
        if (label == DumpiCalls.END_OF_STREAM) {
            return null;
        }
        CallLayout layout = DumpiCalls.instance().layout(label).orElseThrow(
                () -> new TraceFormatException(in.file(), at, "unknown function label " + label));
        int mask = in.u8("the record mask of " + layout.name());
        int thread = (mask & THREAD_BIT) != 0 ? in.u16("the thread id") : 0;
        if ((mask & CPU_TIME_BIT) != 0) {
            in.skip(12, "the CPU times of " + layout.name());
        }
        long wallStart = 0;
        long wallStop = 0;
        if ((mask & WALL_TIME_BIT) != 0) {
            wallStart = time(wallBias, "the wall start of " + layout.name());
            wallStop = time(wallBias, "the wall stop of " + layout.name());
        }
        if ((mask & PERF_BIT) != 0) {
            int counters = in.u8("the performance counter count");
            in.skip(16L * counters, "the performance counters of " + layout.name());
        }
        Object[] values = RecordFields.read(in, layout, mask & STATUS_BITS);
        return new CallRecord(layout, thread, wallStart, wallStop, values, at);
    }

    private long time(long bias, String what) throws TraceFormatException {
        long seconds = in.u16(what) + bias;
        long nanos = in.u32(what);
        if (nanos >= 1_000_000_000L) {
            throw new TraceFormatException(in.file(), in.position() - 4, "nanoseconds " + nanos + " out of range in " + what);
        }
        return seconds * 1_000_000_000L + nanos;
    }

    private static int[] readSizes(BinaryInput in, long offset) throws TraceFormatException {
        if (offset <= 0) {
            return new int[0];
        }
        in.seek(offset);
        int count = in.length(4, "the datatype sizes");
        int[] sizes = new int[count];
        for (int i = 0; i < count; i++) {
            sizes[i] = in.i32("a datatype size");
        }
        return sizes;
    }

    private static Map<String, String> readKeyvals(BinaryInput in, long offset) throws TraceFormatException {
        if (offset <= 0) {
            return Map.of();
        }
        in.seek(offset);
        int count = in.length(4, "the keyval record");
        Map<String, String> entries = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            String key = in.string16("a keyval key");
            entries.put(key, in.string16("the keyval value of " + key));
        }
        return Collections.unmodifiableMap(entries);
    }

    static boolean atLeast(int[] version, int major, int minor, int patch) {
        if (version[0] != major) {
            return version[0] > major;
        }
        if (version[1] != minor) {
            return version[1] > minor;
        }
        return version[2] >= patch;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
