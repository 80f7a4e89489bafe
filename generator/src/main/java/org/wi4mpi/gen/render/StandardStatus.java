package org.wi4mpi.gen.render;

import org.wi4mpi.gen.abi.AbiDescriptor;

import java.util.Map;
import java.util.TreeMap;

/**
 * The MPI-5.0 standard ABI status: the standard fixes MPI_SOURCE, MPI_TAG, MPI_ERROR and an
 * {@code int MPI_internal[5]} whose content is the implementation's, so wi4mpi chooses it (codec
 * INTERNAL, docs/interface.md): the byte count as a 64-bit integer in MPI_internal[0..1] (read and
 * written with memcpy: the status is only int-aligned), the cancelled flag in MPI_internal[2],
 * MPI_internal[3..4] zero.
 */
final class StandardStatus {

    static final String INTERNAL = "MPI_internal";

    /** Bytes of MPI_internal the codec uses: an 8-byte count and a 4-byte flag. */
    private static final int USED = 12;

    private StandardStatus() {}

    static StatusView view(AbiDescriptor abi) {
        var fields = abi.status().fields();
        AbiDescriptor.Field internal = fields.get(INTERNAL);
        if (internal.size() < USED) {
            throw new IllegalStateException(abi.family() + ".json: MPI_Status." + INTERNAL + " has "
                    + internal.size() + " bytes; the count and cancelled flag need " + USED);
        }
        Map<String, Integer> offsets = new TreeMap<>();
        fields.forEach((k, v) -> offsets.put(k, v.offset()));
        offsets.put("count", internal.offset());
        offsets.put("cancelled", internal.offset() + 8);
        // Every field is int or an array of int: the struct is int-aligned (32 bytes, stride 32).
        return new StatusView(abi.status().size(), 4, offsets, StatusCodec.INTERNAL);
    }
}
