package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Joins the ranks' views of their communicators once every file is read: the views of one creation
 * (same parent, same index) are resolved together into one or more communicators (a split gives one per
 * color, a MPI_Comm_create with disjoint groups one per group), each with a run-wide identity and its
 * members as world ranks; intercommunicator halves are paired through their leaders. A creation that
 * the traces cannot resolve stops critpath only when a call uses what it made.
 */
final class CommResolver {

    private final List<CommDef> pending;
    private final InterHalves halves = new InterHalves();

    CommResolver(List<CommDef> made) {
        this.pending = new ArrayList<>(made);
    }

    void resolve() throws TraceFormatException {
        boolean progress = true;
        while (progress && !pending.isEmpty()) {
            progress = false;
            Map<String, List<CommDef>> creations = new LinkedHashMap<>();
            for (CommDef def : pending) {
                if (def.parent.resolved()) {
                    creations.computeIfAbsent(def.creationKey(), k -> new ArrayList<>()).add(def);
                }
            }
            Set<CommDef> handled = Collections.newSetFromMap(new IdentityHashMap<>());
            for (Map.Entry<String, List<CommDef>> creation : creations.entrySet()) {
                if (create(creation.getKey(), creation.getValue())) {
                    handled.addAll(creation.getValue());
                    progress = true;
                }
            }
            pending.removeIf(handled::contains);
        }
        halves.checkPaired();
        for (CommDef def : pending) {
            if (def.used) {
                throw new TraceFormatException(def.where + " makes a communicator from the one " + def.parent.where
                        + " makes, which the traces do not resolve: the traces are incomplete.");
            }
        }
    }

    /** Resolves one creation; false when it must wait (an intercommunicator's peer or other half). */
    private boolean create(String key, List<CommDef> defs) throws TraceFormatException {
        CommDef first = defs.getFirst();
        if (first.parent.remote != null && first.kind != CommDef.Kind.DUP && first.kind != CommDef.Kind.MERGE) {
            return fail(defs, "from an intercommunicator, which critpath follows only through MPI_Comm_dup and MPI_Intercomm_merge");
        }
        switch (first.kind) {
            case DUP -> {
                for (CommDef def : defs) {
                    def.identity = key;
                    def.local = def.parent.local;
                    def.unordered = def.parent.unordered;
                    def.remote = def.parent.remote;
                    def.remoteUnordered = def.parent.remoteUnordered;
                }
                observe(defs);
            }
            case SPLIT -> split(key, defs);
            case CREATE -> {
                return createFromGroups(key, defs);
            }
            case CART, GRAPH -> {
                int[] members = byParentPosition(defs);
                boolean reorder = defs.stream().anyMatch(d -> d.reorder);
                for (CommDef def : defs) {
                    def.identity = key;
                    def.local = members;
                    def.unordered = reorder ? first.where + " let the MPI reorder the ranks and not every member recorded its MPI_Comm_rank"
                            : first.parent.unordered;
                }
                observe(defs);
            }
            case CART_SUB -> {
                return cartSub(key, defs);
            }
            case INTERCOMM -> {
                return halves.offer(key, defs);
            }
            case MERGE -> {
                return merge(key, defs);
            }
            default -> throw new IllegalStateException(first.kind + " is never pending");
        }
        return true;
    }

    private void split(String key, List<CommDef> defs) throws TraceFormatException {
        Map<Integer, List<CommDef>> byColor = new TreeMap<>();
        for (CommDef def : defs) {
            byColor.computeIfAbsent(def.color, c -> new ArrayList<>()).add(def);
        }
        for (Map.Entry<Integer, List<CommDef>> color : byColor.entrySet()) {
            List<CommDef> members = new ArrayList<>(color.getValue());
            int[] inParent = positions(members.getFirst().parent.local);
            members.sort(Comparator.<CommDef>comparingInt(d -> d.key).thenComparingInt(d -> inParent[d.rank]));
            boolean ties = members.stream().map(d -> d.key).distinct().count() < members.size();
            int[] local = members.stream().mapToInt(d -> d.rank).toArray();
            for (CommDef def : members) {
                def.identity = key + "." + color.getKey();
                def.local = local;
                def.unordered = ties ? members.getFirst().parent.unordered : null;
            }
            observe(members);
        }
    }

    private boolean createFromGroups(String key, List<CommDef> defs) throws TraceFormatException {
        Map<String, List<CommDef>> byGroup = new LinkedHashMap<>();
        Map<String, int[]> groups = new LinkedHashMap<>();
        for (CommDef def : defs) {
            int[] members;
            try {
                members = def.group.members();
            } catch (GroupDef.UnknownMembers e) {
                return failAt(def, defs, "with a group whose members the traces cannot tell: " + e.getMessage());
            }
            String name = Arrays.toString(members);
            byGroup.computeIfAbsent(name, k -> new ArrayList<>()).add(def);
            groups.put(name, members);
        }
        for (Map.Entry<String, List<CommDef>> group : byGroup.entrySet()) {
            int[] members = groups.get(group.getKey());
            List<CommDef> views = group.getValue();
            int[] ranks = views.stream().mapToInt(d -> d.rank).sorted().toArray();
            if (members.length == 0 || !Arrays.equals(ranks, Arrays.stream(members).sorted().toArray())) {
                throw new TraceFormatException(views.getFirst().where + " makes a communicator of world ranks " + group.getKey()
                        + " but ranks " + Arrays.toString(ranks) + " got it: the traces do not belong to one run.");
            }
            for (CommDef def : views) {
                def.identity = key + ".g" + members[0];
                def.local = members;
            }
            observe(views);
        }
        return true;
    }

