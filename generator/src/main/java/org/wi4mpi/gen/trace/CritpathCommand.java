package org.wi4mpi.gen.trace;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * critpath: the task graph of a traced run and its critical path. Exit status: 0 done, 1 the outputs
 * could not be written or dot failed, 2 bad input (traces, model, options); on bad input nothing is
 * written.
 */
@Command(name = "critpath", mixinStandardHelpOptions = true,
        description = "Build the MPI task graph of a DUMPI-traced run and write its critical path.")
public final class CritpathCommand implements Callable<Integer> {

    static final int EXIT_OUTPUT = 1;
    static final int EXIT_INPUT = 2;

    @Parameters(index = "0", paramLabel = "DIR", description = "Directory of one traced run (its .meta and -NNNN.bin files), or the .meta file.")
    Path traces;

    @Option(names = "--model", paramLabel = "FILE", description = "Latency model (JSON, as calibrate writes it); default: the built-in fit.")
    Path modelFile;

    @Option(names = "-o", paramLabel = "FILE", description = "The critical path in the assignment's format (default: critPath.out).")
    Path output = Path.of("critPath.out");

    @Option(names = "--dot", paramLabel = "FILE", description = "Also write the task graph in DOT, the critical path in red.")
    Path dotFile;

    @Option(names = "--svg", paramLabel = "FILE", description = "Also render the graph with Graphviz dot (SVG, or PNG for a .png name) when dot is installed.")
    Path svgFile;

    @Option(names = "--svg-timeout", paramLabel = "SECONDS", description = "Stop dot after this long, leaving no image (0: no limit; default: ${DEFAULT-VALUE}).")
    long svgTimeout = 120;

    @Spec
    CommandSpec spec;

    /** Where dot is looked for: PATH (tests give another list). */
    String searchPath = System.getenv("PATH");

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        LatencyModel model;
        TaskGraph graph;
        CriticalPath path;
        if (svgTimeout < 0) {
            return fail(err, "option --svg-timeout takes a number of seconds, 0 or more, not " + svgTimeout + ".", EXIT_INPUT);
        }
        try {
            model = modelFile == null ? LatencyModel.defaults() : LatencyModel.read(modelFile);
            graph = TraceSet.open(traces).graph(model);
            path = graph.criticalPath();
        } catch (LatencyModel.ModelException | TraceFormatException e) {
            return fail(err, e.getMessage(), EXIT_INPUT);
        } catch (IOException e) {
            return fail(err, "cannot read the traces in " + traces + " (" + e.getMessage() + ").", EXIT_INPUT);
        }
        try {
            replace(output, w -> w.write(CritPathFormat.format(path)));
            if (dotFile != null) {
                replace(dotFile, w -> new DotWriter(graph, path).write(w));
            }
        } catch (IOException e) {
            return fail(err, "cannot write " + e.getMessage() + ".", EXIT_OUTPUT);
        }
        out.print(PathSummary.of(path, model.source()));
        out.print(graph.threadsLine());
        out.print(graph.unlabelled().summaryLine());
        out.println("  wrote " + output + (dotFile != null ? ", " + dotFile : ""));
        out.flush();
        return svgFile == null ? 0 : svg(graph, path, out, err);
    }

    private int svg(TaskGraph graph, CriticalPath path, PrintWriter out, PrintWriter err) {
        Optional<Path> dot = SvgRenderer.findDot(searchPath);
        if (dot.isEmpty()) {
            err.println("wi4mpi-trace critpath: no Graphviz dot in PATH, so no " + svgFile + " (install graphviz to get it).");
            err.flush();
            return 0;
        }
        Path source = dotFile;
        try {
            if (source == null) {
                source = Files.createTempFile("critpath", ".dot");
                Path temp = source;
                replace(temp, w -> new DotWriter(graph, path).write(w));
            }
            Path rendered = siblingTemp(svgFile);
            Optional<String> failure;
            try {
                failure = SvgRenderer.render(dot.get(), source, SvgRenderer.format(svgFile), rendered, Duration.ofSeconds(svgTimeout));
            } catch (TimeoutException e) {
                Files.deleteIfExists(rendered);
                err.println("wi4mpi-trace critpath: dot did not lay out the graph within " + svgTimeout + " s, so no " + svgFile
                        + " (" + (dotFile != null ? dotFile + " holds the graph; " : "") + "--svg-timeout 0 waits as long as dot takes).");
                err.flush();
                return 0;
            }
            if (failure.isPresent()) {
                Files.deleteIfExists(rendered);
                return fail(err, "cannot render " + svgFile + ": " + failure.get(), EXIT_OUTPUT);
            }
            Files.move(rendered, svgFile, StandardCopyOption.REPLACE_EXISTING);
            out.println("  rendered " + svgFile);
            out.flush();
            return 0;
        } catch (IOException e) {
            return fail(err, "cannot render " + svgFile + " (" + e.getMessage() + ").", EXIT_OUTPUT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return fail(err, "interrupted while rendering " + svgFile + ".", EXIT_OUTPUT);
        } finally {
            if (dotFile == null && source != null) {
                try {
                    Files.deleteIfExists(source);
                } catch (IOException ignored) {
                    // a temporary file left in the temp directory
                }
            }
        }
    }

    private interface Content {
        void write(Writer writer) throws IOException;
    }

    /** A hidden file next to the target, created with the usual permissions when written. */
    private static Path siblingTemp(Path target) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path temp = absolute.resolveSibling("." + absolute.getFileName() + ".tmp");
        Files.deleteIfExists(temp);
        return temp;
    }

    /** Writes through a temporary file in the target's directory, so a failure leaves no partial file. */
    private static void replace(Path target, Content content) throws IOException {
        Path temp = siblingTemp(target);
        try (Writer writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
            content.write(writer);
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw new IOException(target + " (" + e.getMessage() + ")", e);
        }
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }

    private static int fail(PrintWriter err, String message, int status) {
        err.println("wi4mpi-trace critpath: " + message);
        err.flush();
        return status;
    }
}
