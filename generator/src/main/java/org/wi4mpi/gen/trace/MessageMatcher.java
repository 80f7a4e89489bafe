package org.wi4mpi.gen.trace;

import java.util.Arrays;
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

    /** The sends of one (sender, receiver, communicator), in order, and the first one still unmatched. */
    private static final class Channel {
        int[] sends = new int[4];
        int size;
        boolean[] taken;
        int first;

        void add(int send) {
            if (size == sends.length) {
                sends = Arrays.copyOf(sends, size * 2);
            }
            sends[size++] = send;
        }
    }

    private MessageMatcher() {
    }

    static Incoming match(Messages messages, List<RankTimeline> ranks) throws TraceFormatException {
        List<Messages.Send> sends = messages.sends;
        Map<String, Channel> channels = new HashMap<>();
        for (int i = 0; i < sends.size(); i++) {
            Messages.Send send = sends.get(i);
            int dest = worldRank(send.comm(), send.dest());
            if (dest >= 0 && dest != send.rank()) { // a message to itself is left out of the graph
                channels.computeIfAbsent(channel(send.rank(), dest, send.comm()), k -> new Channel()).add(i);
            }
        }
        int total = messages.receives.size();
        int[] receiverRank = new int[total];
        int[] receiverSlot = new int[total];
        int[] sendIndex = new int[total];
        int matched = 0;
        for (Messages.Receive receive : messages.receives) {
            if (receive.slot < 0) {
                continue; // never completed in the trace (cancelled, freed or still pending at MPI_Finalize)
            }
            String name = ranks.get(receive.rank).name(receive.slot);
            if (receive.source < 0) {
                if (receive.source == -1 && !receive.sourceFromStatus && anyCandidate(channels, sends, receive)) {
                    throw new TraceFormatException("rank " + receive.rank + "'s " + name + " (operation " + (receive.slot + 1)
                            + ") receives from MPI_ANY_SOURCE and the trace recorded no status to tell the sender:"
                            + " trace with statuses enabled.");
                }
                // MPI_PROC_NULL: -2, -3, or MPICH's -1 with a status of -1, or without a status when no
                // rank sent this one anything it could have received
                continue;
            }
            int source = worldRank(receive.comm, receive.source);
            if (source < 0 || source == receive.rank) {
                continue; // a rank outside the communicator (MPI_PROC_NULL) or itself
            }
            Channel channel = channels.get(channel(source, receive.rank, receive.comm));
            int found = channel == null ? -1 : take(channel, sends, receive.tag);
            if (found < 0 && receive.sourceFromStatus && receive.statusBytes == 0) {
                continue; // MPICH's MPI_PROC_NULL is -1 too, and its nonblocking receives report source 0, tag 0
            }
            if (found < 0) {
                throw new TraceFormatException("rank " + receive.rank + "'s " + name + " (operation " + (receive.slot + 1)
                        + ") receives from rank " + source + " with tag " + receive.tag
                        + ", but that rank's trace has no matching send: the traces do not belong to one run.");
            }
            receiverRank[matched] = receive.rank;
            receiverSlot[matched] = receive.slot;
            sendIndex[matched] = found;
            matched++;
        }
        return new Incoming(sends, ranks, receiverRank, receiverSlot, sendIndex, matched);
    }

    /** Whether any rank has an unmatched send this receive, from any source, could take. */
    private static boolean anyCandidate(Map<String, Channel> channels, List<Messages.Send> sends, Messages.Receive receive) {
        String suffix = ">" + receive.rank + "@" + receive.comm.identity;
        for (Map.Entry<String, Channel> e : channels.entrySet()) {
            if (!e.getKey().endsWith(suffix)) {
                continue;
            }
            Channel channel = e.getValue();
            for (int i = channel.first; i < channel.size; i++) {
                if ((channel.taken == null || !channel.taken[i])
                        && (receive.tag == -1 || sends.get(channel.sends[i]).tag() == receive.tag)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The earliest unmatched send of the channel with an acceptable tag (-1 accepts any), or -1. */
    private static int take(Channel channel, List<Messages.Send> sends, int tag) {
        if (channel.taken == null) {
            channel.taken = new boolean[channel.size];
        }
        for (int i = channel.first; i < channel.size; i++) {
            if (!channel.taken[i] && (tag == -1 || sends.get(channel.sends[i]).tag() == tag)) {
                channel.taken[i] = true;
                while (channel.first < channel.size && channel.taken[channel.first]) {
                    channel.first++;
                }
                return channel.sends[i];
            }
        }
        return -1;
    }

    /**
     * The world rank a send's destination or a receive's source names (-1 for none); the rank order of
     * the communicator must be known.
     */
    private static int worldRank(CommDef comm, int commRank) throws TraceFormatException {
        String unordered = comm.remote != null ? comm.remoteUnordered : comm.unordered;
        if (unordered != null) {
            throw new TraceFormatException(comm.firstRankUse + " names a rank of a communicator whose rank order the traces do not tell ("
                    + unordered + "), so its messages cannot be matched.");
        }
        return comm.peer(commRank);
    }

    static long key(int rank, int slot) {
        return ((long) rank << 32) | slot;
    }

    private static String channel(int from, int to, CommDef comm) {
        return from + ">" + to + "@" + comm.identity;
    }
}
