package org.wi4mpi.gen.trace;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The catalogue of DUMPI function labels and their record layouts, read from dumpi-calls.txt. */
public final class DumpiCalls {

    /** The sentinel after the last MPI function: the footer's call counts have this many plus one entries. */
    public static final int ALL_FUNCTIONS = 290;
    public static final int FUNCTION_ENTER = 291;
    public static final int FUNCTION_EXIT = 292;
    /** The label that ends the stream of calls. */
    public static final int END_OF_STREAM = 293;

    private static final DumpiCalls INSTANCE = load();

    private final CallLayout[] byLabel;

    private DumpiCalls(CallLayout[] byLabel) {
        this.byLabel = byLabel;
    }

    public static DumpiCalls instance() {
        return INSTANCE;
    }

    /** The layout of a label that may appear on the stream, or empty for a label DUMPI does not define. */
    public Optional<CallLayout> layout(int label) {
        return label >= 0 && label < byLabel.length ? Optional.ofNullable(byLabel[label]) : Optional.empty();
    }

    /** The layout of an MPI function by its name (MPI_Send), for writers. */
    public CallLayout byName(String name) {
        return Arrays.stream(byLabel).filter(l -> l != null && l.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("DUMPI has no label for " + name));
    }

    private static DumpiCalls load() {
        CallLayout[] layouts = new CallLayout[END_OF_STREAM];
        try (InputStream in = DumpiCalls.class.getResourceAsStream("dumpi-calls.txt")) {
            if (in == null) {
                throw new IllegalStateException("dumpi-calls.txt is missing from the generator jar");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] tokens = line.trim().split(" +");
                int label = Integer.parseInt(tokens[0]);
                List<CallLayout.Field> fields = new ArrayList<>();
                for (int i = 2; i < tokens.length; i++) {
                    fields.add(parseField(tokens[i]));
                }
                layouts[label] = new CallLayout(label, tokens[1], List.copyOf(fields));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new DumpiCalls(layouts);
    }

    private static CallLayout.Field parseField(String token) {
        int colon = token.indexOf(':');
        int question = token.indexOf('?');
        String kind = question < 0 ? token.substring(colon + 1) : token.substring(colon + 1, question);
        String left = null;
        String right = null;
        if (question >= 0) {
            String[] guard = token.substring(question + 1).split("=");
            left = guard[0];
            right = guard[1];
        }
        return new CallLayout.Field(token.substring(0, colon), FieldKind.ofToken(kind), left, right);
    }
}
