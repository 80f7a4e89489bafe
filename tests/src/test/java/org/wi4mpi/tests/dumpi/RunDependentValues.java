package org.wi4mpi.tests.dumpi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What differs between two traces of the same program even when both are taken natively by libdumpi, one
 * run after the other: before two traces are compared, both are rewritten so that these values read the
 * same. Each rule names the calls and arguments it touches and why they change from run to run; nothing
 * else is rewritten, so every other argument of every call is compared exactly.
 */
public enum RunDependentValues {

    UNSUCCESSFUL_POLLS("a test or probe that found nothing (flag 0, outcount 0) is left out: how many of them a "
            + "waiting loop makes depends on timing"),
    STATUS_ERROR_FIELD("the error field of a status is left out: a single-completion call does not set it, so "
            + "it is what the program's memory held"),
    FILE_STATUS_FIELDS("an I/O status keeps its byte count only, also where the program passes it on "
            + "(MPI_Get_count) and where a wait completes a nonblocking I/O request: ROMIO sets no source, tag or "
            + "cancelled flag, which are what memory held"),
    UNWRITTEN_STRINGS("a string the call did not write is left out, the reader printing what the buffer held: "
            + "the value of a call that returned flag 0 (MPI_Info_get of an absent key), the key of "
            + "MPI_Info_get_nthkey for an n beyond the info's key count (the call fails)"),
    UNDEFINED_STATUS_FIELDS("the status of a request no traced call made (a nonblocking collective or another "
            + "function without a DUMPI label) is not compared: MPI defines no count, source or tag for most of "
            + "them; which requests those are is told by the request numbers, so a status either side takes for "
            + "one matches any status"),
    PORT_NAMES("port names are left out: MPI_Open_port chooses one per run"),
    TEMPORARY_FILES("file names under /tmp are left out: the programs name scratch files after their "
            + "process id or with mkstemp"),
    ADDRESSES("addresses are left out (MPI_Get_address, and displacements of 2^16 and more, which are "
            + "addresses into dynamic windows): they move with address-space randomisation"),
    ERROR_CODES("error codes of 2^16 and more are left out: MPICH's carry a message index that changes "
            + "from run to run above the error class");

    private static final Set<String> POLLS = Set.of("MPI_Test", "MPI_Testany", "MPI_Testall", "MPI_Testsome",
            "MPI_Iprobe", "MPI_Request_get_status", "MPI_Win_test", "MPIO_Test", "MPIO_Testany", "MPIO_Testall", "MPIO_Testsome");
    private static final Pattern STATUS_ERROR = Pattern.compile(", error=-?\\d+");
    private static final Pattern STATUS = Pattern.compile("\\{[^}]*}");
    private static final Pattern STATUS_BYTES = Pattern.compile("\\{bytes=(-?\\d+)[^}]*}");
    private static final long LARGE = 1L << 16;

    private final String reason;

    RunDependentValues(String reason) {
        this.reason = reason;
    }

    /** Why the values this rule rewrites change from run to run. */
    public String reason() {
        return reason;
    }

    /** The calls of one rank with every run-dependent value rewritten to a placeholder. */
    public static List<DumpiCall> normalize(List<DumpiCall> calls) {
        List<DumpiCall> out = new ArrayList<>();
        Set<String> fileStatuses = new HashSet<>();
        Set<String> ioRequests = new HashSet<>();
        Set<String> madeRequests = new HashSet<>();
        Map<String, Integer> keyCounts = new HashMap<>();
        for (DumpiCall raw : calls) {
            DumpiCall call = DumpiArrayLines.split(raw);
            if (POLLS.contains(call.function()) && found(call, "0"))
                continue;
            boolean io = completesIo(call, ioRequests) || call.function().startsWith("MPI_File_");
            boolean undefined = completesUnmade(call, madeRequests);
            boolean unwritten = call.argument("flag").map(a -> a.value().equals("0")).orElse(false)
                    || failedNthKey(call, keyCounts);
            List<DumpiArgument> arguments = new ArrayList<>();
            for (DumpiArgument a : call.arguments()) {
                String value = a.value();
                if (a.type().equals("MPI_Status")) {
                    value = statuses(STATUS_ERROR.matcher(value).replaceAll(""), io, undefined, fileStatuses);
                } else if (a.type().equals("string")) {
                    if (unwritten && (a.name().equals("value") || a.name().equals("key")))
                        value = "<unwritten>";
                    else if (a.name().equals("portname"))
                        value = "<port name>";
                    else if (value.startsWith("\"/tmp/"))
                        value = "<temporary file>";
                } else if (a.type().equals("int")) {
                    if (a.name().equals("address") || (a.name().equals("targetdisp") && large(value)))
                        value = "<address>";
                    else if (a.name().equals("errorcode") && large(value))
                        value = "<error code>";
                }
                arguments.add(value.equals(a.value()) ? a : new DumpiArgument(a.type(), a.name(), value));
            }
            out.add(new DumpiCall(call.function(), call.thread(), List.copyOf(arguments), null));
        }
        return List.copyOf(out);
    }

