package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The communicators and groups of one rank by their DUMPI handle numbers, as the rank's calls make,
 * free and query them. Each communicator made is recorded as a {@link CommDef} (how it was made); its
 * members are known once {@link CommResolver} has seen every rank's file. A communicator whose making
 * the trace does not record (a function without a DUMPI label, MPI_Comm_spawn, ...) stops critpath
 * when a call uses it, with a sentence naming that call.
 */
final class Communicators {

    static final int DUMPI_COMM_NULL = 1;
    static final int DUMPI_COMM_WORLD = 2;
    static final int DUMPI_COMM_SELF = 3;
    static final int DUMPI_GROUP_NULL = 1;
    static final int DUMPI_GROUP_EMPTY = 2;

    private final int rank;
    private final DumpiFile file;
    private final Map<Integer, CommDef> comms = new HashMap<>();
    private final Map<Integer, GroupDef> groups = new HashMap<>();
    /** Groups made from something unknown: why, as a clause. */
    private final Map<Integer, String> unknownGroups = new HashMap<>();
    /** Every communicator this rank made, in the order of its calls. */
    final List<CommDef> made = new ArrayList<>();

    Communicators(int rank, int[] world, DumpiFile file) {
        this.rank = rank;
        this.file = file;
        comms.put(DUMPI_COMM_WORLD, CommDef.root(CommDef.Kind.WORLD, rank, world));
        comms.put(DUMPI_COMM_SELF, CommDef.root(CommDef.Kind.SELF, rank, new int[] {rank}));
        groups.put(DUMPI_GROUP_EMPTY, GroupDef.EMPTY);
    }

    /** The calls {@link #record} follows; any other call is left alone without building its description. */
    private static final Set<String> RECORDED = Set.of("MPI_Comm_dup", "MPI_Comm_split", "MPI_Comm_create", "MPI_Cart_create",
            "MPI_Graph_create", "MPI_Cart_sub", "MPI_Intercomm_create", "MPI_Intercomm_merge", "MPI_Comm_free", "MPI_Comm_disconnect",
            "MPI_Comm_rank", "MPI_Comm_group", "MPI_Comm_remote_group", "MPI_Group_incl", "MPI_Group_excl", "MPI_Group_range_incl",
            "MPI_Group_range_excl", "MPI_Group_union", "MPI_Group_intersection", "MPI_Group_difference", "MPI_Group_free",
            "MPI_Comm_accept", "MPI_Comm_connect", "MPI_Comm_spawn", "MPI_Comm_spawn_multiple", "MPI_Comm_get_parent", "MPI_Comm_join");

