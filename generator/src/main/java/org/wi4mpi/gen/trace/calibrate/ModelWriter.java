package org.wi4mpi.gen.trace.calibrate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Writes the latency model critpath reads (format 1, microseconds; docs/critical-path.md): the fits
 * with their R², point counts and samples, and what they were measured on. The file is written next
 * to the target under a hidden name and renamed, so a failure leaves no partial file.
 */
public final class ModelWriter {

    /** Everything one model file records. */
    public record Calibration(Machine machine, Family from, Family to, String library, Instant date, Settings settings,
                              ModelFits.Named pointToPoint, List<ModelFits.Named> collectives, List<Sample> samples) {
    }

    private static final MathContext SIGNIFICANT = new MathContext(6);

    private ModelWriter() {
    }

    public static ObjectNode json(Calibration c) {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("format", 1);
        root.put("unit", "us");
        ObjectNode machine = root.putObject("machine");
        machine.put("host", c.machine().host());
        machine.put("cpu", c.machine().cpu());
        machine.put("cores", c.machine().cores());
        ObjectNode mpi = root.putObject("mpi");
        mpi.put("from", c.from().id());
        mpi.put("to", c.to().id());
        mpi.put("library", c.library());
        root.put("date", c.date().truncatedTo(ChronoUnit.SECONDS).toString());
        ObjectNode method = root.putObject("method");
        method.put("statistic", "per size, the smallest of " + c.settings().blocks()
                + " timed blocks' mean time per call (per round trip / 2 for the ping-pong), after an untimed warm-up");
        method.put("repetitions", c.settings().repetitions());
        method.put("blocks", c.settings().blocks());
        method.put("maxBytes", c.settings().maxBytes());
        method.put("maxCollectiveBytes", c.settings().maxCollectiveBytes());
        ArrayNode ranks = method.putArray("rankCounts");
        c.settings().rankCounts().forEach(ranks::add);
        fit(root.putObject("pointToPoint"), c.pointToPoint(), c.samples(), false);
        ObjectNode collectives = root.putObject("collectives");
        for (ModelFits.Named named : c.collectives()) {
            fit(collectives.putObject(named.function()), named, c.samples(), true);
        }
        return root;
    }

    private static void fit(ObjectNode node, ModelFits.Named named, List<Sample> samples, boolean withRanks) {
        Fit fit = named.fit();
        node.put("a", round(fit.a()));
        node.put("b", round(fit.b()));
        if (withRanks) {
            node.put("c", round(fit.c()));
        }
        node.put("r2", round(fit.r2()));
        node.put("points", fit.points());
        ArrayNode fitted = node.putArray("fitted");
        named.variables().forEach(v -> fitted.add(v.key()));
        ArrayNode measured = node.putArray("samples");
        for (Sample s : samples) {
            if (s.function().equals(named.function())) {
                ArrayNode row = measured.addArray().add(s.bytes());
                if (withRanks) {
                    row.add(s.ranks());
                }
                row.add(round(s.micros()));
            }
        }
    }

    private static BigDecimal round(double value) {
        return new BigDecimal(value).round(SIGNIFICANT).stripTrailingZeros();
    }

    /** Writes the model to file through a hidden sibling; a failure is one sentence and leaves nothing. */
    public static void write(Calibration calibration, Path file) throws CalibrationException {
        Path target = file.toAbsolutePath().normalize();
        Path temp = target.resolveSibling("." + target.getFileName() + ".tmp");
        try {
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(temp.toFile(), json(calibration));
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // nothing was written there either
            }
            throw new CalibrationException("cannot write the model " + file + " (" + e.getMessage() + ").");
        }
    }
}
