package org.wi4mpi.gen.clang;

/** The CXCursorKind values the probe distinguishes; every other kind maps to {@link #OTHER}. */
public enum CursorKind {
    STRUCT_DECL(2),
    UNION_DECL(3),
    ENUM_DECL(5),
    FIELD_DECL(6),
    ENUM_CONSTANT_DECL(7),
    FUNCTION_DECL(8),
    VAR_DECL(9),
    PARM_DECL(10),
    TYPEDEF_DECL(20),
    DECL_REF_EXPR(101),
    STRING_LITERAL(109),
    PAREN_EXPR(111),
    CSTYLE_CAST_EXPR(117),
    TRANSLATION_UNIT(350),
    MACRO_DEFINITION(501),
    MACRO_EXPANSION(502),
    INCLUSION_DIRECTIVE(503),
    OTHER(-1);

    private final int value;

    CursorKind(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }

    public static CursorKind of(int value) {
        for (CursorKind kind : values()) {
            if (kind.value == value) {
                return kind;
            }
        }
        return OTHER;
    }
}
