package org.wi4mpi.gen.abi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.wi4mpi.gen.abi.AbiDescriptor.Constant;
import org.wi4mpi.gen.abi.AbiDescriptor.TypeInfo;
import org.wi4mpi.gen.clang.Cursor;
import org.wi4mpi.gen.clang.CursorKind;
import org.wi4mpi.gen.clang.Diagnostic;
import org.wi4mpi.gen.clang.Evaluation;
import org.wi4mpi.gen.clang.Index;
import org.wi4mpi.gen.clang.Token;
import org.wi4mpi.gen.clang.TranslationUnit;
import org.wi4mpi.gen.clang.Type;
import org.wi4mpi.gen.clang.TypeKind;

/**
 * Every MPI_* / MPIX_* constant (and the vendor enumerators of MpiNames.VENDOR_CONSTANT): enumerators directly, object-like macros by evaluating them in a
 * generated snippet (see {@link MacroSnippet}). Macros that are not constant expressions (types,
 * attributes, expansions that do not compile) are left out rather than guessed.
 */
final class ConstantPass {

    /** Macros read for the version string, whatever their prefix. */
    static final Set<String> VERSION_MACROS = Set.of("OMPI_MAJOR_VERSION", "OMPI_MINOR_VERSION",
            "OMPI_RELEASE_VERSION", "MPICH_VERSION", "MPI_VERSION", "MPI_SUBVERSION");

    record Result(SortedMap<String, Constant> constants, String version, SortedMap<String, TypeInfo> macroTypes) {}

    /** What the snippet says about one macro's expansion. */
    private record Expansion(Type type, Evaluation value, Optional<String> symbol) {}

    private ConstantPass() {}

    static Result run(Index index, ParsedHeader header, Set<String> handleTypes, Set<String> typedefs) {
        Set<String> macros = evaluableMacros(header);
        List<String> typeMacros = macros.stream()
                .filter(m -> MpiNames.INTEGER_TYPES.contains(m) && !typedefs.contains(m)).toList();

        SortedMap<String, Constant> constants = new TreeMap<>(enumerators(header));
        Map<String, Evaluation> versionParts = new HashMap<>();
        SortedMap<String, TypeInfo> macroTypes = new TreeMap<>();
        List<String> pointerRetries = new ArrayList<>();
        List<String> doubleRetries = new ArrayList<>();
        List<String> stringRetries = new ArrayList<>();

        MacroSnippet first = new MacroSnippet(header.header()).values(macros).types(typeMacros);
        try (TranslationUnit unit = parseSnippet(index, header, first)) {
            for (Cursor cursor : unit.cursor().children()) {
                String name = cursor.spelling();
                if (cursor.kind() == CursorKind.TYPEDEF_DECL && name.startsWith(MacroSnippet.TYPE_PREFIX)) {
                    String macro = name.substring(MacroSnippet.TYPE_PREFIX.length());
                    TypeInfo info = TypeClassifier.classify(macro, cursor);
                    if (!"other".equals(info.kind())) {
                        macroTypes.put(macro, info);
                    }
                }
                if (cursor.kind() != CursorKind.VAR_DECL || !name.startsWith(MacroSnippet.VALUE_PREFIX)) {
                    continue;
                }
                String macro = name.substring(MacroSnippet.VALUE_PREFIX.length());
                Optional<Expansion> expansion = expansion(cursor);
                if (expansion.isEmpty()) {
                    continue;
                }
                Expansion e = expansion.get();
                if (VERSION_MACROS.contains(macro)) {
                    versionParts.put(macro, e.value());
                }
                if (!MpiNames.isInterface(macro)) {
                    if (e.type().canonical().kind().isArray()) {
                        stringRetries.add(macro);
                    }
                    continue;
                }
                TypeKind kind = e.type().canonical().kind();
                String typeName = e.type().spelling();
                if (handleTypes.contains(typeName)) {
                    handle(typeName, e).ifPresent(c -> constants.put(macro, c));
                } else if (kind == TypeKind.POINTER || kind.isFunction()) {
                    Optional<Constant> pointer = pointer(e);
                    if (pointer.isPresent()) {
                        constants.put(macro, pointer.get());
                    } else {
                        pointerRetries.add(macro);
                    }
                } else if (kind.isInteger() || kind == TypeKind.ENUM) {
                    if (e.value() instanceof Evaluation.IntValue(long value)) {
                        constants.put(macro, new Constant("int", null, value, null, null));
                    }
                } else if (kind.isFloating()) {
                    doubleRetries.add(macro);
                } else if (kind.isArray()) {
                    stringRetries.add(macro);
                }
            }
        }

        if (!pointerRetries.isEmpty() || !doubleRetries.isEmpty() || !stringRetries.isEmpty()) {
            MacroSnippet second = new MacroSnippet(header.header())
                    .pointers(pointerRetries).doubles(doubleRetries).strings(stringRetries);
            try (TranslationUnit unit = parseSnippet(index, header, second)) {
                for (Cursor cursor : unit.cursor().children()) {
                    if (cursor.kind() != CursorKind.VAR_DECL) {
                        continue;
                    }
                    String name = cursor.spelling();
                    Evaluation value = cursor.evaluate();
                    if (name.startsWith(MacroSnippet.POINTER_PREFIX)
                            && value instanceof Evaluation.IntValue(long address)) {
                        constants.put(name.substring(MacroSnippet.POINTER_PREFIX.length()),
                                new Constant("pointer", null, address, null, null));
                    } else if (name.startsWith(MacroSnippet.DOUBLE_PREFIX)
                            && value instanceof Evaluation.FloatValue(double number)) {
                        constants.put(name.substring(MacroSnippet.DOUBLE_PREFIX.length()),
                                new Constant("double", null, null, null, Double.toString(number)));
                    } else if (name.startsWith(MacroSnippet.STRING_PREFIX)
                            && value instanceof Evaluation.StringValue(String text)) {
                        String macro = name.substring(MacroSnippet.STRING_PREFIX.length());
                        if (VERSION_MACROS.contains(macro)) {
                            versionParts.put(macro, value);
                        }
                        if (MpiNames.isInterface(macro)) {
                            constants.put(macro, new Constant("string", null, null, null, text));
                        }
                    }
                }
            }
        }
        return new Result(constants, VersionString.of(versionParts, header.header()), macroTypes);
    }

