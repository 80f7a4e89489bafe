package org.wi4mpi.gen.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.wi4mpi.gen.trace.DumpiTestWriter.DUMPI_INT;
import static org.wi4mpi.gen.trace.DumpiTestWriter.WORLD;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reader on files laid out as libdumpi writes them, and on truncated or corrupt ones. */
class DumpiFileTest {

    @TempDir
    Path dir;

    @Test
    void readsCallsArgumentsTimesAndDatatypeSizes() throws Exception {
        int[] sizes = Arrays.copyOf(DumpiTestWriter.LP64_SIZES, 29);
        sizes[28] = 12; // a user datatype of 12 bytes
        Path file = dir.resolve("t-0000.bin");
        new DumpiTestWriter(SyntheticRun.WALL_BIAS, true).datatypeSizes(sizes)
                .call("MPI_Init", 0, 1.5)
                .call("MPI_Gather", 10, 20, "commrank", 0, "sendcount", 3, "sendtype", 28, "root", 0, "comm", WORLD,
                        "recvcount", 3, "recvtype", 28)
                .call("MPI_Gather", 30, 40, "commrank", 1, "sendcount", 3, "sendtype", 28, "root", 0, "comm", WORLD)
                .call("MPI_Waitsome", 50, 60, "count", 3, "requests", new int[] {4, 5, 6}, "outcount", 1, "indices", new int[] {2},
                        "statuses", new CallRecord.Status[] {new CallRecord.Status(24, 1, 0, 0, 9)})
                .call("MPI_Finalize", 70, 80)
                .write(file);
        try (DumpiFile trace = DumpiFile.open(file)) {
            assertArrayEquals(new int[] {13, 0, 0}, trace.version());
            assertEquals(12, trace.datatypeSize(28));
            assertEquals(4, trace.datatypeSize(DUMPI_INT));
            CallRecord init = trace.next();
            assertEquals("MPI_Init", init.name());
            assertEquals(SyntheticRun.WALL_BIAS * 1_000_000_000L + 1_500, init.wallStop());
            assertEquals(16, init.offset());
            CallRecord root = trace.next();
            assertEquals(3, root.intValue("recvcount"));
            assertEquals(28, root.intValue("recvtype"));
            CallRecord other = trace.next();
            assertFalse(other.has("recvcount"));
            CallRecord some = trace.next();
            assertArrayEquals(new int[] {4, 5, 6}, some.array("requests"));
            assertArrayEquals(new int[] {2}, some.array("indices"));
            assertEquals(new CallRecord.Status(24, 1, 0, 0, 9), some.statuses()[0]);
            assertEquals("MPI_Finalize", trace.next().name());
            assertNull(trace.next());
        }
    }

    @Test
    void readsArraysOfArraysThreadsAndTheKeyvalEntry() throws Exception {
        Path file = dir.resolve("g-0000.bin");
        new DumpiTestWriter(SyntheticRun.WALL_BIAS, true).unlabelled("MPI_Ibarrier=2")
                .call("MPI_Init", 0, 1)
                .thread(3)
                .call("MPI_Group_range_incl", 2, 3, "group", 3, "count", 2, "ranges", new int[][] {{0, 4, 2}, {7, 5, -1}}, "newgroup", 4)
                .write(file);
        try (DumpiFile trace = DumpiFile.open(file)) {
            assertEquals(java.util.Map.of("wi4mpi.unlabelled", "MPI_Ibarrier=2"), trace.keyvals());
            assertEquals(0, trace.next().thread());
            CallRecord range = trace.next();
            assertEquals(3, range.thread());
            assertArrayEquals(new int[][] {{0, 4, 2}, {7, 5, -1}}, range.arrays("ranges"));
            assertEquals(4, range.intValue("newgroup"));
            assertNull(trace.next());
        }
    }

    @Test
    void olderIndexWithoutDatatypeSizesFallsBackToPredefinedSizes() throws Exception {
        Path file = dir.resolve("old-0000.bin");
        new DumpiTestWriter(SyntheticRun.WALL_BIAS, false).withoutSizesRecord()
                .call("MPI_Init", 0, 1)
                .call("MPI_Send", 2, 3, "count", 5, "datatype", DumpiTestWriter.DUMPI_DOUBLE, "dest", 1, "tag", 0, "comm", WORLD)
                .call("MPI_Finalize", 4, 5)
                .write(file);
        try (DumpiFile trace = DumpiFile.open(file)) {
            assertEquals(-1, trace.datatypeSize(DumpiTestWriter.DUMPI_DOUBLE));
            assertEquals("MPI_Init", trace.next().name());
            CallRecord send = trace.next();
            assertEquals(40, new Payloads(trace).bytes(send, send.intValue("count"), send.intValue("datatype")));
            assertEquals("MPI_Finalize", trace.next().name());
            assertNull(trace.next());
        }
    }

