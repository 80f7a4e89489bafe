package org.wi4mpi.gen.abi;

import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.clang.Cursor;
import org.wi4mpi.gen.clang.Type;
import org.wi4mpi.gen.clang.TypeKind;

/** Decides what an MPI typedef is (handle, integer, function, struct) from the type it names. */
final class TypeClassifier {

    private TypeClassifier() {}

    /** What the typedef {@code typedef} declares, the type {@code name} (a macro's name for a macro type). */
    static TypeInfo classify(String name, Cursor typedef) {
        Type underlying = typedef.typedefUnderlyingType();
        Type canonical = underlying.canonical();
        TypeKind kind = canonical.kind();
        if (kind.isFunction() || (kind == TypeKind.POINTER && canonical.pointee().kind().isFunction())) {
            return CallbackSignature.of(typedef);
        }
        if (kind == TypeKind.RECORD) {
            return new TypeInfo("struct", size(canonical), null, null);
        }
        if (kind == TypeKind.POINTER) {
            return new TypeInfo("handle", size(canonical), true, null);
        }
        if (kind.isInteger()) {
            if (MpiNames.INTEGER_TYPES.contains(name)) {
                return new TypeInfo("integer", size(canonical), null, kind.isSignedInteger());
            }
            return new TypeInfo("handle", size(canonical), false, null);
        }
        return new TypeInfo("other", size(canonical), null, null);
    }

    private static Integer size(Type type) {
        long size = type.sizeOf();
        return size < 0 ? null : Math.toIntExact(size);
    }
}