    /**
     * Whether a completion call (MPI_Wait, MPI_Waitall, ...) takes a pending I/O request (an MPIO_Request of an
     * MPI_File_i... call); the requests it takes are no longer pending. Records the I/O requests it creates.
     */
    private static boolean completesIo(DumpiCall call, Set<String> ioRequests) {
        boolean io = false;
        for (DumpiArgument a : call.arguments()) {
            if (a.type().equals("MPIO_Request") && call.function().startsWith("MPI_File_i")) {
                ioRequests.add(a.value().replaceAll("[\\[\\]]", ""));
            } else if (a.type().equals("MPI_Request") && !ioRequests.isEmpty()) {
                for (String r : a.value().replaceAll("[\\[\\]]", "").split(", "))
                    io |= ioRequests.remove(r);
            }
        }
        return io;
    }

    /** Whether an MPI_Info_get_nthkey asks beyond the key count its info last reported (MPI_Info_get_nkeys). */
    private static boolean failedNthKey(DumpiCall call, Map<String, Integer> keyCounts) {
        if (call.function().equals("MPI_Info_get_nkeys")) {
            keyCounts.put(call.value("info"), Integer.parseInt(call.value("nkeys")));
        } else if (call.function().equals("MPI_Info_get_nthkey")) {
            Integer count = keyCounts.get(call.value("info"));
            return count != null && Integer.parseInt(call.value("n")) >= count;
        }
        return false;
    }

    /**
     * Rewrites each status of a status value: an I/O status (made by an I/O call, or seen before as one)
     * keeps its byte count, a status without defined fields keeps nothing.
     */
    private static String statuses(String value, boolean io, boolean undefined, Set<String> fileStatuses) {
        Matcher m = STATUS.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String status = m.group();
            String rewritten = status;
            if (undefined) {
                rewritten = "{undefined}";
            } else if (io || fileStatuses.contains(status)) {
                fileStatuses.add(status);
                rewritten = STATUS_BYTES.matcher(status).replaceAll("{bytes=$1}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(rewritten));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * Whether a completion call takes a request that no traced call made (it first appears here); records
     * the requests traced calls make (an MPI_Request output of a call that is no completion or test).
     */
    private static boolean completesUnmade(DumpiCall call, Set<String> madeRequests) {
        boolean completion = call.function().startsWith("MPI_Wait") || call.function().startsWith("MPI_Test")
                || call.function().equals("MPI_Request_get_status");
        boolean unmade = false;
        for (DumpiArgument a : call.arguments()) {
            if (!a.type().equals("MPI_Request") && !a.type().equals("MPIO_Request"))
                continue;
            for (String r : a.value().replaceAll("[\\[\\]]", "").split(", ")) {
                if (!completion)
                    madeRequests.add(r);
                else if (!r.equals("1") && !madeRequests.contains(r))
                    unmade = true;
            }
        }
        return unmade;
    }

    /** Whether a poll's result says it found nothing. */
    private static boolean found(DumpiCall call, String nothing) {
        return call.argument("flag").map(a -> a.value().equals(nothing))
                .or(() -> call.argument("outcount").map(a -> a.value().equals(nothing)))
                .orElse(false);
    }

    private static boolean large(String value) {
        try {
            return Math.abs(Long.parseLong(value.split(" ", 2)[0])) >= LARGE;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
