package org.wi4mpi.tests.debian;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.wi4mpi.tests.MpiFamily;

/**
 * A NetPIPE run configuration. Every mode bounds the messages at {@link #UPPER_BOUND} bytes, repeats each
 * size {@link #REPEATS} times and turns perturbations off, so a run takes well under a second. The
 * integrity modes make NetPIPE check every received byte, which exercises the MPI calls that move data
 * (Send/Recv, Irecv/Wait, Ssend) with payloads verified end to end.
 */
public enum NetpipeMode {
    THROUGHPUT("throughput", List.of(), false),
    INTEGRITY("integrity", List.of("-i"), false),
    PREPOSTED("integrity, preposted Irecv", List.of("-i", "-a"), false),
    SYNCHRONOUS("integrity, Ssend", List.of("-i", "-S"), false),
    BIDIRECTIONAL("integrity, bidirectional", List.of("-i", "-2", "-a"), false),
    // NPmpich2 -z hangs on its first message under MPICH itself (no translation involved), so only the
    // Open MPI-built binary runs with receives from MPI_ANY_SOURCE.
    ANY_SOURCE("integrity, MPI_ANY_SOURCE", List.of("-i", "-z"), true);

    /** Largest message, in bytes. */
    public static final int UPPER_BOUND = 4096;
    /** Ping-pongs per message size. */
    public static final int REPEATS = 20;

    private final String label;
    private final List<String> options;
    private final boolean openMpiBinaryOnly;

    NetpipeMode(String label, List<String> options, boolean openMpiBinaryOnly) {
        this.label = label;
        this.options = options;
        this.openMpiBinaryOnly = openMpiBinaryOnly;
    }

    public String label() {
        return label;
    }

    /** Whether rank 0 reports "Integrity check passed" rather than a throughput per size. */
    public boolean integrity() {
        return options.contains("-i");
    }

    /** NetPIPE's np.out counts the bytes of both directions when both ranks send at once. */
    public int outFileSizeFactor() {
        return options.contains("-2") ? 2 : 1;
    }

    /** NetPIPE's command-line arguments for this mode. */
    public List<String> arguments() {
        List<String> arguments = new ArrayList<>(options);
        arguments.addAll(List.of("-u", Integer.toString(UPPER_BOUND), "-n", Integer.toString(REPEATS), "-p", "0"));
        return arguments;
    }

    /** The modes a binary built for {@code family} runs in. */
    public static List<NetpipeMode> forFamily(MpiFamily family) {
        return Arrays.stream(values()).filter(m -> !m.openMpiBinaryOnly || family == MpiFamily.OPENMPI).toList();
    }
}
