package org.wi4mpi.gen.abi;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.Prototype;
import org.wi4mpi.gen.clang.Cursor;
import org.wi4mpi.gen.clang.CursorKind;

/** Every MPI_* / MPIX_* function prototype of the header (PMPI_ names are the same functions). */
public final class PrototypePass {

    /** The parameter that stands for "..." at the end of a variadic prototype. */
    public static final Param VARIADIC = new Param("", "...");

    private PrototypePass() {}

    public static SortedMap<String, Prototype> run(ParsedHeader header) {
        SortedMap<String, Prototype> functions = new TreeMap<>();
        for (Cursor cursor : header.topLevel()) {
            if (cursor.kind() != CursorKind.FUNCTION_DECL || !MpiNames.isInterface(cursor.spelling())) {
                continue;
            }
            List<Param> params = new ArrayList<>();
            for (Cursor argument : cursor.arguments()) {
                params.add(new Param(argument.spelling(), ParameterTypes.decayedSpelling(argument.type())));
            }
            if (cursor.type().isVariadic()) {
                params.add(VARIADIC);
            }
            functions.putIfAbsent(cursor.spelling(),
                    new Prototype(cursor.type().resultType().spelling(), List.copyOf(params)));
        }
        return functions;
    }
}
