package org.wi4mpi.tests.library;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The names under "objects" of a committed ABI descriptor (dictionaries/abi/<family>.json). */
final class DescriptorObjects {
    private static final Pattern ENTRY = Pattern.compile("\"([A-Za-z_][A-Za-z_0-9]*)\"\\s*:\\s*\\{\\s*\"size\"");

    private DescriptorObjects() {}

    static List<String> of(String family) {
        Path file = Path.of(System.getProperty("user.dir")).resolve("../dictionaries/abi/" + family + ".json");
        try {
            String json = Files.readString(file);
            int start = json.indexOf("\"objects\"");
            int end = json.indexOf('}', json.indexOf('{', start) + 1);
            // the section is {"name": {"size": n}, ...}: scan until its closing brace
            int depth = 0;
            for (int i = json.indexOf('{', start); i < json.length(); i++) {
                char c = json.charAt(i);
                if (c == '{') depth++;
                if (c == '}' && --depth == 0) {
                    end = i;
                    break;
                }
            }
            List<String> names = new ArrayList<>();
            Matcher m = ENTRY.matcher(json.substring(start, end));
            while (m.find()) {
                names.add(m.group(1));
            }
            return names;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
