package org.wi4mpi.gen.clang;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.wi4mpi.gen.clang.libclang.CXCursor;
import org.wi4mpi.gen.clang.libclang.CXCursorVisitor;
import org.wi4mpi.gen.clang.libclang.CursorFunctions;

/** A node of the AST or of the preprocessing record (a CXCursor). */
public final class Cursor {

    /** What to do after visiting a cursor. */
    public enum Walk { BREAK, CONTINUE, RECURSE }

    /** Called for each child (and, when asked, each descendant) of a cursor. */
    @FunctionalInterface
    public interface Visitor {
        Walk visit(Cursor cursor, Cursor parent);
    }

    private final TranslationUnit unit;
    private final MemorySegment segment;

    Cursor(TranslationUnit unit, MemorySegment segment) {
        this.unit = unit;
        this.segment = segment;
    }

    MemorySegment segment() {
        return segment;
    }

    private CursorFunctions api() {
        return unit.api().cursors();
    }

    public TranslationUnit translationUnit() {
        return unit;
    }

    public CursorKind kind() {
        return CursorKind.of(CXCursor.kind(segment));
    }

    /** The raw CXCursorKind, for kinds {@link CursorKind} does not name. */
    public int rawKind() {
        return CXCursor.kind(segment);
    }

    public String spelling() {
        return Strings.take(unit.api(), api().clang_getCursorSpelling(unit.arena(), segment));
    }

    public Type type() {
        return new Type(unit, api().clang_getCursorType(unit.arena(), segment));
    }

    public Type typedefUnderlyingType() {
        return new Type(unit, api().clang_getTypedefDeclUnderlyingType(unit.arena(), segment));
    }

    /** The declaration a reference (e.g. a DeclRefExpr) points to. */
    public Cursor referenced() {
        return new Cursor(unit, api().clang_getCursorReferenced(unit.arena(), segment));
    }

    public boolean isNull() {
        // CXCursor_InvalidFile .. CXCursor_InvalidCode (70..73) mark "no cursor"
        int kind = rawKind();
        return kind >= 70 && kind <= 73;
    }

    public long enumConstantValue() {
        return api().clang_getEnumConstantDeclValue(segment);
    }

    public List<Cursor> arguments() {
        int count = api().clang_Cursor_getNumArguments(segment);
        List<Cursor> arguments = new ArrayList<>(Math.max(0, count));
        for (int i = 0; i < count; i++) {
            arguments.add(new Cursor(unit, api().clang_Cursor_getArgument(unit.arena(), segment, i)));
        }
        return arguments;
    }

    /** Offset of a field in its record, in bits, or a negative CXTypeLayoutError. */
    public long fieldOffsetInBits() {
        return api().clang_Cursor_getOffsetOfField(segment);
    }

    public boolean isFunctionLikeMacro() {
        return api().clang_Cursor_isMacroFunctionLike(segment) != 0;
    }

    public boolean isExternStorage() {
        return api().clang_Cursor_getStorageClass(segment) == CursorFunctions.CX_SC_Extern;
    }

    public SourcePosition position() {
        MemorySegment location = api().clang_getCursorLocation(unit.arena(), segment);
        try (Arena scratch = Arena.ofConfined()) {
            MemorySegment file = scratch.allocate(ValueLayout.ADDRESS);
            MemorySegment line = scratch.allocate(ValueLayout.JAVA_INT);
            MemorySegment column = scratch.allocate(ValueLayout.JAVA_INT);
            api().clang_getExpansionLocation(location, file, line, column, MemorySegment.NULL);
            MemorySegment fileHandle = file.get(ValueLayout.ADDRESS, 0);
            String name = fileHandle.equals(MemorySegment.NULL)
                    ? "" : Strings.take(unit.api(), api().clang_getFileName(scratch, fileHandle));
            return new SourcePosition(name, line.get(ValueLayout.JAVA_INT, 0), column.get(ValueLayout.JAVA_INT, 0));
        }
    }

    /** Evaluates a declaration's initializer (or an expression) as a constant. */
    public Evaluation evaluate() {
        MemorySegment result = api().clang_Cursor_Evaluate(segment);
        if (result.equals(MemorySegment.NULL)) {
            return new Evaluation.NotConstant();
        }
        try {
            return switch (api().clang_EvalResult_getKind(result)) {
                case CursorFunctions.CXEval_Int -> new Evaluation.IntValue(api().clang_EvalResult_isUnsignedInt(result) != 0
                        ? api().clang_EvalResult_getAsUnsigned(result)
                        : api().clang_EvalResult_getAsLongLong(result));
                case CursorFunctions.CXEval_Float -> new Evaluation.FloatValue(api().clang_EvalResult_getAsDouble(result));
                case CursorFunctions.CXEval_StrLiteral -> new Evaluation.StringValue(
                        api().clang_EvalResult_getAsStr(result).reinterpret(Long.MAX_VALUE).getString(0));
                default -> new Evaluation.Unexposed();
            };
        } finally {
            api().clang_EvalResult_dispose(result);
        }
    }

    public List<Token> tokens() {
        return unit.tokens(this);
    }

    public List<Cursor> children() {
        List<Cursor> children = new ArrayList<>();
        visit((child, parent) -> {
            children.add(child);
            return Walk.CONTINUE;
        });
        return children;
    }

    /** Every cursor below this one, depth first. */
    public List<Cursor> descendants() {
        List<Cursor> descendants = new ArrayList<>();
        visit((child, parent) -> {
            descendants.add(child);
            return Walk.RECURSE;
        });
        return descendants;
    }

    /**
     * Walks the children with {@code visitor}. An exception thrown by the visitor stops the walk and is
     * rethrown here once libclang has returned (it must never unwind through native frames).
     */
    public void visit(Visitor visitor) {
        Throwable[] failure = new Throwable[1];
        CXCursorVisitor bridge = (child, parent, data) -> {
            if (failure[0] != null) {
                // libclang may call again after a Break (e.g. between macro records and declarations)
                return CXCursorVisitor.CXChildVisit_Break;
            }
            try {
                Cursor childCursor = copy(child);
                Cursor parentCursor = copy(parent);
                return switch (visitor.visit(childCursor, parentCursor)) {
                    case BREAK -> CXCursorVisitor.CXChildVisit_Break;
                    case CONTINUE -> CXCursorVisitor.CXChildVisit_Continue;
                    case RECURSE -> CXCursorVisitor.CXChildVisit_Recurse;
                };
            } catch (Throwable t) {
                failure[0] = t;
                return CXCursorVisitor.CXChildVisit_Break;
            }
        };
        try (Arena stubArena = Arena.ofConfined()) {
            MemorySegment stub = CXCursorVisitor.allocate(bridge, stubArena);
            api().clang_visitChildren(segment, stub, MemorySegment.NULL);
        }
        if (failure[0] instanceof RuntimeException e) {
            throw e;
        }
        if (failure[0] instanceof Error e) {
            throw e;
        }
        if (failure[0] != null) {
            throw new IllegalStateException(failure[0]);
        }
    }

    /** The visitor's arguments live only during the upcall: keep a copy in the unit's arena. */
    private Cursor copy(MemorySegment transientCursor) {
        MemorySegment kept = unit.arena().allocate(CXCursor.LAYOUT);
        kept.copyFrom(transientCursor);
        return new Cursor(unit, kept);
    }

    @Override
    public String toString() {
        return kind() + " " + spelling();
    }
}
