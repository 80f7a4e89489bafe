package org.wi4mpi.gen.tracetool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Faults of dumpi-fields.txt entries: one sentence naming the entry. */
class FieldSourceTableTest {

    @Test
    void aFieldWhoseSourceNamesNoParameterFailsNamingFunctionFieldAndLine() throws java.io.IOException {
        String text = shipped() + "MPI_Send  count  length\n";
        long line = text.lines().count();
        FieldSourceTable table = FieldSourceTable.parse("bad.txt", text);
        TraceToolException e = assertThrows(TraceToolException.class, () -> TraceToolFixtures.build("openmpi", table));
        assertEquals("MPI_Send: DUMPI field 'count' cannot be mapped: no parameter 'length' (bad.txt line " + line + ").",
                e.getMessage());
    }

    @Test
    void aFieldWithoutLineAndWithoutParameterOfItsNameFailsToo() {
        // Without the table, the first labelled function (by name) whose field names no parameter.
        FieldSourceTable table = FieldSourceTable.parse("empty.txt", "");
        TraceToolException e = assertThrows(TraceToolException.class, () -> TraceToolFixtures.build("mpich", table));
        assertEquals("MPI_Accumulate: DUMPI field 'origincount' cannot be mapped: no parameter 'origincount' (the field's own name).",
                e.getMessage());
    }

    @Test
    void malformedLinesFailWithFileAndLine() {
        assertEquals("f.txt line 1: 'MPI_Send count' is not '<function> <field> <source> [if:<condition>]'.",
                assertThrows(TraceToolException.class, () -> FieldSourceTable.parse("f.txt", "MPI_Send count\n")).getMessage());
        assertEquals("f.txt line 2: 'bogus' is no conversion of dumpi-constants.txt.",
                assertThrows(TraceToolException.class,
                        () -> FieldSourceTable.parse("f.txt", "\nMPI_Send count count/bogus\n")).getMessage());
        assertEquals("f.txt line 1: '@commrank(comm,root)' takes 1 argument.",
                assertThrows(TraceToolException.class,
                        () -> FieldSourceTable.parse("f.txt", "MPI_Gather commrank @commrank(comm,root)\n")).getMessage());
        assertEquals("f.txt line 2: MPI_Send count has a source already (f.txt line 1).",
                assertThrows(TraceToolException.class,
                        () -> FieldSourceTable.parse("f.txt", "MPI_Send count count\nMPI_Send count count\n")).getMessage());
    }

    @Test
    void aLineNoFunctionUsesFails() throws java.io.IOException {
        FieldSourceTable table = FieldSourceTable.parse("shipped.txt", shipped());
        for (String family : java.util.List.of("openmpi", "mpich", "standard")) {
            TraceToolFixtures.build(family, table);
        }
        table.requireAllUsed(); // every line of the shipped table is used by some family
        FieldSourceTable extended = FieldSourceTable.parse("extra.txt", shipped() + "MPI_Send colour count\n");
        for (String family : java.util.List.of("openmpi", "mpich", "standard")) {
            TraceToolFixtures.build(family, extended);
        }
        TraceToolException e = assertThrows(TraceToolException.class, extended::requireAllUsed);
        assertEquals(true, e.getMessage().startsWith("extra.txt line "), e.getMessage());
        assertEquals(true, e.getMessage().endsWith(": no function takes its field 'colour' from this line (no DUMPI record of MPI_Send has that field)."),
                e.getMessage());
    }

    private static String shipped() throws java.io.IOException {
        try (var in = FieldSourceTable.class.getResourceAsStream(FieldSourceTable.RESOURCE)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