    /** Object-like macros of interest whose body could be an expression. */
    private static Set<String> evaluableMacros(ParsedHeader header) {
        Set<String> macros = new LinkedHashSet<>();
        for (Cursor cursor : header.topLevel()) {
            if (cursor.kind() != CursorKind.MACRO_DEFINITION || cursor.isFunctionLikeMacro()) {
                continue;
            }
            String name = cursor.spelling();
            if ((MpiNames.isInterface(name) || VERSION_MACROS.contains(name)) && isExpressionLike(cursor.tokens())) {
                macros.add(name);
            }
        }
        return macros;
    }

    /**
     * A body that is empty, or holds statement punctuation or unbalanced parentheses, would break the
     * snippet's neighbouring lines; such macros are not constants anyway.
     */
    private static boolean isExpressionLike(List<Token> tokens) {
        if (tokens.size() < 2) {
            return false;
        }
        int depth = 0;
        for (Token token : tokens.subList(1, tokens.size())) {
            switch (token.spelling()) {
                case ";", "{", "}", "#", "##" -> {
                    return false;
                }
                case "(" -> depth++;
                case ")" -> {
                    if (--depth < 0) {
                        return false;
                    }
                }
                default -> { }
            }
        }
        return depth == 0;
    }

    private static SortedMap<String, Constant> enumerators(ParsedHeader header) {
        SortedMap<String, Constant> constants = new TreeMap<>();
        for (Cursor declaration : header.declarations()) {
            if (declaration.kind() != CursorKind.ENUM_DECL) {
                continue;
            }
            for (Cursor enumerator : declaration.children()) {
                if (enumerator.kind() == CursorKind.ENUM_CONSTANT_DECL && (MpiNames.isInterface(enumerator.spelling())
                        || MpiNames.isVendorConstant(enumerator.spelling()))) {
                    constants.put(enumerator.spelling(),
                            new Constant("int", null, enumerator.enumConstantValue(), null, null));
                }
            }
        }
        return constants;
    }

    private static TranslationUnit parseSnippet(Index index, ParsedHeader header, MacroSnippet snippet) {
        String file = header.header().resolveSibling("wi4mpi-probe-constants.c").toString();
        TranslationUnit unit = index.parse(file, ParsedHeader.compilerArguments(header.includeDirs()),
                Map.of(file, snippet.text()));
        Optional<Diagnostic> fatal = unit.diagnostics().stream().filter(Diagnostic::isFatal).findFirst();
        if (fatal.isPresent()) {
            unit.close();
            throw new ProbeException("cannot evaluate the constants of " + header.header() + ": "
                    + fatal.get().text() + ".");
        }
        return unit;
    }

    /** The macro's own expression is the parenthesised operand of the snippet's cast. */
    private static Optional<Expansion> expansion(Cursor variable) {
        Optional<Cursor> operand = variable.descendants().stream()
                .filter(c -> c.kind() == CursorKind.PAREN_EXPR).findFirst();
        if (operand.isEmpty()) {
            return Optional.empty();
        }
        Set<String> symbols = new LinkedHashSet<>();
        for (Cursor node : operand.get().descendants()) {
            if (node.kind() == CursorKind.DECL_REF_EXPR) {
                CursorKind target = node.referenced().kind();
                if (target == CursorKind.VAR_DECL || target == CursorKind.FUNCTION_DECL) {
                    symbols.add(node.spelling());
                }
            }
        }
        Optional<String> symbol = symbols.size() == 1 ? Optional.of(symbols.iterator().next()) : Optional.empty();
        return Optional.of(new Expansion(operand.get().type(), variable.evaluate(), symbol));
    }

    private static Optional<Constant> handle(String typeName, Expansion e) {
        if (e.value() instanceof Evaluation.IntValue(long value)) {
            return Optional.of(new Constant("handle", typeName, value, null, null));
        }
        return e.symbol().map(symbol -> new Constant("handle", typeName, null, symbol, null));
    }

    private static Optional<Constant> pointer(Expansion e) {
        if (e.value() instanceof Evaluation.IntValue(long value)) {
            return Optional.of(new Constant("pointer", null, value, null, null));
        }
        return e.symbol().map(symbol -> new Constant("pointer", null, null, symbol, null));
    }
}
