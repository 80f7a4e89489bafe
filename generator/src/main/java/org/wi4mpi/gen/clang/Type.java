package org.wi4mpi.gen.clang;

import java.lang.foreign.MemorySegment;
import org.wi4mpi.gen.clang.libclang.CXType;
import org.wi4mpi.gen.clang.libclang.TypeFunctions;

/** A C type as libclang sees it (a CXType), with the typedef sugar it was written with. */
public final class Type {

    private final TranslationUnit unit;
    private final MemorySegment segment;

    Type(TranslationUnit unit, MemorySegment segment) {
        this.unit = unit;
        this.segment = segment;
    }

    private TypeFunctions api() {
        return unit.api().types();
    }

    public TypeKind kind() {
        return TypeKind.of(CXType.kind(segment));
    }

    public String spelling() {
        return Strings.take(unit.api(), api().clang_getTypeSpelling(unit.arena(), segment));
    }

    /** The type with every typedef resolved. */
    public Type canonical() {
        return new Type(unit, api().clang_getCanonicalType(unit.arena(), segment));
    }

    /**
     * The type a written name stands for: libclang 16 and later report a type spelled by a typedef's
     * name as ELABORATED around the TYPEDEF (libclang 14, Debian 12's, as the TYPEDEF itself); this is
     * the TYPEDEF either way. Other types are returned as they are.
     */
    public Type withoutElaboration() {
        return kind() == TypeKind.ELABORATED ? new Type(unit, api().clang_Type_getNamedType(unit.arena(), segment)) : this;
    }

    public Type pointee() {
        return new Type(unit, api().clang_getPointeeType(unit.arena(), segment));
    }

    public Type resultType() {
        return new Type(unit, api().clang_getResultType(unit.arena(), segment));
    }

    public Type elementType() {
        return new Type(unit, api().clang_getArrayElementType(unit.arena(), segment));
    }

    /** The declaration of a record, enum or typedef type. */
    public Cursor declaration() {
        return new Cursor(unit, api().clang_getTypeDeclaration(unit.arena(), segment));
    }

    public boolean isVariadic() {
        return api().clang_isFunctionTypeVariadic(segment) != 0;
    }

    public boolean isConstQualified() {
        return api().clang_isConstQualifiedType(segment) != 0;
    }

    /** Size in bytes, or a negative CXTypeLayoutError for incomplete, dependent or function types. */
    public long sizeOf() {
        return api().clang_Type_getSizeOf(segment);
    }

    @Override
    public String toString() {
        return spelling();
    }
}
