package org.wi4mpi.gen.trace;

import org.wi4mpi.gen.trace.calibrate.CalibrateCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of wi4mpi-trace: tools over DUMPI traces (critpath) and the latency model they use (calibrate). */
@Command(name = "wi4mpi-trace", mixinStandardHelpOptions = true,
        description = "Tools over DUMPI traces of MPI runs.",
        subcommands = {CritpathCommand.class, CalibrateCommand.class})
public final class TraceMain implements Runnable {

    @Override
    public void run() {
        CommandLine.usage(this, System.err);
    }

    public static int execute(String... args) {
        return new CommandLine(new TraceMain()).execute(args);
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }
}