    /** Records what a communicator or group call makes or frees; false when the call is none of those. */
    boolean record(CallRecord call) {
        if (!RECORDED.contains(call.name())) {
            return false;
        }
        String where = file.file() + ": " + call.name() + " at byte " + call.offset();
        switch (call.name()) {
            case "MPI_Comm_dup" -> make(CommDef.Kind.DUP, call, "oldcomm", "newcomm", where);
            case "MPI_Comm_split" -> {
                CommDef def = make(CommDef.Kind.SPLIT, call, "oldcomm", "newcomm", where);
                if (def != null) {
                    def.color = call.intValue("color");
                    def.key = call.intValue("key");
                }
            }
            case "MPI_Comm_create" -> create(call, where);
            case "MPI_Cart_create", "MPI_Graph_create" -> {
                CommDef def = make(call.name().equals("MPI_Cart_create") ? CommDef.Kind.CART : CommDef.Kind.GRAPH, call, "oldcomm",
                        "newcomm", where);
                if (def != null) {
                    def.reorder = call.intValue("reorder") != 0;
                    def.dims = call.name().equals("MPI_Cart_create") ? call.array("dims") : null;
                }
            }
            case "MPI_Cart_sub" -> {
                CommDef def = make(CommDef.Kind.CART_SUB, call, "oldcomm", "newcomm", where);
                if (def != null) {
                    def.dims = call.array("remain_dims");
                }
            }
            case "MPI_Intercomm_create" -> {
                CommDef def = make(CommDef.Kind.INTERCOMM, call, "localcomm", "newcomm", where);
                if (def != null) {
                    def.localLeader = call.intValue("localleader");
                    def.peerComm = comms.get(call.intValue("remotecomm"));
                    def.remoteLeader = call.intValue("remoteleader");
                    def.tag = call.intValue("tag");
                }
            }
            case "MPI_Intercomm_merge" -> {
                CommDef def = make(CommDef.Kind.MERGE, call, "comm", "newcomm", where);
                if (def != null) {
                    def.color = call.intValue("high") != 0 ? 1 : 0;
                }
            }
            case "MPI_Comm_free", "MPI_Comm_disconnect" -> free(call.intValue("comm"));
            case "MPI_Comm_rank" -> {
                CommDef def = comms.get(call.intValue("comm"));
                if (def != null) {
                    def.observedRank = call.intValue("rank");
                }
            }
            case "MPI_Comm_group" -> groupOfComm(GroupDef.Kind.OF_COMM, call, where);
            case "MPI_Comm_remote_group" -> groupOfComm(GroupDef.Kind.REMOTE_OF_COMM, call, where);
            case "MPI_Group_incl", "MPI_Group_excl" -> derive(call.name().endsWith("incl") ? GroupDef.Kind.INCL : GroupDef.Kind.EXCL,
                    call, "group", null, new int[][] {call.array("ranks")}, where);
            case "MPI_Group_range_incl", "MPI_Group_range_excl" -> derive(call.name().endsWith("incl") ? GroupDef.Kind.RANGE_INCL
                    : GroupDef.Kind.RANGE_EXCL, call, "group", null, call.arrays("ranges"), where);
            case "MPI_Group_union" -> derive(GroupDef.Kind.UNION, call, "group1", "group2", null, where);
            case "MPI_Group_intersection" -> derive(GroupDef.Kind.INTERSECTION, call, "group1", "group2", null, where);
            case "MPI_Group_difference" -> derive(GroupDef.Kind.DIFFERENCE, call, "group1", "group2", null, where);
            case "MPI_Group_free" -> {
                groups.remove(call.intValue("group"));
                unknownGroups.remove(call.intValue("group"));
            }
            case "MPI_Comm_accept", "MPI_Comm_connect", "MPI_Comm_spawn", "MPI_Comm_spawn_multiple" ->
                    outside(call.intValue("newcomm"), where);
            case "MPI_Comm_get_parent" -> outside(call.intValue("parent"), where);
            case "MPI_Comm_join" -> outside(call.intValue("comm"), where);
            default -> throw new IllegalStateException(call.name() + " is listed as recorded but not handled");
        }
        return true;
    }

    /**
     * The communicator a call uses, marked as needed; a communicator whose members cannot be known
     * stops critpath with a sentence naming the call.
     */
    CommDef use(CallRecord call, int id, boolean ranksUsed) throws TraceFormatException {
        CommDef def = comms.get(id);
        if (def == null) {
            String listed = file.keyvals().get(UnlabelledCalls.KEY);
            throw new TraceFormatException(file.file(), call.offset(), call.name() + " uses communicator " + id
                    + ", which no call recorded in the trace made" + (listed == null ? ""
                            : " (it lists calls it did not record, which may have made it: " + listed + ")"));
        }
        if (def.kind == CommDef.Kind.UNKNOWN) {
            throw new TraceFormatException(file.file(), call.offset(), call.name() + " uses communicator " + id + ", " + def.unknown);
        }
        markUsed(def);
        if (ranksUsed && def.firstRankUse == null) {
            def.firstRankUse = file.file() + ": " + call.name() + " at byte " + call.offset();
        }
        return def;
    }

