package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Pairs the two halves of each intercommunicator. Every rank of a group records
 * MPI_Intercomm_create over its local communicator; the group's leader also records the peer
 * communicator and the remote leader's rank in it. Two halves belong together when each one's remote
 * leader is the other's leader and the tags agree (in the order the halves are made, when several
 * match). The intercommunicator's identity joins the two creations' keys, and each half's remote group
 * is the other half's local group.
 */
final class InterHalves {

    private record Half(String key, List<CommDef> defs, int leader, int remoteLeader, int tag) {
    }

    private final List<Half> waiting = new ArrayList<>();

    /** Offers a resolved local group; false while its leader's peer communicator is not resolved yet. */
    boolean offer(String key, List<CommDef> defs) throws TraceFormatException {
        CommDef any = defs.getFirst();
        CommDef local = any.parent;
        if (local.unordered != null) {
            return failed(defs, "names its leader by rank in a communicator whose rank order the traces do not tell (" + local.unordered + ")");
        }
        if (any.localLeader < 0 || any.localLeader >= local.local.length) {
            return failed(defs, "names leader " + any.localLeader + " of a group of " + local.local.length);
        }
        int leaderRank = local.local[any.localLeader];
        CommDef leader = defs.stream().filter(d -> d.rank == leaderRank).findFirst().orElse(null);
        if (leader == null || leader.peerComm == null || leader.peerComm.kind == CommDef.Kind.UNKNOWN) {
            return failed(defs, "whose leader (world rank " + leaderRank + ") recorded no peer communicator the trace made");
        }
        if (!leader.peerComm.resolved()) {
            return false;
        }
        if (leader.peerComm.unordered != null) {
            return failed(List.of(leader), "naming the remote leader by rank in a communicator whose rank order the traces do not tell ("
                    + leader.peerComm.unordered + ")");
        }
        int remoteLeader = leader.peerComm.peer(leader.remoteLeader);
        Half half = new Half(key, defs, leaderRank, remoteLeader, leader.tag);
        for (Iterator<Half> it = waiting.iterator(); it.hasNext();) {
            Half other = it.next();
            if (other.leader == half.remoteLeader && other.remoteLeader == half.leader && other.tag == half.tag) {
                it.remove();
                join(half, other);
                return true;
            }
        }
        waiting.add(half);
        return true;
    }

    /** Fails for a half left without its other half when a call uses the intercommunicator. */
    void checkPaired() throws TraceFormatException {
        for (Half half : waiting) {
            failed(half.defs, "whose other group no trace shows (no leader of another group names world rank " + half.leader
                    + " as its remote leader with tag " + half.tag + "): the traces are incomplete");
        }
    }

    private static void join(Half a, Half b) {
        String identity = a.key.compareTo(b.key) < 0 ? "inter(" + a.key + "|" + b.key + ")" : "inter(" + b.key + "|" + a.key + ")";
        link(a, b, identity);
        link(b, a, identity);
    }

    private static void link(Half self, Half other, String identity) {
        CommDef otherLocal = other.defs.getFirst().parent;
        for (CommDef def : self.defs) {
            def.local = def.parent.local;
            def.unordered = def.parent.unordered;
            def.remote = otherLocal.local;
            def.remoteUnordered = otherLocal.unordered;
            def.identity = identity;
        }
    }

    private static boolean failed(List<CommDef> defs, String why) throws TraceFormatException {
        for (CommDef def : defs) {
            if (def.used) {
                throw new TraceFormatException(def.where + " makes an intercommunicator " + why + ".");
            }
        }
        return false;
    }
}