    private boolean cartSub(String key, List<CommDef> defs) throws TraceFormatException {
        CommDef cart = defs.getFirst().parent;
        if (cart.dims == null) {
            return fail(defs, "from a communicator without a Cartesian grid");
        }
        if (cart.unordered != null) {
            return fail(defs, "from a grid whose rank order the traces do not tell (" + cart.unordered + ")");
        }
        Map<Integer, List<CommDef>> byColor = new TreeMap<>();
        Map<CommDef, Integer> subPosition = new LinkedHashMap<>();
        int[] inCart = positions(cart.local);
        for (CommDef def : defs) {
            int[] coords = CartGrid.coords(inCart[def.rank], def.parent.dims);
            int[] remain = def.dims;
            byColor.computeIfAbsent(CartGrid.index(coords, def.parent.dims, remain, false), c -> new ArrayList<>()).add(def);
            subPosition.put(def, CartGrid.index(coords, def.parent.dims, remain, true));
        }
        for (Map.Entry<Integer, List<CommDef>> color : byColor.entrySet()) {
            List<CommDef> members = new ArrayList<>(color.getValue());
            members.sort(Comparator.comparingInt(subPosition::get));
            int[] local = members.stream().mapToInt(d -> d.rank).toArray();
            for (CommDef def : members) {
                def.identity = key + "." + color.getKey();
                def.local = local;
                def.dims = CartGrid.kept(def.parent.dims, def.dims);
            }
            observe(members);
        }
        return true;
    }

    private boolean merge(String key, List<CommDef> defs) throws TraceFormatException {
        CommDef first = defs.getFirst();
        if (first.parent.remote == null) {
            return fail(defs, "by merging an intracommunicator");
        }
        int firstSide = first.parent.local[0];
        boolean firstHigh = first.color != 0;
        boolean otherHigh = defs.stream().filter(d -> d.parent.local[0] != firstSide).findFirst().map(d -> d.color != 0).orElse(!firstHigh);
        boolean firstLow = !firstHigh || otherHigh;
        int[] low = firstLow ? first.parent.local : first.parent.remote;
        int[] high = firstLow ? first.parent.remote : first.parent.local;
        int[] members = new int[low.length + high.length];
        System.arraycopy(low, 0, members, 0, low.length);
        System.arraycopy(high, 0, members, low.length, high.length);
        String unordered = firstHigh == otherHigh
                ? first.where + " gave both groups the same high, which leaves their order to the MPI, and not every member recorded its MPI_Comm_rank"
                : first.parent.unordered != null ? first.parent.unordered : first.parent.remoteUnordered;
        for (CommDef def : defs) {
            def.identity = key;
            def.local = members;
            def.unordered = unordered;
        }
        observe(defs);
        return true;
    }

    /** The members sorted by their position in the parent (world rank order when the parent's is not known). */
    private static int[] byParentPosition(List<CommDef> defs) {
        int[] inParent = positions(defs.getFirst().parent.local);
        return defs.stream().sorted(Comparator.comparingInt(d -> inParent[d.rank])).mapToInt(d -> d.rank).toArray();
    }

    /** The position of each world rank among the members (indexed by world rank; -1 for others). */
    private static int[] positions(int[] members) {
        int[] positions = new int[Arrays.stream(members).max().orElse(-1) + 1];
        Arrays.fill(positions, -1);
        for (int i = 0; i < members.length; i++) {
            positions[members[i]] = i;
        }
        return positions;
    }

    /**
     * Where every member recorded its MPI_Comm_rank on the communicator, those ranks give the order
     * (for reordered grids and merges whose order MPI leaves open); where the order is known, a
     * recorded rank that differs means the traces disagree.
     */
    private static void observe(List<CommDef> defs) throws TraceFormatException {
        CommDef first = defs.getFirst();
        int[] byObserved = new int[first.local.length];
        Arrays.fill(byObserved, -1);
        boolean complete = defs.size() == first.local.length;
        for (CommDef def : defs) {
            int observed = def.observedRank;
            if (observed >= 0 && first.unordered == null && observed < def.local.length && def.local[observed] != def.rank) {
                throw new TraceFormatException(def.where + " makes a communicator in which world rank " + def.rank + " recorded rank "
                        + observed + " by MPI_Comm_rank, but its making gives rank " + def.position() + ": the traces do not belong to one run.");
            }
            if (observed < 0 || observed >= byObserved.length || byObserved[observed] >= 0) {
                complete = false;
            } else {
                byObserved[observed] = def.rank;
            }
        }
        if (first.unordered != null && complete) {
            for (CommDef def : defs) {
                def.local = byObserved;
                def.unordered = null;
            }
        }
    }

    /** Like {@link #fail}, naming the view at fault when any view of the creation is used. */
    private static boolean failAt(CommDef at, List<CommDef> defs, String why) throws TraceFormatException {
        if (defs.stream().anyMatch(d -> d.used)) {
            throw new TraceFormatException(at.where + " makes a communicator " + why + ".");
        }
        return false;
    }

    private static boolean fail(List<CommDef> defs, String why) throws TraceFormatException {
        for (CommDef def : defs) {
            if (def.used) {
                throw new TraceFormatException(def.where + " makes a communicator " + why + ".");
            }
        }
        return false;
    }
}
