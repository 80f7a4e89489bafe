package org.wi4mpi.gen.tracetool;

import java.util.Arrays;
import java.util.Optional;

/**
 * How an application value becomes the number DUMPI records: handles through the predefined
 * constants then the writer core's user numbers, ranks and tags through their wildcards, enumerated
 * ints through their table of dumpi-constants.txt, everything else unchanged.
 */
public enum Conversion {
    PLAIN("none", null, null),
    RANK("rank", null, null),
    TAG("tag", null, null),
    COMM("comm", "MPI_Comm", "WI_TRACE_COMM"),
    DATATYPE("datatype", "MPI_Datatype", "WI_TRACE_DATATYPE"),
    OP("op", "MPI_Op", "WI_TRACE_OP"),
    GROUP("group", "MPI_Group", "WI_TRACE_GROUP"),
    REQUEST("request", "MPI_Request", "WI_TRACE_REQUEST"),
    INFO("info", "MPI_Info", "WI_TRACE_INFO"),
    WIN("win", "MPI_Win", "WI_TRACE_WIN"),
    FILE("file", "MPI_File", "WI_TRACE_FILE"),
    ERRHANDLER("errhandler", "MPI_Errhandler", "WI_TRACE_ERRHANDLER"),
    KEYVAL("keyval", "int", "WI_TRACE_KEYVAL"),
    COMBINER("combiner", null, null),
    COMPARISON("comparison", null, null),
    TOPOLOGY("topology", null, null),
    DISTRIBUTION("distribution", null, null),
    FILEMODE("filemode", null, null),
    LOCKTYPE("locktype", null, null),
    ORDERING("ordering", null, null),
    THREADLEVEL("threadlevel", null, null),
    TYPECLASS("typeclass", null, null),
    WHENCE("whence", null, null),
    ASSERT("assert", null, null);

    /** The conversion's name in dumpi-constants.txt and dumpi-fields.txt ("none": the value as it is). */
    public final String table;
    /** The C type of a handle conversion's values; null for the int conversions. */
    public final String handleType;
    /** The writer core's wi_trace_kind of a handle conversion. */
    public final String traceKind;

    Conversion(String table, String handleType, String traceKind) {
        this.table = table;
        this.handleType = handleType;
        this.traceKind = traceKind;
    }

    public boolean handle() {
        return traceKind != null;
    }

    /** The generated C function converting one value ("wi_tool_comm"); PLAIN has none. */
    public String function() {
        return "wi_tool_" + table;
    }

    public static Optional<Conversion> ofTable(String name) {
        return Arrays.stream(values()).filter(c -> name.equals(c.table)).findFirst();
    }

    /** The handle conversion of a C type (MPI_Comm), PLAIN for any other type. */
    public static Conversion ofHandleType(String type) {
        return Arrays.stream(values()).filter(c -> c.handle() && c != KEYVAL && c.handleType.equals(type))
                .findFirst().orElse(PLAIN);
    }

    /** The conversion functions.json's role of an argument implies (mappers.json names the roles). */
    public static Conversion ofRole(String role) {
        return switch (role) {
            case "rank" -> RANK;
            case "tag" -> TAG;
            case "comm" -> COMM;
            case "datatype" -> DATATYPE;
            case "op" -> OP;
            case "group" -> GROUP;
            case "request" -> REQUEST;
            case "info" -> INFO;
            case "win" -> WIN;
            case "file" -> FILE;
            case "errhandler" -> ERRHANDLER;
            case "keyval" -> KEYVAL;
            case "amode" -> FILEMODE;
            case "assert" -> ASSERT;
            case "combiner" -> COMBINER;
            case "comparison" -> COMPARISON;
            case "distribution" -> DISTRIBUTION;
            case "lock_type" -> LOCKTYPE;
            case "order" -> ORDERING;
            case "thread_level" -> THREADLEVEL;
            case "topology" -> TOPOLOGY;
            case "typeclass" -> TYPECLASS;
            case "whence" -> WHENCE;
            default -> PLAIN;
        };
    }

    // Used by the template (FreeMarker sees enum constants as strings otherwise).
    public String getTable() { return table; }
    public String getHandleType() { return handleType; }
    public String getTraceKind() { return traceKind; }
    public boolean isHandle() { return handle(); }
}
