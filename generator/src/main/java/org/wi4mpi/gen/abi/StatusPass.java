package org.wi4mpi.gen.abi;

import java.util.SortedMap;
import java.util.TreeMap;
import org.wi4mpi.gen.abi.AbiDescriptor.Field;
import org.wi4mpi.gen.abi.AbiDescriptor.StatusLayout;
import org.wi4mpi.gen.clang.Cursor;
import org.wi4mpi.gen.clang.CursorKind;
import org.wi4mpi.gen.clang.Type;
import org.wi4mpi.gen.clang.TypeKind;

/** The layout of MPI_Status: its size and each field's offset and size, in bytes. */
final class StatusPass {

    private static final String STATUS = "MPI_Status";

    private StatusPass() {}

    static StatusLayout run(ParsedHeader header) {
        Cursor typedef = header.topLevel().stream()
                .filter(c -> c.kind() == CursorKind.TYPEDEF_DECL && c.spelling().equals(STATUS))
                .findFirst()
                .orElseThrow(() -> new ProbeException(header.header() + " declares no MPI_Status typedef."));
        Type record = typedef.typedefUnderlyingType().canonical();
        if (record.kind() != TypeKind.RECORD || record.sizeOf() <= 0) {
            throw new ProbeException(header.header() + ": MPI_Status is not a complete struct ("
                    + record.spelling() + ").");
        }
        SortedMap<String, Field> fields = new TreeMap<>();
        for (Cursor field : record.declaration().children()) {
            if (field.kind() != CursorKind.FIELD_DECL) {
                continue;
            }
            long offsetBits = field.fieldOffsetInBits();
            long size = field.type().sizeOf();
            if (offsetBits < 0 || offsetBits % 8 != 0 || size < 0) {
                throw new ProbeException(header.header() + ": MPI_Status field " + field.spelling()
                        + " is not byte-addressable (a bit-field?).");
            }
            fields.put(field.spelling(), new Field(Math.toIntExact(offsetBits / 8), Math.toIntExact(size)));
        }
        return new StatusLayout(Math.toIntExact(record.sizeOf()), fields);
    }
}
