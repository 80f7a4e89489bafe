package org.wi4mpi.gen.tracetool;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * dumpi-constants.txt: per conversion, the application's constants and the DUMPI numbers they are
 * recorded as, and what any other value of an int conversion becomes.
 */
public final class ConstantTable {

    public static final String RESOURCE = "dumpi-constants.txt";

    /** One predefined value: the MPI constant's name and its DUMPI number. */
    public record Entry(String mpi, int dumpi) {
        public String getMpi() { return mpi; }
        public int getDumpi() { return dumpi; }
    }

    private final Map<Conversion, List<Entry>> entries;
    private final Map<Conversion, Integer> defaults;

    private ConstantTable(Map<Conversion, List<Entry>> entries, Map<Conversion, Integer> defaults) {
        this.entries = entries;
        this.defaults = defaults;
    }

    public static ConstantTable load() {
        Map<Conversion, List<Entry>> entries = new EnumMap<>(Conversion.class);
        Map<Conversion, Integer> defaults = new EnumMap<>(Conversion.class);
        for (DataLines.Line line : DataLines.resource(RESOURCE).lines()) {
            String[] w = line.words();
            if (w.length != 3) {
                throw new TraceToolException(line.origin() + ": '" + line.content()
                        + "' is not '<conversion> <MPI constant> <DUMPI number>'.");
            }
            Conversion c = Conversion.ofTable(w[0]).orElseThrow(() -> new TraceToolException(
                    line.origin() + ": '" + w[0] + "' is no conversion."));
            int value = Integer.parseInt(w[2]);
            if (w[1].equals("default")) {
                defaults.put(c, value);
            } else {
                entries.computeIfAbsent(c, k -> new ArrayList<>()).add(new Entry(w[1], value));
            }
        }
        return new ConstantTable(entries, defaults);
    }

    /** The entries of a conversion whose constant the family defines, in file order. */
    public List<Entry> entries(Conversion c, Set<String> familyConstants) {
        return entries.getOrDefault(c, List.of()).stream().filter(e -> familyConstants.contains(e.mpi())).toList();
    }

    /** What an unlisted value of an int conversion becomes; null: kept (ranks, tags) or numbered (handles). */
    public Integer defaultOf(Conversion c) {
        return defaults.get(c);
    }
}
