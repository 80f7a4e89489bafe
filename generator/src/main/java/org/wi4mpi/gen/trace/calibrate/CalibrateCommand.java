package org.wi4mpi.gen.trace.calibrate;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * calibrate: measures the latency model critpath uses (docs/critical-path.md) by running a ping-pong
 * and every modelled collective through the wi4mpi launcher, and writes the fits. Exit status: 0 done,
 * 2 any fault (one sentence on standard error, no model file written).
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = "Measure the latency model of an MPI pair (ping-pong and collectives) and write it for critpath --model.")
public final class CalibrateCommand implements Callable<Integer> {

    static final int EXIT_FAULT = 2;

    @Option(names = {"-f", "--from"}, paramLabel = "FROM", description = "Family the measuring program is built for: openmpi, mpich or standard (default: TO).")
    String from;

    @Option(names = {"-t", "--to"}, paramLabel = "TO", required = true, description = "Family it runs on: openmpi, mpich or intelmpi.")
    String to;

    @Option(names = "-o", paramLabel = "FILE", description = "The model file to write (default: model.json).")
    Path output = Path.of("model.json");

    @Option(names = "--repetitions", paramLabel = "N", description = "Ping-pong round trips per timed block (default: 1000; collectives run N/10 calls per block).")
    int repetitions = 1000;

    @Option(names = "--max-bytes", paramLabel = "SIZE", description = "Largest ping-pong message, e.g. 32K or 1M (default: 1M); collectives go up to the smaller of it and 64K per rank.")
    String maxBytes = "1M";

    @Option(names = "--max-ranks", paramLabel = "N", description = "Collectives run with 2 ... N ranks (default: the smaller of 4 and the cores).")
    Integer maxRanks;

    @Option(names = "--install", paramLabel = "DIR", description = "The wi4mpi install tree whose bin/wi4mpi runs the measurements (default: target/wi4mpi of the source tree).")
    Path install;

    @Option(names = "--timeout", paramLabel = "SECONDS", description = "Limit for each run of the measuring program (default: 300).")
    int timeoutSeconds = 300;

    @Spec
    CommandSpec spec;

    /** Where the compilers are looked for: PATH (tests give another list). */
    String searchPath = System.getenv("PATH");

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            Family target = Family.target(to);
            Family source = from == null ? target : Family.source(from);
            Machine machine = Machine.here();
            Settings settings = Settings.of(positive(repetitions, "--repetitions"), size(maxBytes),
                    maxRanks == null ? Math.max(2, Math.min(4, machine.cores())) : ranks(maxRanks));
            if (timeoutSeconds < 1) {
                throw new CalibrationException("--timeout " + timeoutSeconds + ": give a number of seconds, at least 1.");
            }
            requireWritable(output);
            ModelWriter.Calibration calibration = measure(source, target, machine, settings, err);
            ModelWriter.write(calibration, output);
            summary(out, calibration);
            out.println("  wrote " + output);
            out.flush();
            return 0;
        } catch (CalibrationException e) {
            err.println("wi4mpi-trace calibrate: " + e.getMessage());
            err.flush();
            return EXIT_FAULT;
        }
    }

    private ModelWriter.Calibration measure(Family source, Family target, Machine machine, Settings settings, PrintWriter err)
            throws CalibrationException {
        Path tree = install != null ? install : Path.of(System.getProperty("wi4mpi.install", "target/wi4mpi"));
        List<Sample> samples = new ArrayList<>();
        Set<String> library = new LinkedHashSet<>();
        try (MeasuringRun run = MeasuringRun.build(tree.toAbsolutePath().normalize(), source, target, timeoutSeconds, searchPath)) {
            for (int ranks : settings.rankCounts()) {
                MeasuringRun.note(err, source.id() + " -> " + target.id() + ", " + ranks + " ranks"
                        + (ranks == 2 ? " (ping-pong and collectives)" : " (collectives)") + " ...");
                Measurements measured = run.measure(ranks, settings);
                samples.addAll(measured.samples());
                library.addAll(measured.library());
            }
        }
        ModelFits.Named p2p = ModelFits.pointToPoint(samples);
        List<ModelFits.Named> collectives = ModelFits.collectives(samples);
        return new ModelWriter.Calibration(machine, source, target, String.join("; ", library), Instant.now(), settings,
                p2p, collectives, List.copyOf(samples));
    }

    private static void summary(PrintWriter out, ModelWriter.Calibration c) {
        out.printf(Locale.ROOT, "latency model of %s -> %s on %s (%d cores): %s%n", c.from().id(), c.to().id(),
                c.machine().host(), c.machine().cores(), c.library().split("; ")[0]);
        Fit p = c.pointToPoint().fit();
        out.printf(Locale.ROOT, "  %-20s a = %9.4f us  b = %.3e us/byte                     R2 = %.3f (%d points)%n",
                "point-to-point", p.a(), p.b(), p.r2(), p.points());
        for (ModelFits.Named named : c.collectives()) {
            Fit f = named.fit();
            out.printf(Locale.ROOT, "  %-20s a = %9.4f us  b = %.3e us/byte  c = %9.4f us/rank  R2 = %.3f (%d points)%n",
                    named.function(), f.a(), f.b(), f.c(), f.r2(), f.points());
        }
        if (c.settings().maxRanks() == 2) {
            out.println("  (one rank count measured: c = 0; --max-ranks 3 or more fits the rank term)");
        }
        if (c.settings().maxRanks() > c.machine().cores()) {
            out.printf(Locale.ROOT, "  (runs of more than %d ranks oversubscribe the %d cores: their collectives include waiting for time slices)%n",
                    c.machine().cores(), c.machine().cores());
        }
    }

    private static int positive(int value, String option) throws CalibrationException {
        if (value < 1) {
            throw new CalibrationException(option + " " + value + ": give a number, at least 1.");
        }
        return value;
    }

    private static int ranks(int value) throws CalibrationException {
        if (value < 2 || value > 64) {
            throw new CalibrationException("--max-ranks " + value + ": the collectives need 2 to 64 ranks.");
        }
        return value;
    }

    /** 4096, 32K, 32KiB, 1M, 1MiB: at least 8 (two ping-pong sizes), at most 256 MiB. */
    static long size(String text) throws CalibrationException {
        String t = text.strip().toUpperCase(Locale.ROOT).replace("IB", "");
        long unit = t.endsWith("K") ? 1024 : t.endsWith("M") ? 1024 * 1024 : 1;
        String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
        long value;
        try {
            value = Long.parseLong(digits) * unit;
        } catch (NumberFormatException e) {
            value = -1;
        }
        if (value < 8 || value > 256L * 1024 * 1024) {
            throw new CalibrationException("--max-bytes " + text + ": give a size from 8 (two ping-pong sizes: 4 and 8 bytes) to 256M.");
        }
        return value;
    }

    /** Checked before measuring, so a minute of measurements is not lost to an unwritable -o. */
    private static void requireWritable(Path file) throws CalibrationException {
        Path dir = file.toAbsolutePath().normalize().getParent();
        if (Files.isDirectory(file)) {
            throw new CalibrationException("-o " + file + " is a directory; give the model file's name.");
        }
        if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw new CalibrationException("cannot write the model " + file + ": " + dir + " is not a writable directory.");
        }
    }
}
