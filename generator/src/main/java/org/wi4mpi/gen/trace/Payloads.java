package org.wi4mpi.gen.trace;

/**
 * Byte counts of calls: count times the datatype's size, the size taken from the trace's datatype-size
 * record, else from the sizes of DUMPI's predefined datatypes on LP64 platforms.
 */
final class Payloads {

    /** Sizes of DUMPI's predefined datatypes by index (constants.h order), LP64. */
    private static final int[] PREDEFINED = {
        -1, 0, 1, 1, 1, 1, 4, 2, 2, 4, 4, 8, 8, 4, 8, 16, 8, 8, 8, 1, 0, 0, 8, 16, 16, 8, 8, 32};

    private final DumpiFile file;

    Payloads(DumpiFile file) {
        this.file = file;
    }

    long bytes(CallRecord call, int count, int datatype) throws TraceFormatException {
        int size = file.datatypeSize(datatype);
        if (size < 0 && datatype >= 0 && datatype < PREDEFINED.length) {
            size = PREDEFINED[datatype];
        }
        if (size < 0) {
            throw new TraceFormatException(file.file(), call.offset(), call.name() + " uses datatype " + datatype
                    + ", whose size the trace does not record");
        }
        return (long) Math.max(count, 0) * size;
    }

    private long bytes(CallRecord call, String countField, String typeField) throws TraceFormatException {
        return bytes(call, call.intValue(countField), call.intValue(typeField));
    }

    private long sum(CallRecord call, String countsField, String typeField) throws TraceFormatException {
        long total = 0;
        for (int count : call.array(countsField)) {
            total += bytes(call, count, call.intValue(typeField));
        }
        return total;
    }

    /** The payload one rank contributes to a collective (for MPI_Alltoall, per destination). */
    long collective(CallRecord call) throws TraceFormatException {
        return switch (call.name()) {
            case "MPI_Barrier" -> 0;
            case "MPI_Bcast", "MPI_Reduce", "MPI_Allreduce", "MPI_Scan", "MPI_Exscan" -> bytes(call, "count", "datatype");
            case "MPI_Gather", "MPI_Gatherv", "MPI_Allgather", "MPI_Allgatherv" -> bytes(call, "sendcount", "sendtype");
            case "MPI_Scatter", "MPI_Scatterv" -> bytes(call, "recvcount", "recvtype");
            case "MPI_Alltoall" -> bytes(call, "sendcount", "sendtype");
            case "MPI_Alltoallv" -> sum(call, "sendcounts", "sendtype");
            case "MPI_Reduce_scatter" -> sum(call, "recvcounts", "datatype");
            case "MPI_Alltoallw" -> {
                int[] counts = call.array("sendcounts");
                int[] types = call.array("sendtypes");
                long total = 0;
                for (int i = 0; i < Math.min(counts.length, types.length); i++) {
                    total += bytes(call, counts[i], types[i]);
                }
                yield total;
            }
            default -> throw new IllegalArgumentException(call.name() + " is no collective");
        };
    }
}
