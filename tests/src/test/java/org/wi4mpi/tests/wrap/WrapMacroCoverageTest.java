package org.wi4mpi.tests.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The .w files of tests/wrap, together, use every macro and name the reference wrap.py defines (read from
 * its source: the {@code @macro} functions and the names it puts in scopes), the numeric {@code {{N}}} form
 * and list indexing; the tools of the equivalence test use every option. Only expanded text counts: C
 * comments are left out of the scan, as the generators leave them unexpanded.
 */
class WrapMacroCoverageTest {

    private static final Pattern REGISTERED_MACRO = Pattern.compile("@macro\\(\"(\\w+)\"");
    private static final Pattern SCOPE_NAME = Pattern.compile("\\b(?:scope|fn_scope|outer_scope)\\[\"(\\w+)\"\\]\\s*=[^=]");
    private static final Pattern BODY_MACRO = Pattern.compile("@macro\\(\"(\\w+)\", has_body=True\\)");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    @Test
    void everyMacroAndAliasIsUsed() {
        String script = read(WrapReference.script());
        Set<String> names = new TreeSet<>();
        matches(REGISTERED_MACRO, script).forEach(names::add);
        matches(SCOPE_NAME, script).forEach(names::add);
        matches(BODY_MACRO, script).forEach(n -> names.add("end" + n));
        // What wrap.py defines, as read: a scan that found nothing would prove nothing.
        assertTrue(names.containsAll(Set.of("fn", "fnall", "foreachfn", "forallfn", "sub", "zip", "def", "list", "filter",
                "fn_num", "fileno", "callfn", "ret_val", "returnVal", "ret_type", "retType", "args", "argList", "formals",
                "argTypeList", "types", "nargs", "get_arg", "applyToType", "apply_to_type", "endfn", "endfnall")), names::toString);

        String used = expandedText();
        Set<String> unused = names.stream().filter(n -> !Pattern.compile("\\{\\{" + Pattern.quote(n) + "[\\s}]").matcher(used).find())
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of(), unused, "macros of wrap.py that no .w file of tests/wrap uses");
        assertTrue(Pattern.compile("\\{\\{\\d+}}").matcher(used).find(), "{{N}}, an argument by position");
        assertTrue(Pattern.compile("\\{\\{\\w+ \\d+}}").matcher(used).find(), "list indexing, {{list N}}");
        assertTrue(Pattern.compile("\\{\\{\\w+ \\w+ '[^']* [^']*'}}|\\{\\{\\w+ \\w+ \"[^\"]* [^\"]*\"}}").matcher(used).find(),
                "a quoted argument holding a space");
    }

    @Test
    void everyOptionIsUsed() {
        Set<String> options = Arrays.stream(WrapTool.values()).flatMap(t -> t.options().stream())
                .filter(o -> o.startsWith("-")).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of("-f", "-g", "-i", "-s", "-w"), options);
        assertTrue(Arrays.stream(WrapTool.values()).anyMatch(t -> t.inputs().size() > 1), "two input files in one run");
    }

    /** Our .w files without their C comments (signatures.w, read with -s, has none). */
    private static String expandedText() {
        try (Stream<Path> files = Files.list(WrapWorkspace.sources())) {
            List<Path> w = files.filter(p -> p.toString().endsWith(".w")).sorted().toList();
            assertTrue(w.size() >= 4, w::toString);
            return w.stream().map(p -> COMMENT.matcher(read(p)).replaceAll(" ")).collect(Collectors.joining("\n"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> matches(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        List<String> found = new java.util.ArrayList<>();
        while (m.find())
            found.add(m.group(1));
        return found;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
