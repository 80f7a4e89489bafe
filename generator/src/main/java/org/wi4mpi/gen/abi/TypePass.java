package org.wi4mpi.gen.abi;

import java.util.SortedMap;
import java.util.TreeMap;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.clang.Cursor;
import org.wi4mpi.gen.clang.CursorKind;

/** Every MPI_* / MPIX_* typedef of the header, classified. */
final class TypePass {

    private TypePass() {}

    static SortedMap<String, TypeInfo> run(ParsedHeader header) {
        SortedMap<String, TypeInfo> types = new TreeMap<>();
        for (Cursor cursor : header.topLevel()) {
            if (cursor.kind() == CursorKind.TYPEDEF_DECL && MpiNames.isInterface(cursor.spelling())) {
                types.putIfAbsent(cursor.spelling(), TypeClassifier.classify(cursor.spelling(), cursor));
            }
        }
        return types;
    }
}
