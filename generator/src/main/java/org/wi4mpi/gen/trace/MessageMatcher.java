package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs every completed receive with its send as MPI does: between two ranks on one communicator,
 * messages do not overtake each other, and receives, in the order they were posted, take the earliest
 * unmatched send whose tag they accept. A receive from MPI_ANY_SOURCE is matched through the source its
 * status recorded.
 */
final class MessageMatcher {

    private MessageMatcher() {
    }

    /** The sends arriving at each (rank, slot), keyed by {@link #key(int, int)}. */
    static Map<Long, List<Messages.Send>> match(Messages messages, List<RankTimeline> ranks) throws TraceFormatException {
        Map<String, List<Messages.Send>> channels = new HashMap<>();
        for (Messages.Send send : messages.sends) {
            channels.computeIfAbsent(channel(send.rank(), send.dest(), send.comm()), k -> new ArrayList<>()).add(send);
        }
        Map<String, boolean[]> taken = new HashMap<>();
        Map<Long, List<Messages.Send>> incoming = new HashMap<>();
        for (Messages.Receive receive : messages.receives) {
            if (receive.slot < 0) {
                continue; // never completed in the trace (cancelled, freed or still pending at MPI_Finalize)
            }
            String name = ranks.get(receive.rank).name(receive.slot);
            if (receive.source < 0) {
                if (receive.source == -1) {
                    throw new TraceFormatException("rank " + receive.rank + "'s " + name + " (operation " + (receive.slot + 1)
                            + ") receives from MPI_ANY_SOURCE and the trace recorded no status to tell the sender:"
                            + " trace with statuses enabled.");
                }
                continue; // MPI_PROC_NULL
            }
            String channel = channel(receive.source, receive.rank, receive.comm);
            List<Messages.Send> sends = channels.getOrDefault(channel, List.of());
            boolean[] used = taken.computeIfAbsent(channel, k -> new boolean[sends.size()]);
            Messages.Send match = null;
            for (int i = 0; i < sends.size() && match == null; i++) {
                if (!used[i] && (receive.tag == -1 || sends.get(i).tag() == receive.tag)) {
                    used[i] = true;
                    match = sends.get(i);
                }
            }
            if (match == null) {
                throw new TraceFormatException("rank " + receive.rank + "'s " + name + " (operation " + (receive.slot + 1)
                        + ") receives from rank " + receive.source + " with tag " + receive.tag
                        + ", but that rank's trace has no matching send: the traces do not belong to one run.");
            }
            incoming.computeIfAbsent(key(receive.rank, receive.slot), k -> new ArrayList<>()).add(match);
        }
        return incoming;
    }

    static long key(int rank, int slot) {
        return ((long) rank << 32) | slot;
    }

    private static String channel(int from, int to, String comm) {
        return from + ">" + to + "@" + comm;
    }
}
