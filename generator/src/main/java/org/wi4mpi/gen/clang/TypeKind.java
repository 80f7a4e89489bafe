package org.wi4mpi.gen.clang;

/** The CXTypeKind values the probe distinguishes; every other kind maps to {@link #OTHER}. */
public enum TypeKind {
    INVALID(0),
    UNEXPOSED(1),
    VOID(2),
    BOOL(3),
    CHAR_U(4),
    UCHAR(5),
    USHORT(8),
    UINT(9),
    ULONG(10),
    ULONGLONG(11),
    UINT128(12),
    CHAR_S(13),
    SCHAR(14),
    SHORT(16),
    INT(17),
    LONG(18),
    LONGLONG(19),
    INT128(20),
    FLOAT(21),
    DOUBLE(22),
    LONGDOUBLE(23),
    POINTER(101),
    RECORD(105),
    ENUM(106),
    TYPEDEF(107),
    FUNCTION_NO_PROTO(110),
    FUNCTION_PROTO(111),
    CONSTANT_ARRAY(112),
    INCOMPLETE_ARRAY(114),
    VARIABLE_ARRAY(115),
    ELABORATED(119),
    OTHER(-1);

    private final int value;

    TypeKind(int value) {
        this.value = value;
    }

    public static TypeKind of(int value) {
        for (TypeKind kind : values()) {
            if (kind.value == value) {
                return kind;
            }
        }
        return OTHER;
    }

    public boolean isSignedInteger() {
        return switch (this) {
            case CHAR_S, SCHAR, SHORT, INT, LONG, LONGLONG, INT128 -> true;
            default -> false;
        };
    }

    public boolean isUnsignedInteger() {
        return switch (this) {
            case BOOL, CHAR_U, UCHAR, USHORT, UINT, ULONG, ULONGLONG, UINT128 -> true;
            default -> false;
        };
    }

    public boolean isInteger() {
        return isSignedInteger() || isUnsignedInteger();
    }

    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE || this == LONGDOUBLE;
    }

    public boolean isFunction() {
        return this == FUNCTION_PROTO || this == FUNCTION_NO_PROTO;
    }

    public boolean isArray() {
        return this == CONSTANT_ARRAY || this == INCOMPLETE_ARRAY || this == VARIABLE_ARRAY;
    }
}
