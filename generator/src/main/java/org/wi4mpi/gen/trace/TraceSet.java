package org.wi4mpi.gen.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The traces of one run in a directory: the {@code <prefix>.meta} that rank 0 of libdumpi writes
 * (key=value lines, numprocs among them) and one {@code <prefix>-<rank>.bin} per rank, rank in four
 * digits at least. Reads them one rank at a time into the {@link TaskGraph}.
 */
public final class TraceSet {

    private final Path meta;
    private final String prefix;
    private final int ranks;

    private TraceSet(Path meta, String prefix, int ranks) {
        this.meta = meta;
        this.prefix = prefix;
        this.ranks = ranks;
    }

    /** Finds the single .meta file of DIR (or takes DIR itself when it is a .meta file). */
    public static TraceSet open(Path dir) throws IOException, TraceFormatException {
        Path meta = dir;
        if (Files.isDirectory(dir)) {
            List<Path> metas;
            try (Stream<Path> files = Files.list(dir)) {
                metas = files.filter(f -> f.getFileName().toString().endsWith(".meta")).sorted().toList();
            }
            if (metas.isEmpty()) {
                throw new TraceFormatException(dir + " holds no .meta file: give the directory of one traced run.");
            }
            if (metas.size() > 1) {
                throw new TraceFormatException(dir + " holds the traces of " + metas.size() + " runs (" + metas.getFirst().getFileName()
                        + ", " + metas.get(1).getFileName() + ", ...): give one of its .meta files instead.");
            }
            meta = metas.getFirst();
        } else if (!Files.isRegularFile(dir) || !dir.toString().endsWith(".meta")) {
            throw new TraceFormatException(dir + " is neither a trace directory nor a .meta file.");
        }
        String name = meta.getFileName().toString();
        return new TraceSet(meta, name.substring(0, name.length() - ".meta".length()), numprocs(meta));
    }

    private static int numprocs(Path meta) throws IOException, TraceFormatException {
        List<String> lines = Files.readAllLines(meta, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("numprocs=")) {
                try {
                    int n = Integer.parseInt(line.substring("numprocs=".length()).trim());
                    if (n > 0) {
                        return n;
                    }
                } catch (NumberFormatException e) {
                    // reported below with the line number
                }
                throw new TraceFormatException(meta + " line " + (i + 1) + ": numprocs must be a positive number, not '"
                        + line.substring("numprocs=".length()) + "'.");
            }
        }
        throw new TraceFormatException(meta + " has no numprocs= line.");
    }

    public int ranks() {
        return ranks;
    }

    public Path rankFile(int rank) {
        return meta.resolveSibling(String.format("%s-%04d.bin", prefix, rank));
    }

    /**
     * Reads every rank's file, one at a time, resolves the communicators, joins the collectives and
     * matches the messages, and builds the task graph weighed by the model.
     */
    public TaskGraph graph(LatencyModel model) throws IOException, TraceFormatException {
        int[] world = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            world[r] = r;
        }
        Messages messages = new Messages();
        List<CommDef> communicators = new ArrayList<>();
        List<List<Collectives.Participation>> participations = new ArrayList<>();
        UnlabelledCalls unlabelled = new UnlabelledCalls();
        List<RankTimeline> timelines = new ArrayList<>();
        for (int rank = 0; rank < ranks; rank++) {
            Path file = rankFile(rank);
            if (!Files.isRegularFile(file)) {
                throw new TraceFormatException(meta + " announces " + ranks + " ranks but " + file + " does not exist.");
            }
            RankScanner scanner = scan(rank, world, file, unlabelled);
            timelines.add(scanner.timeline());
            messages.sends.addAll(scanner.messages.sends);
            messages.receives.addAll(scanner.messages.receives);
            communicators.addAll(scanner.communicators());
            participations.add(scanner.participations);
        }
        new CommResolver(communicators).resolve();
        Collectives collectives = new Collectives();
        collectives.build(timelines, participations);
        return new TaskGraph(List.copyOf(timelines), collectives, MessageMatcher.match(messages, timelines), model, unlabelled);
    }

    /**
     * Scans one rank's calls in order of entry: in file order while the records are of one thread (the
     * usual case, one pass), else again through a {@link ThreadMerge} of its threads.
     */
    private static RankScanner scan(int rank, int[] world, Path file, UnlabelledCalls unlabelled)
            throws IOException, TraceFormatException {
        try (DumpiFile trace = DumpiFile.open(file)) {
            unlabelled.add(trace);
            RankScanner scanner = new RankScanner(rank, world, trace);
            CallRecord call = trace.next();
            int thread = call == null ? 0 : call.thread();
            TraceFormatException fault = null;
            for (; call != null && call.thread() == thread; call = trace.next()) {
                try {
                    if (fault == null) {
                        scanner.accept(call);
                    }
                } catch (TraceFormatException e) {
                    fault = e; // may come from reading one thread alone: decided once the file shows another thread or ends
                }
            }
            if (call == null) {
                if (fault != null) {
                    throw fault;
                }
                scanner.finish();
                return scanner;
            }
        }
        try (ThreadMerge merge = ThreadMerge.open(file)) {
            RankScanner scanner = new RankScanner(rank, world, merge.file());
            for (CallRecord call = merge.next(); call != null; call = merge.next()) {
                scanner.accept(call);
            }
            scanner.finish();
            return scanner;
        }
    }
}
