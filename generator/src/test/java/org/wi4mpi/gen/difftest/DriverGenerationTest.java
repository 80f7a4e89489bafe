package org.wi4mpi.gen.difftest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.wi4mpi.gen.cli.Main;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** wi4mpi-gen difftest on the fixture dictionary (test resources dict/base) and a small edge table. */
class DriverGenerationTest {

    static Path root() {
        for (Path q = Path.of(System.getProperty("wi4mpi.root", ".")).toAbsolutePath(); q != null; q = q.getParent()) {
            if (Files.isDirectory(q.resolve("dictionaries")) && Files.isDirectory(q.resolve("templates"))) return q;
        }
        throw new IllegalStateException("no repository root above " + System.getProperty("user.dir"));
    }

    static Path resource(String name) throws URISyntaxException {
        return Path.of(DriverGenerationTest.class.getResource("/" + name).toURI());
    }

    /** The fixture dictionaries with the repository's Open MPI descriptor next to them. */
    private static Path dictionaries(Path dir) throws Exception {
        Path d = dir.resolve("dict");
        Files.createDirectories(d.resolve("abi"));
        try (var files = Files.list(resource("dict/base"))) {
            for (Path f : files.toList()) Files.copy(f, d.resolve(f.getFileName()));
        }
        Files.copy(root().resolve("dictionaries/abi/openmpi.json"), d.resolve("abi/openmpi.json"));
        return d;
    }

    /** A valid error_codes section, for tables broken elsewhere. */
    private static final String ERROR_CODES = "\"error_codes\": {\"success\": \"MPI_SUCCESS\", \"classes\": \"MPI_ERR_\","
            + " \"tool_classes\": \"MPI_T_ERR_\"}";

    private static String generate(Path dir, Path edges) throws Exception {
        int rc = Main.execute("difftest", "--family", "openmpi", "--dictionaries", dictionaries(dir).toString(),
                "--templates", root().resolve("templates").toString(), "--edges", edges.toString(),
                "-o", dir.resolve("out").toString());
        assertEquals(0, rc, "wi4mpi-gen difftest failed");
        return Files.readString(dir.resolve("out/difftest_openmpi.c"));
    }

    @Test
    void everyEdgeValueIsOneCaseNumberedFromTheBaseCase(@TempDir Path dir) throws Exception {
        String c = generate(dir, resource("difftest/edges.json"));
        // MPI_Send: base, buf=MPI_IN_PLACE, count 0 and -1, then datatype, dest, tag, comm edges in argument order.
        assertTrue(c.contains("dt_begin(\"MPI_Send\", 0, \"base\");"), "base case of MPI_Send");
        assertTrue(c.contains("dt_begin(\"MPI_Send\", 1, \"buf=MPI_IN_PLACE\");"), "pointer edge of the buffer");
        assertTrue(c.contains("dt_begin(\"MPI_Send\", 2, \"count=0\");"));
        assertTrue(c.contains("dt_begin(\"MPI_Send\", 3, \"count=-1\");"));
        assertTrue(c.contains("dt_begin(\"MPI_Send\", 5, \"dest=0\");"));
        assertTrue(c.contains("dt_begin(\"MPI_Send\", 6, \"dest=MPI_ANY_SOURCE\");"));
        assertTrue(c.contains("dt_skip(\"MPI_Send\", 7, \"dest=MPI_NOT_A_CONSTANT\", \"MPI_NOT_A_CONSTANT not in openmpi's mpi.h\");"),
                "a constant the family lacks keeps its case number, skipped");
        assertTrue(c.contains("dt_begin(\"MPI_Send\", 9, \"comm=MPI_COMM_NULL\");"));
        assertTrue(c.contains("(MPI_Send)(MPI_IN_PLACE, 1, MPI_INT, MPI_PROC_NULL, 0, fx_comm);"),
                "the buffer's pointer edge with every other argument at its base value");
        // The base communicator is a fixture created and freed around the call.
        assertTrue(c.contains("{ MPI_Comm_dup(MPI_COMM_SELF, &fx_comm); }"));
        assertTrue(c.contains("{ if (dt_user_MPI_Comm(fx_comm)) MPI_Comm_free(&fx_comm); }"));
        // MPI_Recv: source=0 is skipped by the override, the status gets its MPI_STATUS_IGNORE case and is logged.
        assertFalse(c.contains("\"source=0\""), "the override drops source=0");
        assertTrue(c.contains("dt_begin(\"MPI_Recv\", 4, \"source=MPI_ANY_SOURCE\");"));
        assertTrue(c.contains("dt_begin(\"MPI_Recv\", 9, \"status=MPI_STATUS_IGNORE\");"));
        assertTrue(c.contains("(MPI_Recv)(st_buf + DT_GUARDB, 1, MPI_INT, MPI_PROC_NULL, 0, fx_comm, MPI_STATUS_IGNORE);"));
        assertTrue(c.contains("dt_rec_status(\"status\", &st_status[0]);"), "the status is logged field by field");
        assertTrue(c.contains("dt_canary(st_status, sizeof st_status);"), "outputs are filled with the canary first");
        assertTrue(c.contains("dt_guard(\"status\", st_status, (1) * sizeof st_status[0], sizeof st_status);"),
                "the canary after the status is checked");
        assertTrue(c.contains("{\"MPI_Waitall\", \"left out to check the not-driven list\"},"), "not-driven list with its reason");
        assertFalse(c.contains("dt_begin(\"MPI_Waitall\""));
        assertTrue(c.contains("if (v == MPI_COMM_WORLD) return \"predefined:MPI_COMM_WORLD\";"), "predefined handles are named");
        assertFalse(c.contains("dt_pre_"), "MPI_Send's base case needs a communicator created by MPI: not run before MPI_Init");
    }

