package org.wi4mpi.gen.render;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Adding an MPI function is a dictionary edit and a regeneration: a copy of the dictionaries without
 * MPI_Comm_idup gains it back, and the regenerated library exports it through the translating A_
 * function instead of the abort stub; the generated C compiles against the runtime.
 */
class AddFunctionTest {

    @TempDir
    Path work;

    private static final String CHOOSER_TO_A = "jmp     A_MPI_Comm_idup\n";
    private static final String CHOOSER_TO_ABORT = "jmp     wi_unsupported_MPI_Comm_idup\n";

    @Test
    void addedFunctionIsExportedAndTranslated() throws Exception {
        Path dictionaries = work.resolve("dictionaries");
        ScratchGeneration.copyDictionaries(dictionaries);
        removeCommIdup(dictionaries);

        Path before = ScratchGeneration.generateOpenMpiToMpich(dictionaries, work.resolve("before"));
        String chooserBefore = Files.readString(before.resolve("wi_chooser.S"));
        assertTrue(chooserBefore.contains(CHOOSER_TO_ABORT), "not yet translated: the stub aborts");
        assertFalse(chooserBefore.contains(CHOOSER_TO_A));

        addCommIdup(dictionaries);
        Path after = ScratchGeneration.generateOpenMpiToMpich(dictionaries, work.resolve("after"));
        String chooser = Files.readString(after.resolve("wi_chooser.S"));
        assertTrue(chooser.contains("MPI_Comm_idup:\n") && chooser.contains("PMPI_Comm_idup:\n"), "both symbols exported");
        assertTrue(chooser.contains(CHOOSER_TO_A), "the application is routed to the translation");
        assertFalse(chooser.contains(CHOOSER_TO_ABORT));

        String functions = Files.readString(after.resolve("wi_functions.c"));
        int start = functions.indexOf("WI_ENTRY(MPI_Comm_idup)(");
        assertTrue(start > 0, "the entries of MPI_Comm_idup rendered");
        String body = functions.substring(start, functions.indexOf("\n}\n", start));
        assertTrue(body.contains("R_MPI_Comm r_comm = wi_comm_a2r(comm);"), body);
        assertTrue(body.contains("R_MPI_Comm *r_newcomm = wi_pending_comm_slot(newcomm);"), body);
        assertTrue(body.contains("WI_TARGET(MPI_Comm_idup)(r_comm, r_newcomm, (request == NULL ? NULL : &r_request))"), body);
        assertTrue(body.contains("wi_pending_commit(r_newcomm, wi_ret == R_MPI_SUCCESS, r_request);"), body);
        assertTrue(body.contains("*request = wi_request_r2a(r_request);"), body);

        ScratchGeneration.assertCompiles(after.resolve("wi_functions.c"));
    }

    /** The state before the edit: the repository's dictionaries without MPI_Comm_idup. */
    private static void removeCommIdup(Path dictionaries) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path functionsFile = dictionaries.resolve("functions.json");
        ObjectNode root = (ObjectNode) json.readTree(functionsFile.toFile());
        ArrayNode functions = (ArrayNode) root.get("functions");
        for (int i = functions.size() - 1; i >= 0; i--) {
            if (functions.get(i).get("name").asText().equals("MPI_Comm_idup")) {
                functions.remove(i);
            }
        }
        json.writerWithDefaultPrettyPrinter().writeValue(functionsFile.toFile(), root);
        try (Stream<Path> lists = Files.list(dictionaries)) {
            for (Path list : lists.filter(p -> p.getFileName().toString().startsWith("func_list_")).toList()) {
                List<String> kept = Files.readAllLines(list).stream().filter(l -> !l.strip().equals("MPI_Comm_idup")).toList();
                Files.write(list, kept);
            }
        }
    }

    private void addCommIdup(Path dictionaries) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path functionsFile = dictionaries.resolve("functions.json");
        ObjectNode root = (ObjectNode) json.readTree(functionsFile.toFile());
        ObjectNode f = ((ArrayNode) root.get("functions")).addObject();
        f.put("name", "MPI_Comm_idup");
        f.put("returns", "int");
        ArrayNode args = f.putArray("args");
        args.addObject().put("name", "comm").put("type", "MPI_Comm").put("role", "comm").put("dir", "in");
        args.addObject().put("name", "newcomm").put("type", "MPI_Comm *").put("role", "pending_comm").put("dir", "out");
        args.addObject().put("name", "request").put("type", "MPI_Request *").put("role", "request").put("dir", "out");
        json.writerWithDefaultPrettyPrinter().writeValue(functionsFile.toFile(), root);
        for (String family : List.of("openmpi", "mpich")) {
            Files.writeString(dictionaries.resolve("func_list_" + family + ".txt"), "MPI_Comm_idup\n",
                    StandardOpenOption.APPEND);
        }
    }



}
