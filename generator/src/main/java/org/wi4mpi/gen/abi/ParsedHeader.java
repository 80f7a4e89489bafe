package org.wi4mpi.gen.abi;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.wi4mpi.gen.clang.Cursor;
import org.wi4mpi.gen.clang.CursorKind;
import org.wi4mpi.gen.clang.Diagnostic;
import org.wi4mpi.gen.clang.Index;
import org.wi4mpi.gen.clang.TranslationUnit;

/**
 * An MPI header parsed as C11, with the declarations and macro definitions that come from the
 * implementation's own include directory (not from the C library headers it pulls in).
 */
public final class ParsedHeader implements AutoCloseable {

    private final Path header;
    private final List<Path> includeDirs;
    private final TranslationUnit unit;
    private final Path scope;
    private final List<Cursor> topLevel;

    private ParsedHeader(Path header, List<Path> includeDirs, TranslationUnit unit) {
        this.header = header;
        this.includeDirs = includeDirs;
        this.unit = unit;
        this.scope = header.getParent();
        this.topLevel = unit.cursor().children().stream().filter(this::inScope).toList();
    }

    /** Parses {@code header}; a missing file or a compile error is reported with the header's path. */
    public static ParsedHeader parse(Index index, Path header, List<Path> includeDirs) {
        Path absolute = header.toAbsolutePath().normalize();
        if (!Files.isRegularFile(absolute)) {
            throw new ProbeException("MPI header not found: " + header + ".");
        }
        for (Path dir : includeDirs) {
            if (!Files.isDirectory(dir)) {
                throw new ProbeException("include directory not found: " + dir + " (for " + header + ").");
            }
        }
        TranslationUnit unit = index.parse(absolute.toString(), compilerArguments(includeDirs), Map.of());
        List<Diagnostic> errors = unit.diagnostics().stream().filter(Diagnostic::isError).toList();
        if (!errors.isEmpty()) {
            unit.close();
            throw new ProbeException("cannot parse " + header + " as C11: " + errors.get(0).text()
                    + (errors.size() > 1 ? " (and " + (errors.size() - 1) + " more errors)" : "") + ".");
        }
        return new ParsedHeader(absolute, List.copyOf(includeDirs), unit);
    }

    /** -x c -std=c11 plus the include directories; no error limit so that every failure is seen. */
    static List<String> compilerArguments(List<Path> includeDirs) {
        List<String> arguments = new ArrayList<>(List.of("-x", "c", "-std=c11", "-ferror-limit=0"));
        for (Path dir : includeDirs) {
            arguments.add("-I" + dir.toAbsolutePath().normalize());
        }
        return arguments;
    }

    public Path header() {
        return header;
    }

    public List<Path> includeDirs() {
        return includeDirs;
    }

    public TranslationUnit unit() {
        return unit;
    }

    /** Top-level declarations and macro definitions from the header's directory, in source order. */
    public List<Cursor> topLevel() {
        return topLevel;
    }

    /** Top-level declarations plus the ones nested in typedefs ({@code typedef struct {...} T;}). */
    public List<Cursor> declarations() {
        List<Cursor> all = new ArrayList<>();
        for (Cursor cursor : topLevel) {
            all.add(cursor);
            if (cursor.kind() == CursorKind.TYPEDEF_DECL) {
                all.addAll(cursor.children());
            }
        }
        return all;
    }

    private boolean inScope(Cursor cursor) {
        String file = cursor.position().file();
        return !file.isEmpty() && Path.of(file).toAbsolutePath().normalize().startsWith(scope);
    }

    @Override
    public void close() {
        unit.close();
    }

    @Override
    public String toString() {
        return header + " " + includeDirs.stream().map(Path::toString).collect(Collectors.joining(" "));
    }
}
