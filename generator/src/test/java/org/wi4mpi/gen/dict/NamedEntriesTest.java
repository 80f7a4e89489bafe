package org.wi4mpi.gen.dict;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The list files (hooks.json, callbacks.json, functions.json) name a broken entry by its name or its place. */
class NamedEntriesTest {

    private static JsonNode json(String text) throws Exception {
        return new ObjectMapper().readTree(text);
    }

    @Test
    void aTopLevelWithoutTheListIsOneSentence() throws Exception {
        Problems problems = new Problems();
        assertEquals(Map.of(), HooksFile.read(json("{\"hook\": []}"), problems));
        assertEquals(List.of("hooks.json: the top level must be an object with a 'hooks' array"), problems.sentences());
    }

    @Test
    void aListThatIsNoArrayIsNamedWithWhatItIs() throws Exception {
        Problems problems = new Problems();
        assertNull(NamedEntries.topLevelArray(json("{\"hooks\": 3}"), "hooks.json", "hooks", List.of("hooks"), problems));
        assertEquals(List.of("hooks.json: 'hooks' must be an array, not a number (3)"), problems.sentences());
    }

    @Test
    void entriesAreNamedByNameOrPlace() throws Exception {
        Problems problems = new Problems();
        Map<String, CallbackSpec> read = CallbacksFile.read(json("{\"callbacks\": [7, {\"description\": \"d\"},"
                + " {\"name\": \"comm_copy\", \"description\": \"d\", \"colour\": 1}]}"), problems);
        assertEquals(List.of("comm_copy"), List.copyOf(read.keySet()));
        assertEquals(List.of("callbacks.json: callback family #1: is a number (7), not an object",
                "callbacks.json: callback family #2: callback family lacks required field 'name'",
                "callbacks.json: comm_copy: callback family has unknown field 'colour' (allowed: name, trampolines, description)"),
                problems.sentences());
    }

    @Test
    void membersAreNamedWithinTheirEntry() throws Exception {
        Problems problems = new Problems();
        assertNull(NamedEntries.member(json("\"x\""), 2, "functions.json", "MPI_Send", "argument", List.of("name"),
                problems));
        JsonEntry tag = NamedEntries.member(json("{\"name\": \"tag\"}"), 3, "functions.json", "MPI_Send", "argument",
                List.of("name"), problems);
        tag.fault("is broken");
        assertEquals(List.of("functions.json: MPI_Send: argument #2 is a string, not an object",
                "functions.json: MPI_Send: argument 'tag' is broken"), problems.sentences());
    }
}