    private static String failure(Path dir, String edgesText) throws Exception {
        Path edges = dir.resolve("edges.json");
        Files.writeString(edges, edgesText);
        Path dict = dictionaries(dir);
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true));
        int rc;
        try {
            rc = Main.execute("difftest", "--family", "openmpi", "--dictionaries", dict.toString(),
                    "--templates", root().resolve("templates").toString(), "--edges", edges.toString(),
                    "-o", dir.resolve("out").toString());
        } finally {
            System.setErr(saved);
        }
        assertEquals(2, rc);
        assertFalse(Files.exists(dir.resolve("out/difftest_openmpi.c")), "nothing is written from a malformed table");
        return err.toString().strip();
    }

    @Test
    void anUnknownFixtureIsOneSentenceNamingFileAndEntry(@TempDir Path dir) throws Exception {
        assertEquals("wi4mpi-gen: edges.json: roles.comm.by_dir.in: '@comm_dupp' names no fixture (fixtures: comm_dup)",
                failure(dir, """
                        {"fixtures": {"comm_dup": {"type": "MPI_Comm", "create": "x", "free": "y"}},
                         "roles": {"comm": {"by_dir": {"in": {"base": "@comm_dupp"}}}}, %s}
                        """.formatted(ERROR_CODES)));
    }

    @Test
    void anUnknownFieldIsOneSentenceNamingFileAndEntry(@TempDir Path dir) throws Exception {
        assertEquals("wi4mpi-gen: edges.json: roles.rank: unknown field 'egdes' (allowed: base, by_dir, by_name, by_type, cleanup, edges, pointer_edges)",
                failure(dir, "{\"roles\": {\"rank\": {\"base\": \"0\", \"egdes\": [\"1\"]}}, " + ERROR_CODES + "}"));
    }

    @Test
    void theErrorCodesAreNamedByTheTable(@TempDir Path dir) throws Exception {
        assertEquals("wi4mpi-gen: edges.json: error_codes: must be a JSON object",
                failure(dir, "{\"roles\": {\"rank\": {\"base\": \"0\"}}}"));
        EdgeTable.ErrorCodes codes = EdgeTable.load(root().resolve("tests/differential/edges.json")).errorCodes();
        assertTrue(codes.isClass("MPI_SUCCESS") && codes.isClass("MPI_ERR_COMM") && !codes.isClass("MPI_ERR_LASTCODE"));
        assertTrue(codes.isToolClass("MPI_T_ERR_INVALID") && !codes.isToolClass("MPI_ERR_COMM"));
        assertFalse(codes.isClass("MPI_T_ERR_INVALID"));
    }

    @Test
    void aNotDrivenEntryNeedsItsReason(@TempDir Path dir) throws Exception {
        assertEquals("wi4mpi-gen: edges.json: not_driven.MPI_Abort: must be a non-empty string giving the reason",
                failure(dir, "{\"not_driven\": {\"MPI_Abort\": \"\"}, " + ERROR_CODES + "}"));
    }

    @Test
    void brokenJsonNamesTheFileAndPosition(@TempDir Path dir) throws Exception {
        String message = failure(dir, "{\"roles\": {\"rank\": {\"base\": \"0\",}}}");
        assertTrue(message.startsWith("wi4mpi-gen: edges.json:1:"), message);
        assertEquals(1, message.lines().count(), message);
    }

    @Test
    void theRepositoryTableLoads() {
        EdgeTable table = EdgeTable.load(root().resolve("tests/differential/edges.json"));
        assertTrue(table.roles().containsKey("comm"));
        assertTrue(table.notDriven().containsKey("MPI_Abort"));
    }
}
