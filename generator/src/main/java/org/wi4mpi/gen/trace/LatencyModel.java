package org.wi4mpi.gen.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Modelled latencies in microseconds: a + b·bytes for a point-to-point message, a + b·bytes + c·ranks
 * for each collective. Read from the JSON model file (docs/critical-path.md gives its format) or the
 * built-in default fit; a collective the file does not list uses the default of that collective.
 */
public final class LatencyModel {

    /** One fit; c is 0 for point-to-point. */
    public record Fit(double a, double b, double c) {
        double at(long bytes, int ranks) {
            return Math.max(0, a + b * bytes + c * ranks);
        }
    }

    /**
     * The default point-to-point fit: a ping-pong of Open MPI 4.1.4 over shared memory between two
     * ranks of one node, 4 B to 2 KiB (docs/critical-path.md tells how it was measured).
     */
    public static final Fit DEFAULT_POINT_TO_POINT = new Fit(0.13, 0.00014, 0);
    /** The default collective fit: the point-to-point fit plus one message start-up per rank. */
    public static final Fit DEFAULT_COLLECTIVE = new Fit(0.13, 0.00014, 0.13);

    private final Fit pointToPoint;
    private final Map<String, Fit> collectives;
    private final String source;

    private LatencyModel(Fit pointToPoint, Map<String, Fit> collectives, String source) {
        this.pointToPoint = pointToPoint;
        this.collectives = collectives;
        this.source = source;
    }

    public static LatencyModel defaults() {
        return new LatencyModel(DEFAULT_POINT_TO_POINT, Map.of(), "the default fit");
    }

    /** What the latencies come from, for the summary. */
    public String source() {
        return source;
    }

    public double message(long bytes) {
        return pointToPoint.at(bytes, 0);
    }

    /** Whether critpath models this function as a collective (a key the model's "collectives" may hold). */
    public static boolean modelsCollective(String function) {
        return OpClass.of(function) == OpClass.COLLECTIVE;
    }

    public double collective(String function, long bytes, int ranks) {
        return collectives.getOrDefault(function, DEFAULT_COLLECTIVE).at(bytes, ranks);
    }

    /** Reads a model file; a fault gets one sentence naming the file and the entry. */
    public static LatencyModel read(Path file) throws ModelException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new ModelException(file + ": not a readable JSON model (" + e.getMessage().lines().findFirst().orElse("") + ").");
        }
        if (root == null || !root.isObject()) {
            throw new ModelException(file + ": the model must be a JSON object.");
        }
        JsonNode format = root.get("format");
        if (format == null || !format.isInt() || format.asInt() != 1) {
            throw new ModelException(file + ": \"format\" must be 1 (the only model format this version reads).");
        }
        JsonNode p2p = root.get("pointToPoint");
        if (p2p == null) {
            throw new ModelException(file + ": the model has no \"pointToPoint\" fit.");
        }
        Fit pointToPoint = fit(file, "pointToPoint", p2p, false);
        Map<String, Fit> collectives = new HashMap<>();
        JsonNode coll = root.get("collectives");
        if (coll != null) {
            if (!coll.isObject()) {
                throw new ModelException(file + ": \"collectives\" must be an object keyed by MPI function name.");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = coll.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> entry = it.next();
                if (OpClass.of(entry.getKey()) != OpClass.COLLECTIVE) {
                    throw new ModelException(file + ": collectives." + entry.getKey() + " is not a collective critpath models.");
                }
                collectives.put(entry.getKey(), fit(file, "collectives." + entry.getKey(), entry.getValue(), true));
            }
        }
        return new LatencyModel(pointToPoint, Map.copyOf(collectives), file.toString());
    }

    private static Fit fit(Path file, String where, JsonNode node, boolean withRanks) throws ModelException {
        if (!node.isObject()) {
            throw new ModelException(file + ": " + where + " must be an object with the coefficients a, b" + (withRanks ? ", c." : "."));
        }
        return new Fit(coefficient(file, where, node, "a"), coefficient(file, where, node, "b"),
                withRanks ? coefficient(file, where, node, "c") : 0);
    }

    private static double coefficient(Path file, String where, JsonNode node, String name) throws ModelException {
        JsonNode value = node.get(name);
        if (value == null || !value.isNumber() || !Double.isFinite(value.asDouble())) {
            throw new ModelException(file + ": " + where + "." + name + " must be a number (microseconds"
                    + (name.equals("a") ? "" : name.equals("b") ? " per byte" : " per rank") + ").");
        }
        return value.asDouble();
    }

    /** A model file that cannot be used. */
    public static final class ModelException extends Exception {
        public ModelException(String message) {
            super(message);
        }
    }
}
