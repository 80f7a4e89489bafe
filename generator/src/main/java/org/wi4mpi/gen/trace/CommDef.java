package org.wi4mpi.gen.trace;

/**
 * One rank's view of a communicator, as its trace records it: how it was made (from which parent, as
 * the parent's how-many-th new communicator on this rank, with which arguments) and, once every file is
 * read, what {@link CommResolver} makes of it: the run-wide identity shared by all its ranks and its
 * members as world ranks. Communicators are made collectively over their parent, so the k-th
 * communicator made from a parent is the same creation on all the parent's ranks; handle numbers
 * differ from rank to rank and are not used to join the files.
 */
final class CommDef {

    /** How the communicator was made. */
    enum Kind {
        WORLD, SELF, DUP, SPLIT, CREATE, CART, GRAPH, CART_SUB, INTERCOMM, MERGE,
        /** Made by something the trace does not record well enough to know its members; see {@link #unknown}. */
        UNKNOWN
    }

    final Kind kind;
    /** The world rank whose trace this view comes from. */
    final int rank;
    final CommDef parent;
    /** This is the index-th communicator (from 1) the rank made from the parent. */
    final int index;
    /** Where the rank's trace made it: "FILE: MPI_Comm_create at byte N" (empty for WORLD and SELF). */
    final String where;

    /** Arguments by kind: SPLIT color and key; MERGE high in color. */
    int color;
    int key;
    /** CREATE: the group the rank gave. */
    GroupDef group;
    /** CART: the grid's dimensions (CART_SUB: remain_dims on the record, the kept dimensions once resolved). */
    int[] dims;
    /** CART, GRAPH: whether the MPI may reorder the ranks. */
    boolean reorder;
    /** INTERCOMM: the leader's rank in the parent (the local communicator), the peer communicator and the remote leader's rank in it, the tag. */
    int localLeader;
    CommDef peerComm;
    int remoteLeader;
    int tag;
    /** UNKNOWN: why the members cannot be known, as a clause ("made by MPI_Comm_spawn at byte 40, ..."). */
    String unknown;

    /** The rank of this process in the communicator as an MPI_Comm_rank record gave it, or -1. */
    int observedRank = -1;
    /** Where this rank first used a rank number of the communicator (a send or receive), or null. */
    String firstRankUse;
    /** Communicators made from this one, and collectives called on it, so far on this rank. */
    int children;
    long collectives;
    /** Something refers to this communicator (a message, a collective, a child): it must be resolved. */
    boolean used;

    /** Resolved: the run-wide name, the members (by rank in the communicator, when ordered), the remote group of an intercommunicator. */
    String identity;
    int[] local;
    int[] remote;
    /** Null when the members' order is known; else why not (a clause naming the call), and local is sorted by world rank. */
    String unordered;
    /** The same for the remote group of an intercommunicator. */
    String remoteUnordered;

    CommDef(Kind kind, int rank, CommDef parent, int index, String where) {
        this.kind = kind;
        this.rank = rank;
        this.parent = parent;
        this.index = index;
        this.where = where;
    }

    static CommDef root(Kind kind, int rank, int[] members) {
        CommDef def = new CommDef(kind, rank, null, 0, "");
        def.identity = kind == Kind.WORLD ? "world" : "self" + rank;
        def.local = members;
        return def;
    }

    boolean resolved() {
        return identity != null;
    }

    /** The key shared by every rank's view of one creation: the parent's identity and the index. */
    String creationKey() {
        return parent.identity + "/c" + index;
    }

    /** The size of the communicator for a collective on it: both groups of an intercommunicator. */
    int collectiveSize() {
        return local.length + (remote == null ? 0 : remote.length);
    }

    /** The world rank a rank number of this communicator names in a send or receive: a remote one for an intercommunicator. */
    int peer(int commRank) {
        int[] group = remote != null ? remote : local;
        return commRank >= 0 && commRank < group.length ? group[commRank] : -1;
    }

    /** This rank's position in the communicator, or -1. */
    int position() {
        for (int i = 0; i < local.length; i++) {
            if (local[i] == rank) {
                return i;
            }
        }
        return -1;
    }
}
