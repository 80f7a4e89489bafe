package org.wi4mpi.gen.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns the calls of one rank, given in order of entry (see {@link ThreadMerge}), into its
 * {@link RankTimeline}, its sends and posted receives, its collective participations and the
 * communicators it made; everything stays with the scanner until the rank is read whole. Calls before
 * MPI_Init and after MPI_Finalize are not part of the graph. MPI_Waitall becomes one MPI_Wait per
 * request.
 */
final class RankScanner {

    private final RankTimeline timeline;
    private final DumpiFile file;
    private final Payloads payloads;
    private final Communicators comms;
    private final Requests requests = new Requests();
    final Messages messages = new Messages();
    final List<Collectives.Participation> participations = new ArrayList<>();
    private boolean started;
    private boolean finished;
    /** The thread of the call being scanned. */
    private int thread;

    RankScanner(int rank, int[] world, DumpiFile file) {
        this.timeline = new RankTimeline(rank);
        this.file = file;
        this.payloads = new Payloads(file);
        this.comms = new Communicators(rank, world, file);
    }

    RankTimeline timeline() {
        return timeline;
    }

    /** The communicators the rank made, in the order of its calls. */
    List<CommDef> communicators() {
        return comms.made;
    }

    void accept(CallRecord call) throws TraceFormatException {
        if (call.layout().label() >= DumpiCalls.ALL_FUNCTIONS) {
            return; // entry and exit of instrumented user functions: no MPI operation
        }
        OpClass op = OpClass.of(call.name());
        if (!started) {
            if (op == OpClass.INIT) {
                started = true;
                timeline.initName = call.name();
                timeline.initEnd = call.wallStop();
            }
            return;
        }
        if (finished) {
            return;
        }
        thread = call.thread();
        switch (op) {
            case INIT -> throw new TraceFormatException(file.file(), call.offset(), call.name() + " after MPI_Init");
            case FINALIZE -> {
                finished = true;
                timeline.finalizeStart = call.wallStart();
            }
            case COLLECTIVE -> collective(call);
            case LOCAL -> local(call);
        }
    }

    /** Checks the rank's trace is complete once its stream has ended. */
    void finish() throws TraceFormatException {
        if (!started) {
            throw new TraceFormatException(file.file() + ": the trace has no MPI_Init record, so it cannot be joined to the others.");
        }
        if (!finished) {
            throw new TraceFormatException(file.file() + ": the trace has no MPI_Finalize record (the program stopped early?).");
        }
    }

    private void collective(CallRecord call) throws TraceFormatException {
        CommDef comm = comms.use(call, call.intValue("comm"), false);
        int slot = timeline.add(call.name(), call.wallStart(), call.wallStop(), RankTimeline.COLLECTIVE_PENDING, thread);
        participations.add(new Collectives.Participation(comm, comm.collectives++, call.name(), payloads.collective(call), slot,
                file.file(), call.offset()));
    }

    private int add(CallRecord call) {
        return timeline.add(call.name(), call.wallStart(), call.wallStop(), RankTimeline.NOT_COLLECTIVE, thread);
    }

