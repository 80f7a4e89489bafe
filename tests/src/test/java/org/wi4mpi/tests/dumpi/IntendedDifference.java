package org.wi4mpi.tests.dumpi;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where wi4mpi's trace of a run differs from libdumpi's on purpose, each with its reason (docs/tracing.md
 * lists them too). {@link #apply} rewrites both call lists so that these differences read the same; the
 * comparison then requires everything else to be equal.
 */
public enum IntendedDifference {

    NOT_WRAPPED_BY_LIBDUMPI("wi4mpi records MPI_File_get_type_extent, and with MPICH the MPI-1 functions MPI-3.0 "
            + "removed (MPI_Address, MPI_Type_hvector, _hindexed, _struct, _lb, _ub, _extent, "
            + "MPI_Errhandler_create/get/set), which MPICH 4.0 still exports: the reference libdumpi builds define "
            + "no wrapper for them, so those calls pass it unrecorded. Left out of ours for the comparison"),
    PCONTROL_ANNOTATIONS("libdumpi turns MPI_Pcontrol(2, ...) into Function_enter/Function_exit annotation "
            + "records (and levels 0 and 1 into tracing off and on); wi4mpi writes no record for MPI_Pcontrol. "
            + "Left out of libdumpi's trace for the comparison"),
    GRAPH_EDGES("MPI_Graph_create, MPI_Graph_map: libdumpi takes the edge count from edges[nnodes-1] instead of "
            + "index[nnodes-1] (a slip in its bindings) and records that many edges; wi4mpi records index[nnodes-1] edges"),
    AINT_ARRAYS("MPI_Aint arrays (displacements of MPI_Type_create_struct and _hindexed, addresses of "
            + "MPI_Type_get_contents): libdumpi copies their first 4·n bytes, the low and high halves of the first "
            + "elements; wi4mpi records each element cut to 32 bits, as the format says. Compared by turning ours "
            + "into the halves libdumpi copies"),
    DIMS_CREATE_INPUT("MPI_Dims_create's dims.in: libdumpi keeps a pointer to the program's array instead of a "
            + "copy (its int arrays are aliased), so it records the array as the call left it, equal to dims.out; "
            + "wi4mpi copies it before the call. Compared by giving ours' dims.in the value of its dims.out"),
    FILE_DESCRIPTORS("file descriptor numbers (MPI_Comm_join's fd) depend on the files each tracer keeps open"),
    RUNTIME_VALUES("translated runs: error codes, the classes MPI_Add_error_class creates (2^16 and more), "
            + "error strings, MPI_Get_version's answer and the MPI-1 keyvals recorded as their value (MPI_Attr_get's "
            + "key) are the target MPI's, expressed in the program's ABI"),
    LB_UB_WITH_MPICH("MPI_LB and MPI_UB in MPICH programs: libdumpi never defines DUMPI_HAVE_MPI_LB (its "
            + "configure.ac does not call the DUMPI_TEST_MPI_TYPES check that would), so it numbers them as user "
            + "datatypes; wi4mpi records DUMPI_LB (20) and DUMPI_UB (21). Open MPI 4.1 has removed both names"),
    EMPTY_STATUSES("translated runs: a status of zero bytes keeps its count only: MPICH 4.0 completes a nonblocking "
            + "receive from MPI_PROC_NULL with source and tag 0, where Open MPI and the translation onto MPICH give the "
            + "standard's empty status (MPI_PROC_NULL, MPI_ANY_TAG; runtime-c/wi_procnull.h), so an MPICH program's "
            + "native trace and its trace on Open MPI differ there"),
    PROC_NULL_VALUE("interface mode: MPI_PROC_NULL is recorded with the program's value, as libdumpi records it (it "
            + "has no DUMPI constant): -3 in the standard ABI, -2 in Open MPI's, -1 in MPICH's"),
    BSEND_OVERHEAD("interface mode: MPI_Buffer_attach/detach sizes computed from MPI_BSEND_OVERHEAD, which the "
            + "standard ABI defines otherwise than the native mpi.h"),
    PROGRAM_PATH("interface mode: the program is another binary of the same source, so argv[0] differs");

    private static final Pattern EMPTY_STATUS = Pattern.compile("\\{bytes=0, [^}]*}");
    private static final Pattern STATUS = Pattern.compile("\\{[^}]*}");
    private static final Pattern DIMS_IN = Pattern.compile("dims\\.in\\[\\d+\\]=\\[[^\\]]*\\]");
    private static final Pattern DIMS_OUT = Pattern.compile("dims\\.out\\[(\\d+)\\]=\\[([^\\]]*)\\]");

    private final String reason;

    IntendedDifference(String reason) {
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }

    /** How the wi4mpi side of a comparison was run. */
    enum TracedAs {
        IDENTITY, CROSS, INTERFACE;

        boolean translated() {
            return this != IDENTITY;
        }
    }

    /** Functions the reference libdumpi builds do not wrap ({@link #NOT_WRAPPED_BY_LIBDUMPI}). */
    static final Set<String> NOT_WRAPPED = Set.of("MPI_File_get_type_extent", "MPI_Address", "MPI_Type_hvector",
            "MPI_Type_hindexed", "MPI_Type_struct", "MPI_Type_lb", "MPI_Type_ub", "MPI_Type_extent",
            "MPI_Errhandler_create", "MPI_Errhandler_get", "MPI_Errhandler_set");

    /** Whether a record is left out of the comparison on one side. */
    static boolean leftOut(DumpiCall call, boolean ours) {
        return ours ? NOT_WRAPPED.contains(call.function()) : call.function().startsWith("Function_");
    }

    /** Rewrites one side's calls for the differences that are not about handles. */
    static List<DumpiCall> apply(List<DumpiCall> calls, TracedAs mode, boolean ours) {
        List<DumpiCall> out = new ArrayList<>();
        for (DumpiCall call : calls) {
            if (leftOut(call, ours))
                continue;
            List<DumpiArgument> arguments = new ArrayList<>();
            for (DumpiArgument a : call.arguments())
                arguments.add(rewrite(call.function(), a, mode, ours));
            out.add(new DumpiCall(call.function(), call.thread(), List.copyOf(arguments), null));
        }
        return List.copyOf(out);
    }

    private static DumpiArgument rewrite(String function, DumpiArgument a, TracedAs mode, boolean ours) {
        String name = a.name();
        String value = a.value();
        if (ours && function.equals("MPI_Dims_create") && value.contains("dims.in[")) {
            // dumpi2ascii prints this record's arrays without line breaks: they are in one value
            Matcher out = DIMS_OUT.matcher(value);
            if (out.find())
                return new DumpiArgument(a.type(), name, DIMS_IN.matcher(value).replaceFirst(
                        Matcher.quoteReplacement("dims.in[" + out.group(1) + "]=[" + out.group(2) + "]")));
        }
        if (function.startsWith("MPI_Graph_") && (name.equals("numedges") || name.startsWith("edges[")))
            return new DumpiArgument(a.type(), name.startsWith("edges[") ? "edges" : name, "<edges>");
        if (ours && (function.equals("MPI_Type_get_contents") && name.startsWith("arraddresses[")
                || (function.equals("MPI_Type_create_struct") || function.equals("MPI_Type_create_hindexed"))
                && name.startsWith("displacements[")))
            return new DumpiArgument(a.type(), name, halves(value));
        if (name.equals("fd"))
            return new DumpiArgument(a.type(), name, "<descriptor>");
        if (mode.translated() && (name.equals("errorcode") || name.equals("errorstring") || name.equals("resultlen")
                && function.equals("MPI_Error_string") || name.equals("errorclass") && large(value)
                || function.equals("MPI_Get_version") || name.equals("key") && function.startsWith("MPI_Attr_")))
            return new DumpiArgument(a.type(), name, "<runtime's>");
        if (mode.translated() && a.type().equals("MPI_Status"))
            return new DumpiArgument(a.type(), name, EMPTY_STATUS.matcher(value).replaceAll("{bytes=0}"));
        if (mode == TracedAs.INTERFACE && name.equals("size") && function.startsWith("MPI_Buffer_"))
            return new DumpiArgument(a.type(), name, "<buffer size>");
        return a;
    }

    /**
     * Whether two values that differ are the same under {@link #PROC_NULL_VALUE}: in interface mode, ours
     * records MPI_PROC_NULL as -3 where the reference has the target's value, in ranks and status sources.
     */
    static boolean sameProcNull(DumpiArgument reference, DumpiArgument ours, TracedAs mode, int targetProcNull) {
        if (reference.type().equals("MPI_Status") && (reference.value().contains("{undefined}") || ours.value().contains("{undefined}")))
            return undefinedMatches(reference.value(), ours.value());
        if (mode != TracedAs.INTERFACE)
            return false;
        if (a(reference, "dest", "source") && number(ours.value()) == -3)
            return number(reference.value()) == targetProcNull;
        if (reference.type().equals("MPI_Status"))
            return reference.value().equals(ours.value().replace("source=-3,", "source=" + targetProcNull + ","));
        return false;
    }

    /** Statuses element by element, a {@code {undefined}} status of either side matching any status. */
    private static boolean undefinedMatches(String reference, String ours) {
        List<String> r = STATUS.matcher(reference).results().map(java.util.regex.MatchResult::group).toList();
        List<String> o = STATUS.matcher(ours).results().map(java.util.regex.MatchResult::group).toList();
        if (r.size() != o.size())
            return false;
        for (int i = 0; i < r.size(); i++)
            if (!r.get(i).equals(o.get(i)) && !r.get(i).equals("{undefined}") && !o.get(i).equals("{undefined}"))
                return false;
        return true;
    }

    private static boolean a(DumpiArgument argument, String... names) {
        return java.util.Arrays.asList(names).contains(argument.name());
    }

    private static long number(String value) {
        try {
            return Long.parseLong(value.split(" ", 2)[0]);
        } catch (NumberFormatException e) {
            return Long.MIN_VALUE;
        }
    }

    private static boolean large(String value) {
        long n = number(value);
        return n != Long.MIN_VALUE && Math.abs(n) >= 1L << 16;
    }

    /** The elements of an int array value, each as libdumpi's copy of MPI_Aint memory gives them. */
    private static String halves(String value) {
        if (!value.startsWith("[") || value.equals("[]"))
            return value;
        String[] elements = value.substring(1, value.length() - 1).split(", ");
        List<String> words = new ArrayList<>();
        for (String e : elements) {
            long v = Long.parseLong(e.trim());
            words.add(Integer.toString((int) v));
            words.add(v < 0 ? "-1" : "0");
        }
        return "[" + String.join(", ", words.subList(0, elements.length)) + "]";
    }
}
