package org.wi4mpi.gen.tracetool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines of the tracing tool's data files (dumpi-fields.txt, dumpi-constants.txt): comments from
 * '#' and blank lines left out, each line split at blanks and named by its origin ("file line N")
 * for the faults its reader reports.
 */
record DataLines(List<Line> lines) {

    /** One line: where it is, its text without the comment, and its words. */
    record Line(String origin, String content, String[] words) {
    }

    static DataLines parse(String file, String text) {
        List<Line> lines = new ArrayList<>();
        String[] raw = text.split("\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String content = raw[i].replaceFirst("#.*", "").strip();
            if (!content.isEmpty()) {
                lines.add(new Line(file + " line " + (i + 1), content, content.split("\\s+")));
            }
        }
        return new DataLines(lines);
    }

    /** A file of the generator jar, next to this class. */
    static DataLines resource(String name) {
        try (InputStream in = DataLines.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the generator jar");
            }
            return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
