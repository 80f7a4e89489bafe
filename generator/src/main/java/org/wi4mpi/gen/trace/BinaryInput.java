package org.wi4mpi.gen.trace;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Big-endian reads from a trace file through one fixed buffer, so that memory does not grow with the
 * file. Every read past the end raises a {@link TraceFormatException} naming the file and offset.
 */
final class BinaryInput implements Closeable {

    private static final int BUFFER_BYTES = 1 << 16;

    private final Path file;
    private final FileChannel channel;
    private final long size;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES).order(ByteOrder.BIG_ENDIAN);
    /** File offset of buffer position 0. */
    private long bufferStart;

    BinaryInput(Path file) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.size = channel.size();
        buffer.limit(0);
    }

    Path file() {
        return file;
    }

    long size() {
        return size;
    }

    long position() {
        return bufferStart + buffer.position();
    }

    void seek(long offset) throws TraceFormatException {
        if (offset < 0 || offset > size) {
            throw new TraceFormatException(file, offset, "offset outside the file of " + size + " bytes");
        }
        bufferStart = offset;
        buffer.limit(0);
    }

    /** Moves to an offset, keeping the buffered bytes when the offset lies among them. */
    void seekNear(long offset) throws TraceFormatException {
        if (offset >= bufferStart && offset <= bufferStart + buffer.limit()) {
            buffer.position((int) (offset - bufferStart));
        } else {
            seek(offset);
        }
    }

    /** Makes n bytes readable from the buffer, or fails naming what was being read. */
    private void need(int n, String what) throws TraceFormatException {
        if (buffer.remaining() >= n) {
            return;
        }
        long at = position();
        if (at + n > size) {
            throw new TraceFormatException(file, at, "the file ends while reading " + what);
        }
        bufferStart = at;
        buffer.clear();
        try {
            while (buffer.position() < n) {
                if (channel.read(buffer, bufferStart + buffer.position()) < 0) {
                    throw new TraceFormatException(file, at, "the file ends while reading " + what);
                }
            }
        } catch (IOException e) {
            throw new TraceFormatException(file, at, "read error (" + e.getMessage() + ") while reading " + what);
        }
        buffer.flip();
    }

    int u8(String what) throws TraceFormatException {
        need(1, what);
        return buffer.get() & 0xff;
    }

    int u16(String what) throws TraceFormatException {
        need(2, what);
        return buffer.getShort() & 0xffff;
    }

    int i32(String what) throws TraceFormatException {
        need(4, what);
        return buffer.getInt();
    }

    long u32(String what) throws TraceFormatException {
        return i32(what) & 0xffffffffL;
    }

    long i64(String what) throws TraceFormatException {
        need(8, what);
        return buffer.getLong();
    }

    void skip(long n, String what) throws TraceFormatException {
        long target = position() + n;
        if (n < 0 || target > size) {
            throw new TraceFormatException(file, position(), "the file ends while reading " + what);
        }
        if (n <= buffer.remaining()) {
            buffer.position(buffer.position() + (int) n);
        } else {
            seek(target);
        }
    }

    /** A length prefix, checked against the bytes left so that a corrupt length fails here. */
    int length(int elementBytes, String what) throws TraceFormatException {
        long at = position();
        int n = i32(what + " length");
        if (n < 0 || (long) n * elementBytes > size - position()) {
            throw new TraceFormatException(file, at, "impossible length " + n + " of " + what);
        }
        return n;
    }

    String string16(String what) throws TraceFormatException {
        int n = u16(what + " length");
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = (byte) u8(what);
        }
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
