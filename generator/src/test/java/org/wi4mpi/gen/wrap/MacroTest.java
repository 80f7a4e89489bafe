package org.wi4mpi.gen.wrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.wi4mpi.gen.wrap.WrapFixtures.bare;

import org.junit.jupiter.api.Test;

/** Each macro's output on small inputs (-s output of Open MPI, so only what the text evaluates to). */
class MacroTest {

    private static String each(String function, String body) {
        return bare("{{foreachfn f " + function + "}}" + body + "{{endforeachfn}}");
    }

    @Test
    void functionValues() {
        assertEquals("MPI_Send|int|buf, count, datatype, dest, tag, comm|6", each("MPI_Send", "{{f}}|{{ret_type}}|{{args}}|{{nargs}}"));
        assertEquals("const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm",
                each("MPI_Send", "{{formals}}"));
        assertEquals("const void*, int, MPI_Datatype, int, int, MPI_Comm", each("MPI_Send", "{{types}}"));
        assertEquals("(buf, count, datatype, dest, tag, comm)|(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)",
                each("MPI_Send", "{{argList}}|{{argTypeList}}"));
        assertEquals("double|double|0", each("MPI_Wtime", "{{retType}}|{{ret_type}}|{{nargs}}"));
    }

    @Test
    void listIndexingAndNumbers() {
        assertEquals("count|dest|comm|comm|count", each("MPI_Send", "{{args 1}}|{{3}}|{{args -1}}|{{get_arg 5}}|{{1}}"));
        assertEquals("MPI_Comm comm|MPI_Datatype", each("MPI_Send", "{{formals 5}}|{{types 2}}"));
    }

    @Test
    void arrayParametersArePointers() {
        assertEquals("MPI_Group group, int n, int (*ranges)[3], MPI_Group *newgroup|int(*)[3]",
                each("MPI_Group_range_incl", "{{formals}}|{{types 2}}"));
        assertEquals("const int level, ...|const int, |level|1", each("MPI_Pcontrol", "{{formals}}|{{types}}|{{args}}|{{nargs}}"));
    }

    @Test
    void subZipListFilter() {
        assertEquals("NQJ_Send", each("MPI_Send", "{{sub {{f}} ^MPI_ NQJ_}}"));
        assertEquals("const void*, FOO, MPI_Datatype, FOO, FOO, MPI_Comm", each("MPI_Send", "{{sub {{types}} ^int$ FOO}}"));
        assertEquals("Send-MPI", bare("{{sub MPI_Send '(\\w+)_(\\w+)' '\\2-\\g<1>'}}"));
        // As Python's re.sub: '.*' also matches the empty string at the end, and an empty match next to a
        // replaced one is replaced too.
        assertEquals("intint buf, intint count", each("MPI_Send", "{{zip {{sub {{types}} '.*' int}} {{list buf count}}}}"));
        assertEquals("-a-b--d-", bare("{{sub abxd x* -}}"));
        assertEquals("new, buf, count, datatype, dest, tag, comm, last", each("MPI_Send", "{{list new {{args}} last}}"));
        assertEquals("MPI_Datatype datatype, MPI_Comm comm", each("MPI_Send", "{{filter '^MPI_' {{formals}}}}"));
        assertEquals("a, b", bare("{{list a b}}"));
    }

    @Test
    void defLivesInTheScopeItIsMadeIn() {
        assertEquals("\nNQJ_Send NQJ_Send\n", each("MPI_Send", "{{def n {{sub {{f}} MPI_ NQJ_}}}}\n{{n}} {{n}}\n"));
        assertEquals("count", each("MPI_Send", "{{def l {{args}}}}{{l 1}}"));
        // Every top-level piece has a scope of its own: a def there is gone for the next piece.
        WrapException e = assertThrows(WrapException.class, () -> bare("{{def x 1}}{{x}}"));
        assertEquals("a.w:1: {{x}} is no macro or value defined here.", e.getMessage());
    }

    @Test
    void loopVariableIsTheOnlyNameOfTheFunction() {
        WrapException e = assertThrows(WrapException.class, () -> each("MPI_Send", "{{fn_name}}"));
        assertEquals("a.w:1: {{fn_name}} is no macro or value defined here (in the body for MPI_Send).", e.getMessage());
    }

    @Test
    void applyToType() {
        assertEquals("check(comm);\n", each("MPI_Send", "{{applyToType MPI_Comm check}}"));
        assertEquals("f(count);\nf(dest);\nf(tag);\n", each("MPI_Send", "{{apply_to_type int f}}"));
        assertEquals("g(ranges);\n", each("MPI_Group_range_incl", "{{applyToType int(*)[3] g}}"));
        // wrap.py's spellings of the same parameters.
        assertEquals("g(ranges);\n", each("MPI_Group_range_incl", "{{applyToType int[][3] g}}"));
        assertEquals("h(array_of_statuses);\n", each("MPI_Waitall", "{{applyToType MPI_Status[] h}}"));
        assertEquals("h(array_of_statuses);\n", each("MPI_Waitall", "{{applyToType 'MPI_Status *' h}}"));
    }

    @Test
    void fnNumCountsAcrossFilesAndFilenoNamesTheFile() {
        String out = WrapFixtures.generate("openmpi", WrapFixtures.options(false, false, true, false),
                "{{fn_num}}{{fn_num}}{{fileno}}", "{{fn_num}}{{fileno}}");
        assertEquals("01021", out);
    }

    @Test
    void foreachKeepsOrderAndForallSortsAndExcludes() {
        assertEquals("MPI_Recv MPI_Send ", bare("{{foreachfn f MPI_Recv MPI_Send}}{{f}} {{endforeachfn}}"));
        String all = bare("{{forallfn f MPI_Send}}{{f}}\n{{endforallfn}}");
        assertEquals(349, all.lines().count());
        assertEquals("MPI_Abort", all.lines().findFirst().orElseThrow());
        assertEquals(false, all.contains("MPI_Send\n"));
    }

    @Test
    void macroFaults() {
        assertEquals("a.w:1: {{sub}} takes 3 arguments, not 2.", fault("{{sub a b}}"));
        assertEquals("a.w:1: argument 2 of {{zip}} must be a list, not 'b'.", fault("{{zip {{list a}} b}}"));
        assertEquals("a.w:1: {{fn}} names MPI_Foo, which is not an MPI function of the openmpi ABI that wrappers can cover.",
                fault("{{fn f MPI_Foo}}{{endfn}}"));
        assertEquals("a.w:1: {{foreachfn}} names MPI_Comm_spawn, which is not an MPI function of the openmpi ABI that wrappers can cover.",
                fault("{{foreachfn f MPI_Comm_spawn}}{{endforeachfn}}"));
        assertEquals("a.w:1: {{forallfn}} needs the name of its loop variable.", fault("{{forallfn}}{{endforallfn}}"));
        assertEquals("a.w:2: index 6 is out of range for {{args}}, which has 6 items (in the body for MPI_Send).",
                fault("{{foreachfn f MPI_Send}}\n{{6}}{{endforeachfn}}"));
        assertEquals("a.w:1: '(' is no valid regular expression for {{filter}}: Unclosed group.",
                fault("{{filter ( {{list a}}}}"));
        assertEquals("a.w:1: {{callfn}} is no macro or value defined here (in the body for MPI_Send).",
                fault("{{foreachfn f MPI_Send}}{{callfn}}{{endforeachfn}}"));
    }

    private static String fault(String text) {
        return assertThrows(WrapException.class, () -> bare(text)).getMessage();
    }
}
