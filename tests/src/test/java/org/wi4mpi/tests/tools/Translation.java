package org.wi4mpi.tests.tools;

import java.util.ArrayList;
import java.util.List;
import org.wi4mpi.tests.MpiFamily;
import org.wi4mpi.tests.SuiteConfig;
import org.wi4mpi.tests.TranslationPair;

/**
 * A program built for one ABI run on a target MPI through wi4mpi: a pair of families, or interface mode
 * (the standard ABI) onto a family. Says which tool goes in each position and which native run its counts
 * are compared with.
 */
record Translation(ToolAbi application, MpiFamily target) {

    /** Where a tool is loaded, and the launcher option that loads it there. */
    enum Position {
        ABOVE("--tool"),
        BELOW("--tool-target");

        final String option;

        Position(String option) {
            this.option = option;
        }
    }

    /** Every pair of the configuration, then interface mode onto each of its families. */
    static List<Translation> all(SuiteConfig config) {
        List<Translation> all = new ArrayList<>();
        for (TranslationPair pair : config.pairs())
            all.add(new Translation(ToolAbi.of(pair.from()), pair.to()));
        for (MpiFamily target : config.families())
            all.add(new Translation(ToolAbi.STANDARD, target));
        return all;
    }

    String label() {
        return application.id() + "→" + target.id();
    }

    /** Above: the tool built for the application's ABI; below: the one built for the target. */
    ToolAbi toolAbi(Position position) {
        return position == Position.ABOVE ? application : ToolAbi.of(target);
    }

    /**
     * The family whose native run the tool's counts equal: the tool's own; for the standard-ABI tool, which
     * has no native run, the target's (the same program, the same calls).
     */
    MpiFamily reference(Position position) {
        ToolAbi tool = toolAbi(position);
        return tool == ToolAbi.STANDARD ? target : tool.family();
    }
}
