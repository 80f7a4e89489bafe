package org.wi4mpi.gen.abi;

import java.util.ArrayList;
import java.util.List;
import org.wi4mpi.gen.abi.AbiDescriptor.Param;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.clang.Cursor;
import org.wi4mpi.gen.clang.CursorKind;
import org.wi4mpi.gen.clang.Type;
import org.wi4mpi.gen.clang.TypeKind;

/**
 * The signature of a callback typedef ({@code typedef int (MPI_Grequest_free_function)(void *extra_state);}):
 * its result type and its parameters, spelled as prototypes' are (PrototypePass), or the callback type it
 * is another name of ({@code typedef MPI_Comm_errhandler_function MPI_Comm_errhandler_fn;}). Parameter
 * names are the header's, empty where it gives none.
 */
final class CallbackSignature {

    private CallbackSignature() {}

    static TypeInfo of(Cursor typedef) {
        Type underlying = typedef.typedefUnderlyingType().withoutElaboration();
        if (underlying.kind() == TypeKind.TYPEDEF) {
            Cursor named = underlying.declaration();
            // Another MPI name is an alias; a vendor's own name (Open MPI's ompi_file_errhandler_fn) is
            // looked through.
            return MpiNames.isInterface(named.spelling())
                    ? new TypeInfo("function", null, null, null, null, null, named.spelling())
                    : of(named);
        }
        Type function = underlying.canonical();
        if (function.kind() == TypeKind.POINTER) {
            function = function.pointee();
        }
        // The parameters are the typedef's own PARM_DECL children: a function type has no names.
        List<Param> params = new ArrayList<>();
        for (Cursor child : typedef.children()) {
            if (child.kind() == CursorKind.PARM_DECL) {
                params.add(new Param(child.spelling(), ParameterTypes.decayedSpelling(child.type())));
            }
        }
        if (function.isVariadic()) {
            params.add(PrototypePass.VARIADIC);
        }
        return new TypeInfo("function", null, null, null, function.resultType().spelling(), List.copyOf(params), null);
    }
}