    private static void markUsed(CommDef def) {
        for (CommDef d = def; d != null && !d.used; d = d.parent) {
            d.used = true;
            if (d.peerComm != null) {
                markUsed(d.peerComm);
            }
        }
    }

    /** Counts a creation on the parent and records the new communicator; null when this rank gets none. */
    private CommDef make(CommDef.Kind kind, CallRecord call, String parentField, String newField, String where) {
        int id = call.intValue(newField);
        CommDef parent = comms.get(call.intValue(parentField));
        if (parent == null || parent.kind == CommDef.Kind.UNKNOWN) {
            String why = parent == null ? "communicator " + call.intValue(parentField) + ", which no call recorded in the trace made"
                    : "a communicator " + parent.unknown;
            unknown(id, "made by " + where + " from " + why);
            return null;
        }
        parent.children++;
        if (id == DUMPI_COMM_NULL || (kind == CommDef.Kind.SPLIT && call.intValue("color") < 0)) {
            free(id);
            return null; // this rank is not a member (MPI_UNDEFINED color, outside the group or the grid)
        }
        CommDef def = new CommDef(kind, rank, parent, parent.children, where);
        comms.put(id, def);
        made.add(def);
        return def;
    }

    private void create(CallRecord call, String where) {
        int groupId = call.intValue("group");
        GroupDef group = groups.get(groupId);
        CommDef def = make(CommDef.Kind.CREATE, call, "oldcomm", "newcomm", where);
        if (def == null) {
            return;
        }
        if (group == null) {
            String why = unknownGroups.getOrDefault(groupId, "which no call recorded in the trace made");
            comms.put(call.intValue("newcomm"), unknownDef("made by " + where + " from group " + groupId + ", " + why, where));
            made.remove(def);
            return;
        }
        def.group = group;
    }

    private void groupOfComm(GroupDef.Kind kind, CallRecord call, String where) {
        int id = call.intValue("group");
        CommDef comm = comms.get(call.intValue("comm"));
        if (comm == null || comm.kind == CommDef.Kind.UNKNOWN) {
            groups.remove(id);
            unknownGroups.put(id, "the group of a communicator that " + (comm == null ? "no recorded call made" : comm.unknown)
                    + " (" + where + ")");
            return;
        }
        markUsed(comm);
        unknownGroups.remove(id);
        groups.put(id, new GroupDef(kind, comm, null, null, null, where));
    }

    private void derive(GroupDef.Kind kind, CallRecord call, String firstField, String secondField, int[][] ranks, String where) {
        int id = call.intValue("newgroup");
        GroupDef first = groups.get(call.intValue(firstField));
        GroupDef second = secondField == null ? null : groups.get(call.intValue(secondField));
        if (first == null || (secondField != null && second == null)) {
            int missing = first == null ? call.intValue(firstField) : call.intValue(secondField);
            groups.remove(id);
            unknownGroups.put(id, "made by " + where + " from group " + missing + ", "
                    + unknownGroups.getOrDefault(missing, "which no call recorded in the trace made"));
            return;
        }
        unknownGroups.remove(id);
        groups.put(id, new GroupDef(kind, null, first, second, ranks, where));
    }

    private void outside(int id, String where) {
        unknown(id, "made by " + where + ", which joins processes outside the traced run");
    }

    private void unknown(int id, String why) {
        if (id != DUMPI_COMM_NULL && id != DUMPI_COMM_WORLD && id != DUMPI_COMM_SELF) {
            comms.put(id, unknownDef(why, ""));
        }
    }

    private CommDef unknownDef(String why, String where) {
        CommDef def = new CommDef(CommDef.Kind.UNKNOWN, rank, null, 0, where);
        def.unknown = why;
        return def;
    }

    private void free(int id) {
        if (id != DUMPI_COMM_WORLD && id != DUMPI_COMM_SELF) {
            comms.remove(id);
        }
    }
}
