package org.wi4mpi.tests.dumpi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/tracing.md's section on the fidelity check names every program the check leaves out, for all pairs,
 * for Open MPI, for the cross pairs or for two ranks, so the documented list cannot drift from
 * {@link FidelityPrograms}.
 */
class FidelityDocumentationTest {

    @Test
    void everyExclusionIsDocumented() throws IOException {
        Path doc = Path.of(System.getProperty("user.dir")).resolve("../docs/tracing.md");
        String text = Files.readString(doc);
        int start = text.indexOf("### The fidelity check");
        assertTrue(start >= 0, doc + " has no section 'The fidelity check'");
        String section = text.substring(start);
        List<String> names = new ArrayList<>();
        names.addAll(FidelityPrograms.EXCLUDED.keySet());
        names.addAll(FidelityPrograms.EXCLUDED_OPENMPI.keySet());
        names.addAll(FidelityPrograms.CROSS_EXCLUDED.keySet());
        names.addAll(FidelityPrograms.ONE_RANK_ONLY.keySet());
        for (String name : names)
            assertTrue(section.contains("`" + name + "`") || section.contains("`" + name + ".c`"),
                    () -> "docs/tracing.md, 'The fidelity check', does not name " + name);
    }
}