    private void local(CallRecord call) throws TraceFormatException {
        switch (call.name()) {
            case "MPI_Send", "MPI_Bsend", "MPI_Ssend", "MPI_Rsend" -> send(call, add(call), "tag");
            case "MPI_Isend", "MPI_Ibsend", "MPI_Issend", "MPI_Irsend" -> send(call, add(call), "tag");
            case "MPI_Recv" -> post(call, add(call), call.intValue("source"), "tag", -1);
            case "MPI_Irecv" -> {
                add(call); // a vertex of its own; its receive completes at the Wait/Test of its request
                post(call, -1, call.intValue("source"), "tag", call.intValue("request"));
            }
            case "MPI_Sendrecv", "MPI_Sendrecv_replace" -> {
                int slot = add(call);
                send(call, slot, "sendtag");
                post(call, slot, call.intValue("source"), "recvtag", -1);
            }
            case "MPI_Send_init", "MPI_Bsend_init", "MPI_Ssend_init", "MPI_Rsend_init" -> {
                add(call);
                requests.persistent(call.intValue("request"), new Requests.Template(true, call.intValue("dest"),
                        call.intValue("tag"), comms.use(call, call.intValue("comm"), true),
                        payloads.bytes(call, call.intValue("count"), call.intValue("datatype"))));
            }
            case "MPI_Recv_init" -> {
                add(call);
                requests.persistent(call.intValue("request"), new Requests.Template(false, call.intValue("source"),
                        call.intValue("tag"), comms.use(call, call.intValue("comm"), true), 0));
            }
            case "MPI_Start" -> start(call, add(call), call.intValue("request"));
            case "MPI_Startall" -> {
                int slot = add(call);
                for (int request : call.array("requests")) {
                    start(call, slot, request);
                }
            }
            case "MPI_Wait" -> requests.complete(call.intValue("request"), add(call), status(call, 0));
            case "MPI_Test" -> {
                int slot = add(call);
                if (call.intValue("flag") != 0) {
                    requests.complete(call.intValue("request"), slot, status(call, 0));
                }
            }
            case "MPI_Waitall" -> waitall(call);
            case "MPI_Testall" -> {
                int slot = add(call);
                if (call.intValue("flag") != 0) {
                    int[] reqs = call.array("requests");
                    for (int i = 0; i < reqs.length; i++) {
                        requests.complete(reqs[i], slot, status(call, i));
                    }
                }
            }
            case "MPI_Waitany", "MPI_Testany" -> {
                int slot = add(call);
                int[] reqs = call.array("requests");
                int index = call.intValue("index");
                boolean done = !call.name().equals("MPI_Testany") || call.intValue("flag") != 0;
                if (done && index >= 0 && index < reqs.length) {
                    requests.complete(reqs[index], slot, status(call, 0));
                }
            }
            case "MPI_Waitsome", "MPI_Testsome" -> {
                int slot = add(call);
                int[] reqs = call.array("requests");
                int[] indices = call.array("indices");
                for (int k = 0; k < indices.length && k < call.intValue("outcount"); k++) {
                    if (indices[k] >= 0 && indices[k] < reqs.length) {
                        requests.complete(reqs[indices[k]], slot, status(call, k));
                    }
                }
            }
            case "MPI_Request_free" -> {
                add(call);
                requests.free(call.intValue("request"));
            }
            default -> {
                add(call);
                comms.record(call); // communicator and group calls: what they make or free
            }
        }
    }

    private void waitall(CallRecord call) {
        int[] reqs = call.array("requests");
        if (reqs.length == 0) {
            timeline.add("MPI_Wait", call.wallStart(), call.wallStop(), RankTimeline.NOT_COLLECTIVE, thread);
            return;
        }
        for (int i = 0; i < reqs.length; i++) {
            // the first Wait spans the Waitall; the others follow it with no gap
            long start = i == 0 ? call.wallStart() : call.wallStop();
            int slot = timeline.add("MPI_Wait", start, call.wallStop(), RankTimeline.NOT_COLLECTIVE, thread);
            requests.complete(reqs[i], slot, status(call, i));
        }
    }

    private static CallRecord.Status status(CallRecord call, int i) {
        CallRecord.Status[] statuses = call.statuses();
        return i < statuses.length ? statuses[i] : null;
    }

    private void send(CallRecord call, int slot, String tagField) throws TraceFormatException {
        boolean sendrecv = call.name().startsWith("MPI_Sendrecv");
        String countField = call.name().equals("MPI_Sendrecv") ? "sendcount" : "count";
        String typeField = call.name().equals("MPI_Sendrecv") ? "sendtype" : "datatype";
        CommDef comm = comms.use(call, call.intValue("comm"), true);
        long bytes = payloads.bytes(call, call.intValue(countField), call.intValue(typeField));
        addSend(slot, call.intValue("dest"), call.intValue(sendrecv ? "sendtag" : tagField), comm, bytes, sendrecv);
        if (call.layout().indexOf("request") >= 0 && !sendrecv) {
            requests.free(call.intValue("request"));
        }
    }

    private void addSend(int slot, int dest, int tag, CommDef comm, long bytes, boolean atEntry) {
        if (dest < 0) {
            return; // MPI_PROC_NULL
        }
        messages.sends.add(new Messages.Send(timeline.rank, slot, dest, tag, comm, bytes, atEntry));
    }

    private void post(CallRecord call, int slot, int source, String tagField, int request) throws TraceFormatException {
        CommDef comm = comms.use(call, call.intValue("comm"), true);
        Messages.Receive receive = new Messages.Receive(timeline.rank, source, call.intValue(tagField), comm);
        messages.receives.add(receive);
        if (slot < 0) {
            requests.receive(request, receive);
        } else {
            receive.slot = slot;
            receive.completeWith(status(call, 0));
        }
    }

    private void start(CallRecord call, int slot, int request) {
        Requests.Template template = requests.template(request);
        if (template == null) {
            return; // a request started before tracing was on: nothing to match
        }
        if (template.send()) {
            addSend(slot, template.peer(), template.tag(), template.comm(), template.bytes(), false);
        } else {
            Messages.Receive receive = new Messages.Receive(timeline.rank, template.peer(), template.tag(), template.comm());
            messages.receives.add(receive);
            requests.receive(request, receive);
        }
    }
}
