package org.wi4mpi.tests.dumpi;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.MpiTestProgram;

/**
 * The programs the fidelity check traces with libdumpi and with wi4mpi: every program of tests/c that
 * libdumpi can trace, tests/dumpi/collective_calls.c and a short NetPIPE run. The others are listed with the
 * reason (docs/tracing.md repeats the list).
 */
final class FidelityPrograms {

    /** tests/c programs libdumpi cannot trace natively, and why. */
    static final Map<String, String> EXCLUDED = Map.of(
            "abort", "the job ends in MPI_Abort (exit code 3): libdumpi writes a rank's trace at MPI_Finalize or exit,"
                    + " so the ranks the launcher kills leave empty files",
            "collectives", "passes a placeholder datatype with MPI_IN_PLACE; libdumpi asks MPI_Type_size of it and both"
                    + " MPIs abort the first MPI_Gather (tests/dumpi/collective_calls.c covers the collectives)",
            "errors", "provokes errors with NULL output arguments; libdumpi reads through them after the call"
                    + " (MPI_Comm_group with a NULL group) and crashes",
            "spawn", "spawns with MPI_ERRCODES_IGNORE; libdumpi reads maxprocs error codes from that NULL array"
                    + " and crashes",
            "threads", "four threads call MPI at once: the order of their records, the thread numbers (given in"
                    + " order of first call) and the handle numbers (in order of first sight) change from run to run,"
                    + " natively too; the trace writer's own tests cover threads");

    /** Excluded for one family only. */
    static final Map<String, String> EXCLUDED_OPENMPI = Map.of(
            "lifecycle", "on Open MPI the program defines MPI_Init itself (a PMPI wrapper reading PMPI_Wtime), which"
                    + " hides libdumpi's MPI_Init: libdumpi opens no trace, so there is nothing to compare with");

    /**
     * Programs not compared in cross pairs: they take another path, or read values MPI leaves to the
     * implementation, so their translated run makes other calls or gets other values than the native run of
     * the program's own MPI; the trace shows what the program got, and that is the target's behaviour.
     */
    static final Map<String, String> CROSS_EXCLUDED = Map.ofEntries(
            Map.entry("dynamic", "MPICH 4.0 (ch4:ucx) has no ports: on it MPI_Open_port fails and the program takes"
                    + " its error path"),
            Map.entry("split_hardware", "the hardware split types each MPI supports differ, and the program follows"
                    + " them"),
            Map.entry("outputs", "it records what each MPI leaves in outputs it does not set, and when a cancelled"
                    + " send completes"),
            Map.entry("info", "the infos MPI returns (MPI_INFO_ENV, MPI_Comm_get_info) hold the target's keys"),
            Map.entry("predefined", "names and sizes of predefined types without a DUMPI constant are the target's"),
            Map.entry("io", "the infos MPI returns (MPI_File_get_info) hold the target's keys"),
            Map.entry("rma", "the infos MPI returns (MPI_Win_get_info) hold the target's keys"),
            Map.entry("mpi4", "MPI-4 functions Open MPI 4.1 lacks are emulated or refused, and the program follows the"
                    + " outcome"),
            Map.entry("large_count", "large-count functions Open MPI 4.1 lacks: the program takes its error path"),
            Map.entry("topology", "MPI_Cart_map on a rank outside the grid: MPICH returns MPI_UNDEFINED, Open MPI 4.1"
                    + " the rank"),
            Map.entry("requests", "the status MPI_Waitall writes for an inactive request differs by MPI (Open MPI"
                    + " fills it, MPICH 4.0 leaves it as the program set it)"));

    /** Programs also compared with one rank (the others run with two). */
    static final List<String> ONE_RANK = List.of("hello", "p2p", "collective_calls");

    /** Programs compared with one rank only, and why. */
    static final Map<String, String> ONE_RANK_ONLY = Map.of(
            "requests", "with two ranks, how many requests one MPI_Waitsome completes depends on timing, and so do"
                    + " the calls after it");

    /** Programs also compared in interface mode (built with the install tree's mpicc). */
    static final List<String> INTERFACE = List.of("hello", "p2p", "collective_calls");

    /** NetPIPE: message sizes up to 64 bytes, 5 ping-pongs each, no perturbation: about 300 calls per rank. */
    static final List<String> NETPIPE_ARGUMENTS = List.of("-u", "64", "-n", "5", "-p", "0");

    /** A Debian NetPIPE binary of a family. */
    record Netpipe(MpiFamily family, Path binary) {
    }

    static final List<Netpipe> NETPIPE = List.of(new Netpipe(MpiFamily.OPENMPI, Path.of("/usr/bin/NPopenmpi")),
            new Netpipe(MpiFamily.MPICH, Path.of("/usr/bin/NPmpich2")));

    private FidelityPrograms() {
    }

    /** Why a tests/c program is not traced for a family, or null when it is. */
    static String exclusion(String name, MpiFamily family) {
        if (EXCLUDED.containsKey(name))
            return EXCLUDED.get(name);
        return family == MpiFamily.OPENMPI ? EXCLUDED_OPENMPI.get(name) : null;
    }

    /** The C programs traced: tests/c but the excluded ones, then collective_calls. */
    static List<MpiTestProgram> programs(Path sourceDirectory, Path dumpiDirectory) {
        List<MpiTestProgram> programs = new ArrayList<>(MpiTestProgram.discover(sourceDirectory).stream()
                .filter(p -> !EXCLUDED.containsKey(p.name()))
                .toList());
        programs.add(new MpiTestProgram("collective_calls", dumpiDirectory.resolve("collective_calls.c"), 0,
                EnumSet.allOf(MpiFamily.class), false));
        return programs;
    }

    /** Why a program is not compared for a pair, or null when it is. */
    static String pairExclusion(String name, MpiFamily from, MpiFamily to) {
        return from != to ? CROSS_EXCLUDED.get(name) : null;
    }

    /** Rank counts a program is compared with. */
    static List<Integer> ranks(String name) {
        if (ONE_RANK_ONLY.containsKey(name))
            return List.of(1);
        return ONE_RANK.contains(name) ? List.of(1, 2) : List.of(2);
    }
}
