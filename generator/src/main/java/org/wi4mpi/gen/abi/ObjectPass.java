package org.wi4mpi.gen.abi;

import java.util.SortedSet;
import java.util.TreeSet;
import org.wi4mpi.gen.clang.Cursor;
import org.wi4mpi.gen.clang.CursorKind;

/** The extern variables the header declares: data an application binary may reference directly. */
final class ObjectPass {

    private ObjectPass() {}

    static SortedSet<String> run(ParsedHeader header) {
        SortedSet<String> names = new TreeSet<>();
        for (Cursor cursor : header.topLevel()) {
            if (cursor.kind() == CursorKind.VAR_DECL && cursor.isExternStorage()) {
                names.add(cursor.spelling());
            }
        }
        return names;
    }
}