    private Path figureTwoRun() throws IOException {
        return CritpathExamplesTest.figureTwo(dir).write();
    }

    private static CritpathRunner critpath(Path traces, Path out) {
        return CritpathRunner.run("critpath", traces.toString(), "-o", out.toString());
    }

    @Test
    void truncatedFileIsOneSentenceWithFileAndOffsetAndExit2() throws IOException {
        Path traces = figureTwoRun();
        Path rank1 = traces.resolve("figure2-0001.bin");
        byte[] whole = Files.readAllBytes(rank1);
        Files.write(rank1, Arrays.copyOf(whole, whole.length / 2));
        Path out = dir.resolve("critPath.out");
        CritpathRunner result = critpath(traces, out);
        assertEquals(2, result.status());
        assertEquals("wi4mpi-trace critpath: " + rank1 + ": no index record at the end of the file (truncated?) at byte "
                + (whole.length / 2 - 64) + ".\n", result.err());
        assertFalse(Files.exists(out), "no critPath.out on bad input");
    }

    @Test
    void corruptLabelNamesItsOffset() throws IOException {
        Path traces = figureTwoRun();
        Path rank0 = traces.resolve("figure2-0000.bin");
        byte[] bytes = Files.readAllBytes(rank0);
        // magic 8, biases 8, MPI_Init: label 2, mask 1, thread 2, wall times 12, argc 4 = 21 bytes
        int second = 8 + 8 + 21;
        bytes[second] = (byte) 0x7f;
        bytes[second + 1] = (byte) 0xff;
        Files.write(rank0, bytes);
        CritpathRunner result = critpath(traces, dir.resolve("critPath.out"));
        assertEquals(2, result.status());
        assertEquals("wi4mpi-trace critpath: " + rank0 + ": unknown function label 32767 at byte " + second + ".\n", result.err());
    }

    @Test
    void streamThatOverrunsItsRecordIsCorrupt() throws IOException {
        Path traces = figureTwoRun();
        Path rank2 = traces.resolve("figure2-0002.bin");
        byte[] bytes = Files.readAllBytes(rank2);
        // the argc of MPI_Init (at 8 + 8 + 17) claims more strings than the file holds
        bytes[33] = 0x10;
        Files.write(rank2, bytes);
        CritpathRunner result = critpath(traces, dir.resolve("critPath.out"));
        assertEquals(2, result.status());
        assertTrue(result.err().startsWith("wi4mpi-trace critpath: " + rank2 + ": "), result.err());
        assertTrue(result.err().matches("(?s).* at byte \\d+\\.\\n"), result.err());
        assertEquals(1, result.err().lines().count());
    }

    @Test
    void notDumpiAndMissingRankAreNamed() throws IOException {
        Path traces = figureTwoRun();
        Files.writeString(traces.resolve("figure2-0002.bin"), "not a trace at all, just some text that is long enough to have an index");
        CritpathRunner bad = critpath(traces, dir.resolve("critPath.out"));
        assertEquals(2, bad.status());
        assertEquals("wi4mpi-trace critpath: " + traces.resolve("figure2-0002.bin")
                + ": no DUMPI lead-in magic (not a DUMPI trace file) at byte 0.\n", bad.err());
        Files.delete(traces.resolve("figure2-0002.bin"));
        CritpathRunner missing = critpath(traces, dir.resolve("critPath.out"));
        assertEquals(2, missing.status());
        assertEquals("wi4mpi-trace critpath: " + traces.resolve("figure2.meta") + " announces 3 ranks but "
                + traces.resolve("figure2-0002.bin") + " does not exist.\n", missing.err());
    }

    @Test
    void unknownLabelsInTheCatalogueAreRejected() {
        assertTrue(DumpiCalls.instance().layout(DumpiCalls.ALL_FUNCTIONS).isEmpty());
        assertEquals("MPI_Waitall", DumpiCalls.instance().layout(18).orElseThrow().name());
        assertEquals("MPI_Init", DumpiCalls.instance().layout(124).orElseThrow().name());
        assertThrows(IllegalArgumentException.class, () -> DumpiCalls.instance().byName("MPI_Ibarrier"));
    }
}
