package org.wi4mpi.gen.wrap;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The macros that work on values: {{sub}}, {{zip}}, {{def}}, {{list}}, {{filter}}, and {{fn_num}}
 * (a counter shared by every file of one run). Regular expressions are written as in Python's re module.
 */
final class MacroLibrary {

    private int fnNum;

    /** Adds the value macros to the outermost scope's table. */
    void register(Map<String, Macro> macros) {
        macros.put("sub", this::sub);
        macros.put("zip", MacroLibrary::zip);
        macros.put("def", MacroLibrary::def);
        macros.put("list", MacroLibrary::list);
        macros.put("filter", MacroLibrary::filter);
        macros.put("fn_num", call -> fnNum++);
    }

    /** {{sub VALUE REGEX REPLACEMENT}}: every match replaced, in a string or in each item of a list. */
    private Object sub(Macro.Call call) {
        arity(call, 3);
        Pattern regex = regex(call, call.text(1));
        String replacement = call.text(2);
        if (call.args().get(0) instanceof List<?> items) {
            List<String> out = new ArrayList<>();
            items.forEach(item -> out.add(replace(call, regex, String.valueOf(item), replacement)));
            return out;
        }
        return replace(call, regex, call.text(0), replacement);
    }

    /** {{zip LIST LIST}}: "a b" for each pair of items, as long as the shorter list. */
    private static Object zip(Macro.Call call) {
        arity(call, 2);
        List<?> a = listArgument(call, 0);
        List<?> b = listArgument(call, 1);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            out.add(a.get(i) + " " + b.get(i));
        }
        return out;
    }

    /** {{def NAME VALUE}}: NAME has VALUE in the current scope; prints nothing. */
    private static Object def(Macro.Call call) {
        arity(call, 2);
        call.scope().put(call.text(0), call.args().get(1));
        return null;
    }

    /** {{list ITEM ...}}: a list of the items, the items of list arguments spliced in. */
    private static Object list(Macro.Call call) {
        List<String> out = new ArrayList<>();
        for (Object a : call.args()) {
            if (a instanceof List<?> items) {
                items.forEach(item -> out.add(String.valueOf(item)));
            } else {
                out.add(String.valueOf(a));
            }
        }
        return out;
    }

    /** {{filter REGEX LIST}}: the items in which REGEX finds a match. */
    private static Object filter(Macro.Call call) {
        arity(call, 2);
        Pattern regex = regex(call, call.text(0));
        List<String> out = new ArrayList<>();
        for (Object item : listArgument(call, 1)) {
            if (regex.matcher(String.valueOf(item)).find()) {
                out.add(String.valueOf(item));
            }
        }
        return out;
    }

    static void arity(Macro.Call call, int n) {
        if (call.args().size() != n) {
            throw call.fault("{{" + call.chunk().name() + "}} takes " + n + " arguments, not " + call.args().size());
        }
    }

    private static List<?> listArgument(Macro.Call call, int i) {
        if (call.args().get(i) instanceof List<?> list) {
            return list;
        }
        throw call.fault("argument " + (i + 1) + " of {{" + call.chunk().name() + "}} must be a list, not '"
                + call.args().get(i) + "'");
    }

    /** A Python regular expression in Java's syntax: named groups {@code (?P<n>...)} and {@code (?P=n)}. */
    static Pattern regex(Macro.Call call, String python) {
        String java = python.replace("(?P<", "(?<").replaceAll("\\(\\?P=(\\w+)\\)", "\\\\k<$1>");
        try {
            return Pattern.compile(java);
        } catch (PatternSyntaxException e) {
            throw call.fault("'" + python + "' is no valid regular expression for {{" + call.chunk().name() + "}}: "
                    + e.getDescription());
        }
    }

    /** re.sub: the replacement's \1, \g<1>, \g<name> are groups, \n and \t control characters, \\ a backslash. */
    static String replace(Macro.Call call, Pattern regex, String value, String replacement) {
        Matcher m = regex.matcher(value);
        StringBuilder out = new StringBuilder();
        int last = 0;
        while (m.find()) {
            out.append(value, last, m.start());
            out.append(expand(call, m, replacement));
            last = m.end();
        }
        out.append(value.substring(last));
        return out.toString();
    }

    private static String expand(Macro.Call call, Matcher m, String replacement) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < replacement.length(); i++) {
            char c = replacement.charAt(i);
            if (c != '\\' || i + 1 >= replacement.length()) {
                out.append(c);
                continue;
            }
            char n = replacement.charAt(++i);
            if (Character.isDigit(n)) {
                int end = i + 1;
                if (end < replacement.length() && Character.isDigit(replacement.charAt(end))) {
                    end++;
                }
                out.append(group(call, m, replacement.substring(i, end)));
                i = end - 1;
            } else if (n == 'g' && i + 1 < replacement.length() && replacement.charAt(i + 1) == '<') {
                int close = replacement.indexOf('>', i);
                if (close < 0) {
                    throw call.fault("the replacement '" + replacement + "' of {{sub}} has an unclosed \\g<");
                }
                out.append(group(call, m, replacement.substring(i + 2, close)));
                i = close;
            } else {
                out.append(switch (n) {
                    case 'n' -> "\n";
                    case 't' -> "\t";
                    case 'r' -> "\r";
                    case '\\' -> "\\";
                    default -> "\\" + n;
                });
            }
        }
        return out.toString();
    }

    private static String group(Macro.Call call, Matcher m, String ref) {
        try {
            String g = ref.chars().allMatch(Character::isDigit) ? m.group(Integer.parseInt(ref)) : m.group(ref);
            return g == null ? "" : g;
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            throw call.fault("the regular expression of {{sub}} has no group " + ref);
        }
    }
}
