package org.wi4mpi.gen.trace;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs wi4mpi-trace in-process and keeps its exit status, standard output and standard error. */
record CritpathRunner(int status, String out, String err) {

    static CritpathRunner run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = new CommandLine(new TraceMain());
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int status = commandLine.execute(args);
        return new CritpathRunner(status, out.toString(), err.toString());
    }
}
