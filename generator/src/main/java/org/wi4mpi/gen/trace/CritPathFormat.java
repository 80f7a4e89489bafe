package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * The critPath.out text of the assignment: the path's vertices and edges in order, all fields
 * separated by one blank on one line. A vertex is its MPI function name and its rank (-1 for
 * MPI_Init, MPI_Finalize and collectives); an edge is the rounded weight in microseconds of a
 * computation edge or the byte count of a message edge.
 */
public final class CritPathFormat {

    private CritPathFormat() {
    }

    public static String format(CriticalPath path) {
        List<String> fields = new ArrayList<>();
        for (CriticalPath.Step step : path.steps()) {
            switch (step.edge()) {
                case NONE -> { }
                case COMPUTATION -> fields.add(Long.toString(Math.round(step.edgeUs())));
                case MESSAGE -> fields.add(Long.toString(step.bytes()));
            }
            fields.add(step.function());
            fields.add(Integer.toString(step.rank()));
        }
        return String.join(" ", fields) + "\n";
    }
}
