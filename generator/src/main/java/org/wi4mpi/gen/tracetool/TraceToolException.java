package org.wi4mpi.gen.tracetool;

/** A fault in the tracing tool's data (a DUMPI field without a source, a bad line): one sentence. */
public final class TraceToolException extends RuntimeException {

    public TraceToolException(String sentence) {
        super(sentence);
    }
}
