package org.wi4mpi.gen.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * The requests of one rank by DUMPI request id: the receive each one completes, and the templates of
 * persistent requests that MPI_Start turns into sends and receives.
 */
final class Requests {

    /** A persistent request's arguments: a send template (dest set) or a receive template. */
    record Template(boolean send, int peer, int tag, CommDef comm, long bytes) {
    }

    private final Map<Integer, Messages.Receive> pendingReceives = new HashMap<>();
    private final Map<Integer, Template> templates = new HashMap<>();

    void receive(int request, Messages.Receive receive) {
        pendingReceives.put(request, receive);
    }

    void persistent(int request, Template template) {
        templates.put(request, template);
    }

    Template template(int request) {
        return templates.get(request);
    }

    /** Completes a request at a slot; a status, when recorded, gives the actual source. */
    void complete(int request, int slot, CallRecord.Status status) {
        Messages.Receive receive = pendingReceives.remove(request);
        if (receive == null) {
            return;
        }
        receive.slot = slot;
        receive.completeWith(status);
    }

    /** MPI_Request_free: a persistent request goes away; an active receive stays unmatched. */
    void free(int request) {
        templates.remove(request);
        pendingReceives.remove(request);
    }
}
