package org.wi4mpi.gen.trace;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The calls of a rank of several threads in order of entry. A trace holds each thread's records in
 * call order but interleaves the threads as its writer flushed them (wi4mpi a buffer at a time,
 * libdumpi in order of completion), so a first pass notes where each thread's records start, and then
 * one reader per thread follows its own records while the merge hands out the earliest entry (wall
 * clock, then thread id). Memory: 8 bytes per record and one file buffer per thread.
 */
final class ThreadMerge implements Closeable {

    private final DumpiFile census;
    private final List<DumpiFile> readers = new ArrayList<>();
    private final List<LongList> offsets = new ArrayList<>();
    private final int[] cursor;
    private final CallRecord[] heads;

    private ThreadMerge(Path file) throws IOException, TraceFormatException {
        this.census = DumpiFile.open(file);
        Map<Integer, LongList> byThread = new TreeMap<>();
        try {
            for (CallRecord call = census.next(); call != null; call = census.next()) {
                byThread.computeIfAbsent(call.thread(), t -> new LongList()).add(call.offset());
            }
            offsets.addAll(byThread.values());
            cursor = new int[offsets.size()];
            heads = new CallRecord[offsets.size()];
            for (int t = 0; t < offsets.size(); t++) {
                readers.add(DumpiFile.open(file));
                heads[t] = readers.get(t).at(offsets.get(t).get(0));
            }
        } catch (IOException | TraceFormatException | RuntimeException e) {
            close();
            throw e;
        }
    }

    static ThreadMerge open(Path file) throws IOException, TraceFormatException {
        return new ThreadMerge(file);
    }

    /** The file as a whole (datatype sizes, keyval record). */
    DumpiFile file() {
        return census;
    }

    /** The call with the earliest entry among the threads' next ones, or null when all are read. */
    CallRecord next() throws TraceFormatException {
        int best = -1;
        for (int t = 0; t < heads.length; t++) {
            if (heads[t] != null && (best < 0 || heads[t].wallStart() < heads[best].wallStart())) {
                best = t;
            }
        }
        if (best < 0) {
            return null;
        }
        CallRecord call = heads[best];
        LongList own = offsets.get(best);
        cursor[best]++;
        heads[best] = cursor[best] < own.size() ? readers.get(best).at(own.get(cursor[best])) : null;
        return call;
    }

    @Override
    public void close() throws IOException {
        census.close();
        for (DumpiFile reader : readers) {
            reader.close();
        }
    }
}
