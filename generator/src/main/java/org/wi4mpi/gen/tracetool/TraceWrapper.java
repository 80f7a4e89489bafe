package org.wi4mpi.gen.tracetool;

import java.util.List;

/**
 * One generated MPI_X of a tracing tool: its prototype, the PMPI_X call, its DUMPI label and the C
 * statements that record its fields (templates/trace_tool.c.ftl lays them out).
 *
 * @param declarations variables holding values read before the call (declared in every case)
 * @param entry        statements run before PMPI_X when the call is recorded
 * @param fields       statements run after PMPI_X between wi_trace_begin and wi_trace_commit
 */
public record TraceWrapper(String name, String returnType, String prototype, String call, int label, Kind kind,
                           List<String> declarations, List<String> entry, List<String> fields) {

    /** How the template wraps the PMPI_X call. */
    public enum Kind {
        /** A function with a DUMPI label: enter, PMPI_X, record. */
        LABELLED,
        /** No DUMPI label: counted by name (keyval record), PMPI_X. */
        UNLABELLED,
        /** Labelled, but libdumpi never records it and the reader cannot read it (MPI_Pcontrol): PMPI_X only. */
        PASS_THROUGH,
        /** MPI_Init and MPI_Init_thread: start the trace, PMPI_X, open the files, record. */
        INIT,
        /** MPI_Finalize: record, close the trace, PMPI_X. */
        FINALIZE,
        /** MPI_Abort: record, close the trace, PMPI_X. */
        ABORT
    }

    public TraceWrapper {
        declarations = List.copyOf(declarations);
        entry = List.copyOf(entry);
        fields = List.copyOf(fields);
    }

    // FreeMarker accessors
    public String getName() { return name; }
    public String getReturnType() { return returnType; }
    public String getPrototype() { return prototype; }
    public String getCall() { return call; }
    public int getLabel() { return label; }
    public String getKind() { return kind.name(); }
    public List<String> getDeclarations() { return declarations; }
    public List<String> getEntry() { return entry; }
    public List<String> getFields() { return fields; }
}
