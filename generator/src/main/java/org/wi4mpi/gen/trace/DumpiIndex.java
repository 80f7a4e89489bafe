package org.wi4mpi.gen.trace;

/**
 * The index record that ends every DUMPI file: the offsets of the other records. Current files end with
 * eight 64-bit values (the lead-in magic, then the offsets of the datatype sizes, function addresses,
 * performance counter labels, header, stream, footer and keyval record); older files lack the first
 * one, two or three offsets, and the magic marks where the index starts. Offset 0 means absent.
 */
record DumpiIndex(long sizes, long addresses, long perfLabels, long header, long body, long footer, long keyval) {

    private static final int ENTRIES = 8;

    static DumpiIndex read(BinaryInput in) throws TraceFormatException {
        long start = in.size() - ENTRIES * 8L;
        if (start < 8) {
            throw new TraceFormatException(in.file(), in.size(), "the file is too short to hold a DUMPI index record (truncated?)");
        }
        in.seek(start);
        long[] optional = new long[3];
        int present = 3;
        while (in.i64("the index record") != DumpiFile.HEAD_MAGIC) {
            if (present == 0) {
                throw new TraceFormatException(in.file(), start, "no index record at the end of the file (truncated?)");
            }
            present--;
        }
        long indexStart = in.position() - 8;
        for (int i = 3 - present; i < 3; i++) {
            optional[i] = in.i64("the index record");
        }
        DumpiIndex index = new DumpiIndex(optional[0], optional[1], optional[2], in.i64("the header offset"),
                in.i64("the stream offset"), in.i64("the footer offset"), in.i64("the keyval offset"));
        index.check(in, indexStart);
        return index;
    }

    private void check(BinaryInput in, long indexStart) throws TraceFormatException {
        long[] all = {sizes, addresses, perfLabels, header, body, footer, keyval};
        for (long offset : all) {
            if (offset < 0 || offset >= indexStart) {
                throw new TraceFormatException(in.file(), indexStart, "the index record points outside the file (offset " + offset + ")");
            }
        }
        if (body < 8 || header <= body) {
            throw new TraceFormatException(in.file(), indexStart, "the index record gives no stream before the header (stream "
                    + body + ", header " + header + ")");
        }
    }
}
