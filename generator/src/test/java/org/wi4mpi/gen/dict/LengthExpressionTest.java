package org.wi4mpi.gen.dict;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LengthExpressionTest {

    @Test
    void everyFormIsRecognised() {
        assertEquals(new LengthExpression(LengthExpression.Form.ARGUMENT, "count", 0),
                LengthExpression.parse("count").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.DEREFERENCED_ARGUMENT, "outcount", 0),
                LengthExpression.parse("*outcount").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.COMM_SIZE, "comm", 0),
                LengthExpression.parse("@comm_size(comm)").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.COMM_REMOTE_SIZE, "intercomm", 0),
                LengthExpression.parse("@comm_remote_size( intercomm )").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.COMM_PEERS, "comm", 0),
                LengthExpression.parse("@comm_peers(comm)").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.COMM_INDEGREE, "comm", 0),
                LengthExpression.parse("@comm_indegree(comm)").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.COMM_OUTDEGREE, "comm", 0),
                LengthExpression.parse("@comm_outdegree( comm )").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.SUM, "array_of_maxprocs", 0, "count"),
                LengthExpression.parse("@sum( array_of_maxprocs , count)").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.FIXED, null, 3),
                LengthExpression.parse("@fixed(3)").orElseThrow());
        assertEquals(new LengthExpression(LengthExpression.Form.ROOT_PEERS, "comm", 0, "root"),
                LengthExpression.parse("@root_peers(comm, root)").orElseThrow());
    }

    @Test
    void onlyCommunicatorFormsNameACommunicator() {
        assertTrue(LengthExpression.parse("@comm_peers(comm)").orElseThrow().namesCommunicator());
        assertTrue(LengthExpression.parse("@comm_indegree(comm)").orElseThrow().namesCommunicator());
        assertTrue(LengthExpression.parse("@comm_outdegree(comm)").orElseThrow().namesCommunicator());
        assertFalse(LengthExpression.parse("*outcount").orElseThrow().namesCommunicator());
        assertFalse(LengthExpression.parse("@sum(maxprocs, count)").orElseThrow().namesCommunicator());
    }

    @Test
    void aLengthTheLoaderAcceptedIsReadAndAMalformedOneIsAFault() {
        assertEquals(new LengthExpression(LengthExpression.Form.ROOT_PEERS, "comm", 0, "root"),
                LengthExpression.of("@root_peers(comm, root)"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> LengthExpression.of("count + 1"));
        assertEquals("malformed length 'count + 1'", e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "@comm_sizes(comm)", "@fixed(0)", "@fixed(n)", "**count", "count + 1",
            "@comm_size()", "2", "@comm_degree(comm)", "@comm_indegree()",
            "@sum(maxprocs)", "@sum(maxprocs, 2)", "@sum(*maxprocs, count)"})
    void malformedFormsAreRejected(String text) {
        assertTrue(LengthExpression.parse(text).isEmpty(), text);
    }
}
