package org.wi4mpi.gen.trace;

import java.io.IOException;
import java.io.Writer;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The task graph in Graphviz DOT: one cluster per rank holding its operations (a chain per thread), MPI_Init,
 * MPI_Finalize and the collectives outside the clusters, message edges dashed and labelled with their
 * byte count in parentheses, computation edges with their rounded microseconds; the vertices and edges
 * of the critical path in red.
 */
final class DotWriter {

    private static final String PATH_STYLE = "color=red, fontcolor=red, penwidth=2.5";

    private final TaskGraph graph;
    private final Set<String> pathNodes = new HashSet<>();
    private final Set<String> pathEdges = new HashSet<>();

    DotWriter(TaskGraph graph, CriticalPath path) {
        this.graph = graph;
        List<CriticalPath.Step> steps = path.steps();
        for (int i = 0; i < steps.size(); i++) {
            pathNodes.add(steps.get(i).node());
            if (i > 0) {
                pathEdges.add(edgeKey(steps.get(i - 1).node(), steps.get(i).node(), steps.get(i).edgeRank()));
            }
        }
    }

    void write(Writer out) throws IOException {
        out.write("digraph critpath {\n  rankdir=TB;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
                + "  edge [fontname=\"Helvetica\", fontsize=10];\n");
        String init = graph.ranks().isEmpty() ? "MPI_Init" : graph.ranks().getFirst().initName;
        node(out, "  ", TaskGraph.INIT_NODE, init + " -1");
        node(out, "  ", TaskGraph.FINALIZE_NODE, "MPI_Finalize -1");
        for (int c = 0; c < graph.collectives().instances.size(); c++) {
            node(out, "  ", TaskGraph.collectiveNode(c), graph.collectives().instances.get(c).name + " -1");
        }
        for (RankTimeline rank : graph.ranks()) {
            out.write("  subgraph cluster_rank" + rank.rank + " {\n    label=\"rank " + rank.rank + "\";\n    color=gray;\n");
            for (int slot = 0; slot < rank.size(); slot++) {
                if (rank.collective(slot) == RankTimeline.NOT_COLLECTIVE) {
                    node(out, "    ", TaskGraph.node(rank.rank, slot), rank.name(slot) + " " + rank.rank);
                }
            }
            out.write("  }\n");
        }
        for (RankTimeline rank : graph.ranks()) {
            for (int slot = 0; slot < rank.size(); slot++) {
                int before = rank.previous(slot);
                long previousEnd = before < 0 ? rank.initEnd : rank.end(before);
                edge(out, before < 0 ? TaskGraph.INIT_NODE : graph.slotNode(rank, before), graph.slotNode(rank, slot),
                        micros(rank.start(slot) - previousEnd), rank.rank);
            }
            for (int last : LongestPath.lastSlots(rank)) {
                long end = last < 0 ? rank.initEnd : rank.end(last);
                edge(out, last < 0 ? TaskGraph.INIT_NODE : graph.slotNode(rank, last), TaskGraph.FINALIZE_NODE,
                        micros(rank.finalizeStart - end), rank.rank);
            }
        }
        for (RankTimeline rank : graph.ranks()) {
            for (int slot = 0; slot < rank.size(); slot++) {
                for (int k = 0; k < graph.incoming().count(rank.rank, slot); k++) {
                    Messages.Send send = graph.incoming().get(rank.rank, slot, k);
                    edge(out, TaskGraph.node(send.rank(), send.slot()), TaskGraph.node(rank.rank, slot), "(" + send.bytes() + ")", -1);
                }
            }
        }
        out.write("}\n");
    }

    private static String micros(long nanos) {
        return Long.toString(Math.round(Math.max(0, nanos) / 1000.0));
    }

    private void node(Writer out, String indent, String id, String label) throws IOException {
        out.write(indent + id + " [label=\"" + label + "\"" + (pathNodes.contains(id) ? ", " + PATH_STYLE : "") + "];\n");
    }

    /** A computation edge is told apart by its rank (two ranks may go from one collective to the next). */
    private static String edgeKey(String from, String to, int rank) {
        return from + ">" + to + "@" + rank;
    }

    /** An edge; rank is the rank of a computation edge, -1 for a message edge. */
    private void edge(Writer out, String from, String to, String label, int rank) throws IOException {
        StringBuilder attributes = new StringBuilder("label=\"" + label + "\"");
        if (rank < 0) {
            attributes.append(", style=dashed");
        }
        if (pathEdges.contains(edgeKey(from, to, rank))) {
            attributes.append(", ").append(PATH_STYLE);
        }
        out.write(String.format(Locale.ROOT, "  %s -> %s [%s];%n", from, to, attributes));
    }
}
