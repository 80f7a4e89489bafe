package org.wi4mpi.tests.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.wi4mpi.tests.ProcessResult;

/**
 * The "<what> rank R: key=value ..." lines a run printed, by "<what> R". Found anywhere in the output rather
 * than line by line: MPICH's launcher may forward another rank's output before a line's newline; values are
 * numbers or T/F, so a line glued to the next one still ends where it should. A program's closing
 * "<program>: ok" line glued to the start of another rank's line is cut after its "ok" first, or the "ok"
 * would become part of that line's "<what>".
 */
record RankLines(Map<String, String> lines) {

    private static final Pattern LINE = Pattern.compile(
            "([a-z_0-9]+(?: [a-z_0-9]+)?) rank (\\d+): ((?:[A-Za-z_0-9]+=(?:-?[0-9]+(?:\\.[0-9]+)?|[TF]\\b) ?)+)");

    private static final Pattern CLOSING_OK = Pattern.compile(": ok(?!\n)");

    static RankLines of(ProcessResult run) {
        Map<String, String> lines = new TreeMap<>();
        Matcher m = LINE.matcher(CLOSING_OK.matcher(run.stdout()).replaceAll(": ok\n"));
        while (m.find()) {
            String key = m.group(1) + " " + m.group(2);
            String previous = lines.put(key, m.group(3).strip());
            assertEquals(null, previous, () -> key + " printed twice\n" + run.describe());
        }
        return new RankLines(lines);
    }

    /** The lines whose "<what>" is one of those given. */
    RankLines only(String... what) {
        Map<String, String> kept = new TreeMap<>();
        lines.forEach((k, v) -> {
            for (String w : what)
                if (k.startsWith(w + " ") && k.substring(w.length() + 1).matches("\\d+"))
                    kept.put(k, v);
        });
        return new RankLines(kept);
    }

    /** The lines but those whose "<what>" is given. */
    RankLines without(String what) {
        Map<String, String> kept = new TreeMap<>(lines);
        kept.keySet().removeIf(k -> k.startsWith(what + " ") && k.substring(what.length() + 1).matches("\\d+"));
        return new RankLines(kept);
    }
}
